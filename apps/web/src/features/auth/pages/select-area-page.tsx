import { useT } from '../../../shared/i18n';
import { ROUTES } from '../../../shared/routes';
import { useSession } from '../../../shared/store/session';
import { PageContainer, useGoBack } from '../../../shared/ui';
import { CountryList } from '../components/country-picker';

/** /pages/login/selectAreaNum: choose the country and phone prefix, then return. */
export default function SelectAreaPage() {
  const t = useT();
  const goBack = useGoBack();
  const setCountry = useSession((s) => s.setCountry);
  return (
    <PageContainer title={t('auth.selectCountries')}>
      <div data-testid="select-area">
        <CountryList
          onChoose={(country) => {
            setCountry(country);
            goBack({ fallbackUrl: ROUTES.loginRegister });
          }}
        />
      </div>
    </PageContainer>
  );
}
