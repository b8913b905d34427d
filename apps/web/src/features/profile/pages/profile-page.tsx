import { Button } from 'antd-mobile';
import { TIER_LABELS, useMembershipStatus } from '../../../shared/api/membership-status';
import { useUserInfo } from '../../../shared/api/user-info';
import { useWalletInfo } from '../../../shared/api/wallet-info';
import { useLastKnown } from '../../../shared/network/last-known';
import { openLoginPanel } from '../../../shared/auth/login-panel-store';
import { useT } from '../../../shared/i18n';
import { formatMoney } from '../../../shared/money';
import { ROUTES } from '../../../shared/routes';
import { daysLeft, useNow } from '../../../shared/time';
import { ChatUnreadBadge } from '../../../shared/support/chat-unread';
import {
  AwardIcon,
  BellIcon,
  copyText,
  CoinsIcon,
  CopyIcon,
  EditIcon,
  HeadsetIcon,
  HistoryIcon,
  MegaphoneIcon,
  MenuList,
  MenuRow,
  PageContainer,
  PieChartIcon,
  PlusSquareIcon,
  SettingsIcon,
  ShieldIcon,
  showToast,
  StarIcon,
  TicketIcon,
  TrophyIcon,
  UserPlusIcon,
  UsersIcon,
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
        <MembershipBadge />
      </div>
    </section>
  );
}

/** The active tier (or a running trial, or "Ordinary user") once the membership is known. */
function MembershipBadge() {
  const t = useT();
  // Offline or unreachable: the card last known, marked as such, rather than no badge at all.
  const status = useLastKnown('membership', useMembershipStatus());
  if (!status.data) return null;
  const { active, trial } = status.data;
  return (
    <span
      className={status.stale ? 'ds-badge ds-badge--stale' : 'ds-badge'}
      data-testid="profile-membership"
      data-stale={status.stale}
    >
      {active
        ? t(TIER_LABELS[active.tier])
        : t(trial.activeUntil ? 'membership.trialBadge' : 'profile.ordinaryUser')}
      {status.stale && <span className="ds-visually-hidden"> ({t('offline.lastKnown')})</span>}
    </span>
  );
}

/** Star Card: the active tier and its days left, or the way to get one; then points and trial cards. */
function MembershipRows() {
  const t = useT();
  const status = useMembershipStatus();
  const active = status.data?.active ?? null;
  const now = useNow();
  const days = active ? daysLeft(active.endsAt, now) : 0;
  return (
    <>
      <MenuRow
        icon={<StarIcon />}
        title={active ? t(TIER_LABELS[active.tier]) : t('membership.profileRow')}
        extra={
          status.data ? (
            <span className={active ? undefined : 'ds-link'} data-testid="profile-star-card-extra">
              {active
                ? t(days === 1 ? 'membership.dayLeft' : 'membership.daysLeft', { days })
                : t('membership.getStarCard')}
            </span>
          ) : undefined
        }
        to={ROUTES.starCards}
        testId="profile-star-card"
      />
      <MenuRow
        icon={<TicketIcon />}
        title={t('pointsTrial.profileRow')}
        to={ROUTES.pointsTrial}
        testId="profile-points-trial"
      />
    </>
  );
}

/** The wallet row: the balance at a glance, the wallet one tap away. */
function WalletRow() {
  const t = useT();
  // Offline or unreachable: the balance last known, marked as such, rather than nothing.
  const wallet = useLastKnown('wallet', useWalletInfo());
  return (
    <MenuRow
      icon={<WalletIcon />}
      title={t('wallet.title')}
      extra={
        wallet.data ? (
          <span className="ds-profile__balance-box">
            <strong className="ds-profile__balance" data-testid="profile-balance" data-stale={wallet.stale}>
              {formatMoney(wallet.data.balance, wallet.data.currency)}
            </strong>
            {wallet.stale && (
              <span className="ds-profile__stale" data-testid="profile-balance-stale">
                {t('offline.lastKnown')}
              </span>
            )}
          </span>
        ) : undefined
      }
      to={ROUTES.wallet}
      testId="profile-wallet"
    />
  );
}

/** The team and what it earns: team, invitations, copyrights, salary, dividend, leaders. */
function TeamRows() {
  const t = useT();
  return (
    <MenuList label={t('team.profileSection')}>
      <MenuRow icon={<UsersIcon />} title={t('team.title')} to={ROUTES.myTeam} testId="profile-team" />
      <MenuRow
        icon={<UserPlusIcon />}
        title={t('inviteFriend.title')}
        to={ROUTES.inviteFriend}
        testId="profile-invite-friends"
      />
      <MenuRow
        icon={<AwardIcon />}
        title={t('copyright.title')}
        to={ROUTES.copyrightCenter}
        testId="profile-copyrights"
      />
      <MenuRow
        icon={<CoinsIcon />}
        title={t('salary.title')}
        to={ROUTES.monthlySalary}
        testId="profile-salary"
      />
      <MenuRow
        icon={<PieChartIcon />}
        title={t('dividend.title')}
        to={ROUTES.dividend}
        testId="profile-dividend"
      />
      <MenuRow
        icon={<TrophyIcon />}
        title={t('leader.title')}
        to={ROUTES.millionLeader}
        testId="profile-leader"
      />
    </MenuList>
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
          <MembershipRows />
        </MenuList>
      )}
      {user && <TeamRows />}
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
          extra={user ? <ChatUnreadBadge testId="profile-chat-unread" /> : undefined}
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
