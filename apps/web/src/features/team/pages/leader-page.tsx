import { useT } from '../../../shared/i18n';
import { formatMoney } from '../../../shared/money';
import { ROUTES } from '../../../shared/routes';
import { EmptyState, HeroCard, TrophyIcon, UsersIcon } from '../../../shared/ui';
import { useLeaderBoard } from '../api/team';
import { MemberAvatar } from '../components/member-avatar';
import { LoadError, Loading, Progress, TeamPage } from '../components/shell';
import { formatCount, formatProgress } from '../lib/format';

function LeaderContent() {
  const t = useT();
  const query = useLeaderBoard();
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const board = query.data;
  const money = (amount: string) => formatMoney(amount, board.currency);
  return (
    <>
      <HeroCard className="ds-team-hero" testId="leader-me">
        <div className="ds-team-hero__label">
          <TrophyIcon /> {t('leader.goalLabel')}
        </div>
        <div className="ds-team-hero__value" data-testid="leader-goal">
          {money(board.goal)}
        </div>
        <p className="ds-team-hero__foot">{t('leader.goalText', { goal: money(board.goal) })}</p>
        <div className="ds-leader-me">
          <div className="ds-leader-me__row">
            <span>{t('leader.myProgress')}</span>
            <strong data-testid="leader-my-progress">{formatProgress(board.me.progress, t.language)}</strong>
          </div>
          <Progress value={board.me.progress} label={t('leader.myProgress')} testId="leader-my-bar" />
          <div className="ds-leader-me__row ds-leader-me__row--small">
            <span data-testid="leader-my-team">
              {t('leader.teamSize', { count: formatCount(board.me.teamSize, t.language) })}
            </span>
            <span data-testid="leader-my-purchase">
              {t('leader.teamPurchase', { amount: money(board.me.teamPurchase) })}
            </span>
          </div>
        </div>
      </HeroCard>
      <h2 className="ds-section-title">{t('leader.top')}</h2>
      {board.leaders.length === 0 ? (
        <EmptyState testId="leader-empty" icon={<UsersIcon />} title={t('leader.empty')} />
      ) : (
        <ol className="ds-card-list ds-leaders" data-testid="leaders">
          {board.leaders.map((leader) => (
            <li className="ds-leader" key={leader.rank} data-testid={`leader-${leader.rank}`}>
              <span
                className={leader.rank <= 3 ? `ds-rank ds-rank--${leader.rank}` : 'ds-rank'}
                aria-label={t('leader.rank', { rank: leader.rank })}
              >
                {leader.rank}
              </span>
              <MemberAvatar src={leader.avatar} size={40} />
              <div className="ds-leader__main">
                <div className="ds-leader__row">
                  <span className="ds-row-title">{leader.nickname}</span>
                  <span className="ds-muted">{formatProgress(leader.progress, t.language)}</span>
                </div>
                <Progress value={leader.progress} label={t('leader.progressOf', { name: leader.nickname })} />
                <div className="ds-leader__row ds-muted">
                  <span data-testid={`leader-${leader.rank}-team`}>
                    {t('leader.teamSize', { count: formatCount(leader.teamSize, t.language) })}
                  </span>
                  <span data-testid={`leader-${leader.rank}-purchase`}>{money(leader.teamPurchase)}</span>
                </div>
              </div>
            </li>
          ))}
        </ol>
      )}
      <p className="ds-team-note">{t('leader.note')}</p>
    </>
  );
}

/**
 * /pages/profile/components/millionLeader: the leader programme: the goal in team copyright
 * purchases, the user's progress, and the largest teams of the site with theirs.
 */
export default function LeaderPage() {
  const t = useT();
  return (
    <TeamPage title={t('leader.title')} backUrl={ROUTES.profile}>
      <LeaderContent />
    </TeamPage>
  );
}
