import { useT } from '../../../shared/i18n';
import { ROUTES } from '../../../shared/routes';
import { useSession } from '../../../shared/store/session';
import { PageContainer, useGoBack } from '../../../shared/ui';
import { CountryList } from '../components/country-picker';

/**
 * /choose-location: the viewer's country (flag, name, phone prefix), the one sign-up and the
 * login panel start from; back to where the viewer came from.
 */
export default function ChooseLocationPage() {
  const t = useT();
  const goBack = useGoBack();
  const setCountry = useSession((s) => s.setCountry);
  return (
    <PageContainer title={t('location.chooseTitle')}>
      <div data-testid="choose-location">
        <CountryList
          onChoose={(country) => {
            setCountry(country);
            goBack({ fallbackUrl: ROUTES.home });
          }}
        />
      </div>
    </PageContainer>
  );
}
