import type { TranslationKey } from '../../../shared/i18n';
import { useT } from '../../../shared/i18n';
import { ROUTES } from '../../../shared/routes';
import { useSession } from '../../../shared/store/session';
import { PageContainer, useGoBack } from '../../../shared/ui';
import { CountryList } from '../components/country-picker';

/** Choose the country (flag, name, phone prefix), then back where the viewer came from. */
export function CountryPage({
  title,
  fallbackUrl,
  testId,
}: {
  title: TranslationKey;
  fallbackUrl: string;
  testId: string;
}) {
  const t = useT();
  const goBack = useGoBack();
  const setCountry = useSession((s) => s.setCountry);
  return (
    <PageContainer title={t(title)}>
      <div data-testid={testId}>
        <CountryList
          onChoose={(country) => {
            setCountry(country);
            goBack({ fallbackUrl });
          }}
        />
      </div>
    </PageContainer>
  );
}

/** /pages/login/selectAreaNum: the country and phone prefix of a sign-up, then back to it. */
export default function SelectAreaPage() {
  return <CountryPage title="auth.selectCountries" fallbackUrl={ROUTES.loginRegister} testId="select-area" />;
}
