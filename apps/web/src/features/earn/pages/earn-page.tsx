import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { openLoginPanel } from '../../../shared/auth/login-panel-store';
import { useT } from '../../../shared/i18n';
import { formatMoney } from '../../../shared/money';
import { ROUTES } from '../../../shared/routes';
import { ChatUnreadBadge } from '../../../shared/support/chat-unread';
import { useSession } from '../../../shared/store/session';
import {
  ChevronRightIcon,
  GiftIcon,
  HeadsetIcon,
  HeroCard,
  PageContainer,
  StarIcon,
  TrophyIcon,
  WalletIcon,
} from '../../../shared/ui';
import { useRevenueSummary } from '../api/rewards';
import { useTasks } from '../api/tasks';
import { CheckinCard } from '../components/checkin-card';
import { DailyAwardCard } from '../components/daily-award-card';
import { ChecklistIcon, RedPacketIcon } from '../../../shared/ui/icons';
import { EarnDisabled, EarnGate, LoadError, Loading } from '../components/shell';
import { TaskItem } from '../components/task-item';
import { sortTasks } from '../lib/tasks';

/** How many tasks the Earn tab shows before "All tasks". */
const TOP_TASKS = 3;

function Summary() {
  const t = useT();
  const revenue = useRevenueSummary();
  const value = (amount: string | undefined) =>
    revenue.data && amount !== undefined
      ? formatMoney(amount, revenue.data.currency)
      : revenue.isError
        ? '—'
        : '…';
  return (
    <HeroCard className="ds-earn-hero" testId="earn-summary">
      <div className="ds-earn-hero__top">
        <span className="ds-earn-hero__label">{t('earn.today')}</span>
        <Link className="ds-earn-hero__wallet" to={ROUTES.wallet} data-testid="earn-wallet-link">
          <WalletIcon /> {t('earn.wallet')}
          <ChevronRightIcon />
        </Link>
      </div>
      <div className="ds-earn-hero__amount" data-testid="earn-today">
        {value(revenue.data?.today)}
      </div>
      <dl className="ds-earn-hero__figures">
        <div>
          <dt>{t('earn.yesterday')}</dt>
          <dd data-testid="earn-yesterday">{value(revenue.data?.yesterday)}</dd>
        </div>
        <div>
          <dt>{t('earn.total')}</dt>
          <dd data-testid="earn-total">{value(revenue.data?.total)}</dd>
        </div>
      </dl>
    </HeroCard>
  );
}

function GuestCard() {
  const t = useT();
  return (
    <HeroCard className="ds-earn-hero ds-earn-hero--guest" testId="earn-guest">
      <GiftIcon className="ds-earn-hero__gift" />
      <h2 className="ds-earn-hero__title">{t('earn.guestTitle')}</h2>
      <p className="ds-earn-hero__text">{t('earn.guestText')}</p>
      <Button
        shape="rounded"
        className="ds-earn-hero__login"
        data-testid="earn-login"
        onClick={() => openLoginPanel()}
      >
        {t('auth.login')}
      </Button>
    </HeroCard>
  );
}

interface Entry {
  key: string;
  to: string;
  icon: ReactNode;
  label: string;
  /** A count shown on the entry (unread chat answers). */
  badge?: ReactNode;
}

function Entries({ entries }: { entries: Entry[] }) {
  return (
    <nav className="ds-earn-entries" data-testid="earn-entries">
      {entries.map((entry) => (
        <Link key={entry.key} className="ds-earn-entry" to={entry.to} data-testid={`earn-entry-${entry.key}`}>
          <span className={`ds-earn-entry__icon ds-earn-entry__icon--${entry.key}`}>{entry.icon}</span>
          <span className="ds-earn-entry__label">{entry.label}</span>
          {entry.badge}
        </Link>
      ))}
    </nav>
  );
}

function TopTasks() {
  const t = useT();
  const tasks = useTasks();
  let body;
  if (tasks.isPending) body = <Loading />;
  else if (tasks.isError) body = <LoadError error={tasks.error} onRetry={() => void tasks.refetch()} />;
  else if (tasks.data.tasks.length === 0) body = <p className="ds-earn__note">{t('task.none')}</p>;
  else {
    body = (
      <ul className="ds-card-list" data-testid="earn-tasks">
        {sortTasks(tasks.data.tasks)
          .slice(0, TOP_TASKS)
          .map((task) => (
            <TaskItem key={task.code} task={task} currency={tasks.data.currency} />
          ))}
      </ul>
    );
  }
  return (
    <section>
      <div className="ds-earn__section-head">
        <h2 className="ds-section-title">
          <ChecklistIcon /> {t('task.title')}
        </h2>
        <Link className="ds-link" to={ROUTES.tasks} data-testid="earn-all-tasks">
          {t('task.all')}
        </Link>
      </div>
      {body}
    </section>
  );
}

/** /pages/earn/index (tab): earnings, check-in, daily award, tasks and the ways to earn more. */
export default function EarnTabPage() {
  const t = useT();
  const hasLogin = useSession((s) => s.hasLogin);
  const entries: Entry[] = [
    { key: 'redPacket', to: ROUTES.redPacketSend, icon: <RedPacketIcon />, label: t('redPacket.title') },
    { key: 'rank', to: ROUTES.earnRank, icon: <TrophyIcon />, label: t('rank.title') },
    { key: 'starCard', to: ROUTES.starCards, icon: <StarIcon />, label: t('earn.starCards') },
    {
      key: 'support',
      to: ROUTES.earnCustomerService,
      icon: <HeadsetIcon />,
      label: t('support.title'),
      badge: hasLogin ? <ChatUnreadBadge testId="earn-chat-unread" /> : undefined,
    },
  ];
  // Without earning here, only what is not a reward stays: Star Cards and customer service.
  const offEntries = entries.filter((e) => e.key === 'starCard' || e.key === 'support');

  return (
    <PageContainer className="ds-earn" title={t('tab.earn')} showBack={false}>
      <EarnGate
        off={
          <>
            <EarnDisabled />
            <Entries entries={offEntries} />
          </>
        }
      >
        {hasLogin ? <Summary /> : <GuestCard />}
        {hasLogin && <CheckinCard />}
        {hasLogin && <DailyAwardCard />}
        <Entries entries={entries} />
        {hasLogin && <TopTasks />}
      </EarnGate>
    </PageContainer>
  );
}
