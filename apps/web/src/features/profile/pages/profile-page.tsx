import { Button } from 'antd-mobile';
import { useUserInfo } from '../../../shared/api/user-info';
import { useWalletInfo } from '../../../shared/api/wallet-info';
import { openLoginPanel } from '../../../shared/auth/login-panel-store';
import { useT } from '../../../shared/i18n';
import { formatMoney } from '../../../shared/money';
import { ROUTES } from '../../../shared/routes';
import {
  BellIcon,
  copyText,
  CopyIcon,
  EditIcon,
  HeadsetIcon,
  HistoryIcon,
  MegaphoneIcon,
  MenuList,
  MenuRow,
  PageContainer,
  PlusSquareIcon,
  SettingsIcon,
  ShieldIcon,
  showToast,
  WalletIcon,
} from '../../../shared/ui';
import { Avatar } from '../components/avatar';
import { useMessages } from '../api/messages';

function SignedInHead() {
  const t = useT();
  const user = useUserInfo();
  if (!user) return null;
  const copy = async () => {
    showToast(t((await copyText(user.inviteCode)) ? 'profile.inviteCopied' : 'profile.copyFailed'));
  };
  return (
    <section className="ds-profile__head" data-testid="profile-user">
      <Avatar src={user.avatar} />
      <div className="ds-profile__who">
        <h1 className="ds-profile__name" data-testid="profile-nickname">
          {user.nickname}
        </h1>
        <div className="ds-muted" data-testid="profile-id">
          {t('profile.id', { id: user.userId })}
        </div>
        <div className="ds-profile__invite">
          <span className="ds-muted">{t('profile.inviteCode')}</span>
          <strong data-testid="profile-invite-code">{user.inviteCode}</strong>
          <button
            type="button"
            className="ds-icon-button ds-icon-button--small"
            aria-label={t('profile.copyInvite')}
            data-testid="profile-copy-invite"
            onClick={() => void copy()}
          >
            <CopyIcon />
          </button>
        </div>
        <span className="ds-badge" data-testid="profile-membership">
          {t('profile.ordinaryUser')}
        </span>
      </div>
    </section>
  );
}

/** The wallet row: the balance at a glance, the wallet one tap away. */
function WalletRow() {
  const t = useT();
  const wallet = useWalletInfo();
  return (
    <MenuRow
      icon={<WalletIcon />}
      title={t('wallet.title')}
      extra={
        wallet.data ? (
          <strong className="ds-profile__balance" data-testid="profile-balance">
            {formatMoney(wallet.data.balance, wallet.data.currency)}
          </strong>
        ) : undefined
      }
      to={ROUTES.wallet}
      testId="profile-wallet"
    />
  );
}

function GuestHead() {
  const t = useT();
  return (
    <section className="ds-profile__head" data-testid="profile-guest">
      <Avatar src={null} />
      <div className="ds-profile__who">
        <h1 className="ds-profile__name">{t('profile.guest')}</h1>
        <Button
          color="primary"
          size="small"
          shape="rounded"
          className="ds-profile__login"
          data-testid="profile-login"
          onClick={() => openLoginPanel()}
        >
          {t.message('PleaseLogInFirst')}
        </Button>
      </div>
    </section>
  );
}

export default function ProfilePage() {
  const t = useT();
  const user = useUserInfo();
  const messages = useMessages(1);
  const unread = messages.data?.unread ?? 0;
  return (
    <PageContainer className="ds-profile">
      {user ? <SignedInHead /> : <GuestHead />}
      {user && (
        <MenuList>
          <WalletRow />
        </MenuList>
      )}
      <MenuList>
        <MenuRow
          icon={<HistoryIcon />}
          title={t('history.title')}
          extra={t('history.rowHint')}
          to={ROUTES.history}
          testId="profile-history"
        />
        <MenuRow
          icon={<MegaphoneIcon />}
          title={t('promote.title')}
          to={ROUTES.dramas}
          testId="profile-dramas"
        />
      </MenuList>
      <MenuList>
        {user && (
          <>
            <MenuRow
              icon={<BellIcon />}
              title={t('messages.title')}
              extra={unread > 0 ? <span className="ds-count">{unread}</span> : undefined}
              to={ROUTES.messages}
              testId="profile-messages"
            />
            <MenuRow
              icon={<EditIcon />}
              title={t('editUser.title')}
              to={ROUTES.editUser}
              testId="profile-edit"
            />
          </>
        )}
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
      <MenuList>
        <MenuRow
          icon={<HeadsetIcon />}
          title={t('contactUs.title')}
          to={ROUTES.contactUs}
          testId="profile-contact"
        />
        <MenuRow
          icon={<PlusSquareIcon />}
          title={t('addTo.title')}
          to={ROUTES.addTo}
          testId="profile-add-to"
        />
      </MenuList>
    </PageContainer>
  );
}
