import { APP_VERSION, LANGUAGES, localeOf } from '@dramastar/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Switch } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useUserInfo } from '../../../shared/api/user-info';
import { useT } from '../../../shared/i18n';
import { ROUTES } from '../../../shared/routes';
import { useSession } from '../../../shared/store/session';
import { dataSaverOn, useQuality } from '../../../shared/store/video-quality';
import { ConfirmPopup, MenuList, MenuRow, PageContainer, showToast } from '../../../shared/ui';
import { logout } from '../api/account-calls';
import { clearCache, formatBytes } from '../lib/clear-cache';

function AccountSection() {
  const t = useT();
  const user = useUserInfo();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [leaving, setLeaving] = useState(false);
  if (!user) return null;

  const logOut = async () => {
    setLeaving(true);
    try {
      // The server ends the session; whatever it answers, this device forgets it.
      await logout().catch(() => undefined);
    } finally {
      useSession.getState().logout();
      queryClient.clear();
      setLeaving(false);
      setConfirming(false);
      void navigate(ROUTES.profile, { replace: true });
    }
  };

  return (
    <>
      <h2 className="ds-section-title">{t('settings.account')}</h2>
      <MenuList>
        <MenuRow title={t('editUser.title')} to={ROUTES.editUser} testId="settings-edit-profile" />
        <MenuRow
          title={t('inviteBind.title')}
          extra={user.inviterCode ?? undefined}
          to={ROUTES.inviteCode}
          testId="settings-invite-code"
        />
        <MenuRow title={t('bind.title')} to={ROUTES.bindMethods} testId="settings-login-methods" />
        <MenuRow title={t('bankCard.title')} to={ROUTES.cardList} testId="settings-bank-cards" />
        <MenuRow
          title={t('settings.withdrawalPassword')}
          to={ROUTES.walletPay}
          testId="settings-pay-password"
        />
        {user.hasPassword && (
          <MenuRow title={t('password.title')} to={ROUTES.changePassword} testId="settings-change-password" />
        )}
        <MenuRow
          title={t('cancellation.title')}
          to={ROUTES.accountCancellation}
          testId="settings-cancellation"
        />
        <MenuRow title={t('settings.logout')} onClick={() => setConfirming(true)} testId="settings-logout" />
      </MenuList>
      <ConfirmPopup
        visible={confirming}
        title={t('settings.logoutConfirmTitle')}
        content={t('settings.logoutConfirmText')}
        confirmText={t('settings.logout')}
        confirmLoading={leaving}
        onConfirm={() => void logOut()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

export default function SettingsPage() {
  const t = useT();
  const queryClient = useQueryClient();
  const theme = useSession((s) => s.theme);
  const setTheme = useSession((s) => s.setTheme);
  // On where the browser asks to save data, until the viewer sets it.
  const dataSaver = useQuality((s) => dataSaverOn(s));
  const [clearing, setClearing] = useState(false);
  const [busy, setBusy] = useState(false);
  const languageName = LANGUAGES.find((l) => l.key === t.language)?.name;

  const clear = async () => {
    setBusy(true);
    try {
      const bytes = await clearCache(queryClient);
      showToast(t('settings.cacheCleared', { size: formatBytes(bytes, localeOf(t.language)) }));
    } finally {
      setBusy(false);
      setClearing(false);
    }
  };

  return (
    <PageContainer title={t('settings.title')} backUrl={ROUTES.profile}>
      <AccountSection />
      <h2 className="ds-section-title">{t('settings.general')}</h2>
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
        <MenuRow
          title={t('settings.dataSaver')}
          extra={
            <Switch
              checked={dataSaver}
              onChange={(on) => useQuality.getState().setDataSaver(on)}
              aria-label={t('settings.dataSaver')}
              data-testid="settings-data-saver"
            />
          }
        />
        <MenuRow
          title={t('settings.clearCache')}
          onClick={() => setClearing(true)}
          testId="settings-clear-cache"
        />
        <MenuRow title={t('aboutUs.title')} to={ROUTES.aboutUs} testId="settings-about" />
        <MenuRow title={t('privacy.title')} to={ROUTES.privacy} testId="settings-privacy" />
        <MenuRow title={t('settings.version')} extra={APP_VERSION} testId="settings-version" />
      </MenuList>
      <ConfirmPopup
        visible={clearing}
        title={t('settings.clearCacheConfirmTitle')}
        content={t('settings.clearCacheConfirmText')}
        confirmText={t('settings.clearCache')}
        confirmLoading={busy}
        onConfirm={() => void clear()}
        onCancel={() => setClearing(false)}
      />
    </PageContainer>
  );
}
