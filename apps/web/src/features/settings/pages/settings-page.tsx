import { APP_VERSION, LANGUAGES } from '@dramastar/contract';
import { Switch } from 'antd-mobile';
import { useT } from '../../../shared/i18n';
import { ROUTES } from '../../../shared/routes';
import { useSession } from '../../../shared/store/session';
import { MenuList, MenuRow, PageContainer } from '../../../shared/ui';

export default function SettingsPage() {
  const t = useT();
  const theme = useSession((s) => s.theme);
  const setTheme = useSession((s) => s.setTheme);
  const languageName = LANGUAGES.find((l) => l.key === t.language)?.name;

  return (
    <PageContainer title={t('settings.title')} backUrl={ROUTES.profile}>
      <MenuList>
        <MenuRow
          title={t('settings.language')}
          extra={languageName}
          to={ROUTES.language}
          testId="settings-language"
        />
        <MenuRow
          title={t('settings.lightMode')}
          extra={
            <Switch
              checked={theme === 'light'}
              onChange={(light) => setTheme(light ? 'light' : 'dark')}
              aria-label={t('settings.lightMode')}
              data-testid="settings-light-mode"
            />
          }
        />
        <MenuRow title={t('privacy.title')} to={ROUTES.privacy} testId="settings-privacy" />
        <MenuRow title={t('settings.version')} extra={APP_VERSION} testId="settings-version" />
      </MenuList>
    </PageContainer>
  );
}
