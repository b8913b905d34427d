import { useT } from '../../../shared/i18n';
import { ROUTES } from '../../../shared/routes';
import { MenuList, MenuRow, PageContainer, SettingsIcon, ShieldIcon, UserIcon } from '../../../shared/ui';

export default function ProfilePage() {
  const t = useT();
  return (
    <PageContainer className="ds-profile">
      <section className="ds-profile__head" data-testid="profile-guest">
        <div className="ds-avatar" aria-hidden="true">
          <UserIcon />
        </div>
        <div className="ds-profile__who">
          <h1 className="ds-profile__name">{t('profile.guest')}</h1>
          <div className="ds-muted">{t.message('PleaseLogInFirst')}</div>
        </div>
      </section>
      <MenuList>
        <MenuRow
          icon={<SettingsIcon />}
          title={t('settings.title')}
          to={ROUTES.settings}
          testId="profile-settings"
        />
        <MenuRow
          icon={<ShieldIcon />}
          title={t('privacy.title')}
          to={ROUTES.privacy}
          testId="profile-privacy"
        />
      </MenuList>
    </PageContainer>
  );
}
