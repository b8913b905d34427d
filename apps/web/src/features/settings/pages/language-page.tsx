import { LANGUAGES } from '@dramastar/contract';
import { useT } from '../../../shared/i18n';
import { ROUTES } from '../../../shared/routes';
import { useSession } from '../../../shared/store/session';
import { MenuList, MenuRow, PageContainer, useGoBack } from '../../../shared/ui';

export default function LanguagePage() {
  const t = useT();
  const setLanguage = useSession((s) => s.setLanguage);
  const goBack = useGoBack();

  return (
    <PageContainer title={t('settings.language')}>
      <MenuList radio label={t('settings.language')}>
        {LANGUAGES.map((language) => (
          <MenuRow
            key={language.key}
            title={language.name}
            checked={language.key === t.language}
            testId={`language-${language.key}`}
            onClick={() => {
              setLanguage(language.key);
              goBack({ fallbackUrl: ROUTES.settings });
            }}
          />
        ))}
      </MenuList>
    </PageContainer>
  );
}
