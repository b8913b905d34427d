import { isMessageKey } from '@dramastar/contract';
import { Button } from 'antd-mobile';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../../../shared/i18n';
import { formatMoney } from '../../../shared/money';
import { ROUTES } from '../../../shared/routes';
import {
  CheckIcon,
  CoinsIcon,
  HeroCard,
  MenuList,
  MenuRow,
  ReceiptIcon,
  showToast,
} from '../../../shared/ui';
import { useClaimSalary, useSalaryStatus } from '../api/salary';
import { LoadError, Loading, Progress, Stat, StatGrid, TeamPage } from '../components/shell';
import { formatCount, formatDate, formatDateTime } from '../lib/format';
import { claimState, progressToward, reached, type SalaryStatus } from '../lib/salary';

/** Why the claim button is off (or that it is on), in words and with the way forward. */
function ClaimStateText({ status }: { status: SalaryStatus }) {
  const t = useT();
  const state = claimState(status);
  let text: ReactNode;
  switch (state.kind) {
    case 'claimable':
      text = t('salary.ready', { level: status.level });
      break;
    case 'needsCard':
      text = (
        <>
          {t('salary.needsCard')}{' '}
          <Link className="ds-link" to={ROUTES.starCards} data-testid="salary-get-card">
            {t('team.getStarCard')}
          </Link>
        </>
      );
      break;
    case 'notQualified': {
      const next = state.next;
      if (!next) {
        text = t.message('SalaryNotQualified');
        break;
      }
      const direct = Math.max(0, next.directStarMembers - status.directStarMembers);
      const team = Math.max(0, next.teamStarMembers - status.teamStarMembers);
      const key =
        direct > 0 && team > 0
          ? 'salary.notQualifiedNext'
          : direct > 0
            ? 'salary.notQualifiedDirect'
            : 'salary.notQualifiedTeam';
      text = t(key, { level: next.level, direct, team });
      break;
    }
    case 'tooSoon':
      text = t('salary.nextOn', { date: formatDate(state.nextClaimAt, t.language) });
      break;
  }
  return (
    <p
      className={state.kind === 'claimable' ? 'ds-claim__state ds-claim__state--ready' : 'ds-claim__state'}
      data-testid="salary-claim-state"
      data-state={state.kind}
    >
      {text}
    </p>
  );
}

function LevelCard({ status, level }: { status: SalaryStatus; level: SalaryStatus['levels'][number] }) {
  const t = useT();
  const done = reached(status, level);
  const current = status.level === level.level;
  const id = `salary-level-${level.level}`;
  const count = (n: number) => formatCount(n, t.language);
  return (
    <li
      className={current ? 'ds-salary-level ds-salary-level--current' : 'ds-salary-level'}
      data-testid={id}
      aria-current={current ? 'true' : undefined}
    >
      <div className="ds-salary-level__head">
        <span className="ds-salary-level__name">{t('team.levelN', { level: level.level })}</span>
        {done && (
          <span className="ds-state ds-state--open" data-testid={`${id}-reached`}>
            <CheckIcon /> {t('salary.reached')}
          </span>
        )}
        <strong className="ds-salary-level__amount">
          {t('salary.perMonth', { amount: formatMoney(level.amount, status.currency) })}
        </strong>
      </div>
      <div className="ds-salary-level__req">
        <span>{t('salary.directMembers')}</span>
        <span data-testid={`${id}-direct`}>
          {count(Math.min(status.directStarMembers, level.directStarMembers))} /{' '}
          {count(level.directStarMembers)}
        </span>
      </div>
      <Progress
        value={progressToward(status.directStarMembers, level.directStarMembers)}
        label={t('salary.directMembers')}
        tone={status.directStarMembers >= level.directStarMembers ? 'success' : 'brand'}
      />
      <div className="ds-salary-level__req">
        <span>{t('salary.teamMembers')}</span>
        <span data-testid={`${id}-team`}>
          {count(Math.min(status.teamStarMembers, level.teamStarMembers))} / {count(level.teamStarMembers)}
        </span>
      </div>
      <Progress
        value={progressToward(status.teamStarMembers, level.teamStarMembers)}
        label={t('salary.teamMembers')}
        tone={status.teamStarMembers >= level.teamStarMembers ? 'success' : 'brand'}
      />
    </li>
  );
}

function SalaryContent() {
  const t = useT();
  const query = useSalaryStatus();
  const { busy, claim } = useClaimSalary();
  const [result, setResult] = useState<{ amount: string; balance: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const status = query.data;
  const money = (amount: string) => formatMoney(amount, status.currency);

  const onClaim = async () => {
    setError(null);
    const outcome = await claim();
    if (outcome === null) return;
    if (outcome.ok) {
      const { record, balance } = outcome.answer;
      setResult({ amount: record.amount, balance });
      showToast(t('salary.claimed', { amount: money(record.amount) }));
      return;
    }
    if (outcome.errorKey === null) setError(t('common.networkError'));
    else if (outcome.errorKey === 'MembershipRequired') setError(t('salary.needsCard'));
    else if (outcome.errorKey === 'SalaryTooSoon') setError(t('salary.tooSoon'));
    else setError(isMessageKey(outcome.errorKey) ? t.message(outcome.errorKey) : outcome.message);
  };

  return (
    <>
      <HeroCard className="ds-team-hero" testId="salary-summary">
        <div className="ds-team-hero__label">
          <CoinsIcon /> {status.level > 0 ? t('team.levelN', { level: status.level }) : t('salary.noLevel')}
        </div>
        <div className="ds-team-hero__value" data-testid="salary-amount">
          {status.level > 0 ? t('salary.perMonth', { amount: money(status.amount) }) : money('0')}
        </div>
        <StatGrid columns={2}>
          <Stat
            label={t('salary.directMembers')}
            value={formatCount(status.directStarMembers, t.language)}
            testId="salary-direct"
          />
          <Stat
            label={t('salary.teamMembers')}
            value={formatCount(status.teamStarMembers, t.language)}
            testId="salary-team"
          />
        </StatGrid>
      </HeroCard>
      <section className="ds-claim">
        <ClaimStateText status={status} />
        {error && (
          <p className="ds-notice ds-notice--error ds-claim__error" role="alert" data-testid="salary-error">
            {error}
          </p>
        )}
        {result && (
          <p className="ds-claim__result" role="status" data-testid="salary-result">
            {t('salary.result', { amount: money(result.amount), balance: money(result.balance) })}
          </p>
        )}
        <Button
          block
          color="primary"
          size="large"
          shape="rounded"
          loading={busy}
          disabled={!status.canClaim}
          data-testid="salary-claim"
          onClick={() => void onClaim()}
        >
          {status.level > 0 ? t('salary.claimAmount', { amount: money(status.amount) }) : t('salary.claim')}
        </Button>
        {status.lastClaimAt && (
          <p className="ds-muted ds-claim__last" data-testid="salary-last">
            {t('salary.lastClaim', { date: formatDateTime(status.lastClaimAt, t.language) })}
          </p>
        )}
      </section>
      <MenuList>
        <MenuRow
          icon={<ReceiptIcon />}
          title={t('salary.records')}
          to={ROUTES.salaryRecord}
          testId="salary-records-link"
        />
      </MenuList>
      <h2 className="ds-section-title">{t('salary.levels')}</h2>
      <ul className="ds-salary-levels" data-testid="salary-levels">
        {[...status.levels]
          .sort((a, b) => a.level - b.level)
          .map((level) => (
            <LevelCard key={level.level} status={status} level={level} />
          ))}
      </ul>
      <p className="ds-team-note">{t('salary.rule')}</p>
    </>
  );
}

/**
 * /pages/profile/monthly-salary/index: the salary levels and the user's progress toward each
 * (Star Card members, direct and in the whole team), the level reached, and the monthly claim.
 */
export default function MonthlySalaryPage() {
  const t = useT();
  return (
    <TeamPage title={t('salary.title')} backUrl={ROUTES.profile}>
      <SalaryContent />
    </TeamPage>
  );
}
