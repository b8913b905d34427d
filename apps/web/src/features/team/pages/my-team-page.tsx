import type { api, CallResult, CurrencyKey } from '@dramastar/contract';
import { Button } from 'antd-mobile';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useT } from '../../../shared/i18n';
import { formatMoney } from '../../../shared/money';
import { ROUTES } from '../../../shared/routes';
import {
  CopyIcon,
  HeroCard,
  LinkIcon,
  MenuList,
  MenuRow,
  ReceiptIcon,
  SearchIcon,
  UserPlusIcon,
  UsersIcon,
} from '../../../shared/ui';
import { useTeamLevels, useTeamMembers, useTeamStatus } from '../api/team';
import { useCopyInvite } from '../components/copy-invite';
import { LevelTabs } from '../components/level-tabs';
import { MemberRow } from '../components/member-row';
import { LoadError, Loading, Paged, Stat, StatGrid, TeamPage } from '../components/shell';
import { RewardLevelsNotice } from '../components/star-card-notice';
import { formatCount, formatDate } from '../lib/format';

type TeamStatus = CallResult<typeof api.account.teamStatus>;
type LevelStats = CallResult<typeof api.account.teamLevelStatusStatistic>['levels'];

function TeamSummary({ status }: { status: TeamStatus }) {
  const t = useT();
  const count = (n: number) => formatCount(n, t.language);
  const money = (amount: string) => formatMoney(amount, status.currency);
  return (
    <HeroCard className="ds-team-hero" testId="team-summary">
      <div className="ds-team-hero__label">
        <UsersIcon /> {t('team.teamSize')}
      </div>
      <div className="ds-team-hero__value" data-testid="team-size">
        {count(status.teamSize)}
      </div>
      <StatGrid columns={3}>
        <Stat label={t('team.direct')} value={count(status.directCount)} testId="team-direct" />
        <Stat label={t('team.active')} value={count(status.activeMembers)} testId="team-active" />
        <Stat label={t('team.newToday')} value={count(status.newToday)} testId="team-new-today" />
      </StatGrid>
      <StatGrid columns={2}>
        <Stat label={t('team.todayRevenue')} value={money(status.todayRevenue)} testId="team-today-revenue" />
        <Stat label={t('team.totalRevenue')} value={money(status.totalRevenue)} testId="team-total-revenue" />
      </StatGrid>
      {status.nextRelease && (
        <p className="ds-team-hero__foot" data-testid="team-held-revenue">
          {t('team.heldRevenue', {
            amount: money(status.heldRevenue),
            date: formatDate(status.nextRelease, t.language),
          })}
        </p>
      )}
      <p className="ds-team-hero__foot">{t('team.activeHint')}</p>
    </HeroCard>
  );
}

function InviteBlock({ status }: { status: TeamStatus }) {
  const t = useT();
  const navigate = useNavigate();
  const { copy, popup } = useCopyInvite();
  return (
    <section className="ds-team-invite" data-testid="team-invite">
      <div className="ds-team-invite__code">
        <span className="ds-muted">{t('team.myInviteCode')}</span>
        <strong data-testid="team-invite-code">{status.inviteCode}</strong>
        <button
          type="button"
          className="ds-icon-button ds-icon-button--small"
          aria-label={t('inviteFriend.copyCode')}
          data-testid="team-copy-code"
          onClick={() => copy(status.inviteCode, 'code')}
        >
          <CopyIcon />
        </button>
      </div>
      <div className="ds-team-invite__actions">
        <Button
          fill="outline"
          shape="rounded"
          size="small"
          data-testid="team-copy-link"
          onClick={() => copy(status.inviteLink, 'link')}
        >
          <LinkIcon /> {t('inviteFriend.copyLink')}
        </Button>
        <Button
          color="primary"
          shape="rounded"
          size="small"
          data-testid="team-invite-friends"
          onClick={() => void navigate(ROUTES.inviteFriend)}
        >
          <UserPlusIcon /> {t('inviteFriend.title')}
        </Button>
      </div>
      {popup}
    </section>
  );
}

function LevelStrip({
  stats,
  currency,
  level,
  rewardLevels,
}: {
  stats: LevelStats[number] | undefined;
  currency: CurrencyKey;
  level: number;
  rewardLevels: number;
}) {
  const t = useT();
  return (
    <>
      <StatGrid columns={3} testId="level-stats">
        <Stat
          label={t('team.levelMembers')}
          value={stats ? formatCount(stats.members, t.language) : '…'}
          testId="level-members"
        />
        <Stat
          label={t('team.active')}
          value={stats ? formatCount(stats.activeMembers, t.language) : '…'}
          testId="level-active"
        />
        <Stat
          label={t('team.levelRevenue')}
          value={stats ? formatMoney(stats.revenue, currency) : '…'}
          testId="level-revenue"
        />
      </StatGrid>
      {rewardLevels > 0 && level > rewardLevels && (
        <p className="ds-team-note" data-testid="level-not-paying">
          {t('team.levelNotPaying', { level, levels: rewardLevels })}{' '}
          <Link className="ds-link" to={ROUTES.starCards}>
            {t('team.upgradeCard')}
          </Link>
        </p>
      )}
    </>
  );
}

function LevelMembers({ level, currency }: { level: number; currency: CurrencyKey }) {
  const t = useT();
  const members = useTeamMembers(level);
  return (
    <Paged
      query={members}
      testId="team-members"
      empty={{ title: t('team.noMembersTitle'), description: t('team.noMembersText'), icon: <UsersIcon /> }}
      render={(member) => <MemberRow key={member.userId} member={member} currency={currency} />}
    />
  );
}

function levelOf(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 5 ? n : 1;
}

function MyTeamContent() {
  const t = useT();
  const status = useTeamStatus();
  const levels = useTeamLevels();
  const [params, setParams] = useSearchParams();
  const level = levelOf(params.get('level'));

  if (status.isPending) return <Loading />;
  if (status.isError) return <LoadError error={status.error} onRetry={() => void status.refetch()} />;
  const currency = status.data.currency;
  return (
    <>
      <TeamSummary status={status.data} />
      <RewardLevelsNotice rewardLevels={status.data.rewardLevels} />
      <InviteBlock status={status.data} />
      <Link className="ds-team-search-entry" to={ROUTES.myTeamSearch} data-testid="team-search-entry">
        <SearchIcon />
        <span>{t('team.searchPlaceholder')}</span>
      </Link>
      <MenuList>
        <MenuRow
          icon={<ReceiptIcon />}
          title={t('invitations.title')}
          extra={t('team.directCount', { count: status.data.directCount })}
          to={ROUTES.inviteDetails}
          testId="team-invitation-details"
        />
      </MenuList>
      <h2 className="ds-section-title">{t('team.byLevel')}</h2>
      <LevelTabs
        levels={levels.data?.levels}
        active={level}
        onChange={(next) => setParams(next === 1 ? {} : { level: String(next) }, { replace: true })}
      />
      {levels.isError ? (
        <LoadError error={levels.error} onRetry={() => void levels.refetch()} />
      ) : (
        <LevelStrip
          stats={levels.data?.levels.find((l) => l.level === level)}
          currency={levels.data?.currency ?? currency}
          level={level}
          rewardLevels={status.data.rewardLevels}
        />
      )}
      <div role="tabpanel" aria-label={t('team.levelN', { level })}>
        <LevelMembers key={level} level={level} currency={currency} />
      </div>
    </>
  );
}

/**
 * /pages/profile/myTeam/index: the team at a glance, the invite code and link, whether the
 * user's card pays rewards, and the members of each level 1-5 (level in the address).
 */
export default function MyTeamPage() {
  const t = useT();
  return (
    <TeamPage title={t('team.title')} backUrl={ROUTES.profile}>
      <MyTeamContent />
    </TeamPage>
  );
}
