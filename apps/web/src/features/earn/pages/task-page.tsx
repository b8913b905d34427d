import { useTenantConfig } from '../../../shared/api/tenant-config';
import { useT } from '../../../shared/i18n';
import { ChecklistIcon } from '../../../shared/ui/icons';
import { EarnPage, LoadError, Loading } from '../components/shell';
import { TaskItem } from '../components/task-item';
import { useInviteCounts, useTasks } from '../api/tasks';
import { sortTasks } from '../lib/tasks';
import { EmptyState, UserPlusIcon } from '../../../shared/ui';

function InviteCounts() {
  const t = useT();
  const counts = useInviteCounts();
  if (!counts.data) return null;
  return (
    <section className="ds-earn-card ds-invite-counts" data-testid="invite-counts">
      <span className="ds-earn-card__icon">
        <UserPlusIcon />
      </span>
      <h2 className="ds-earn-card__title">{t('task.invitedTitle')}</h2>
      <dl className="ds-invite-counts__figures">
        <div>
          <dt>{t('task.invitedToday')}</dt>
          <dd data-testid="invite-today">{counts.data.today}</dd>
        </div>
        <div>
          <dt>{t('task.invitedTotal')}</dt>
          <dd data-testid="invite-total">{counts.data.total}</dd>
        </div>
      </dl>
    </section>
  );
}

function TaskList() {
  const t = useT();
  const tasks = useTasks();
  const config = useTenantConfig();
  if (tasks.isPending) return <Loading />;
  if (tasks.isError) return <LoadError error={tasks.error} onRetry={() => void tasks.refetch()} />;
  if (tasks.data.tasks.length === 0) {
    return (
      <EmptyState
        testId="tasks-empty"
        icon={<ChecklistIcon />}
        title={t('task.noneTitle')}
        description={t('task.none')}
      />
    );
  }
  const timeZone = config.data?.timeZone;
  return (
    <>
      <p className="ds-earn__note" data-testid="tasks-reset">
        {timeZone ? t('task.resetNoteZone', { zone: timeZone }) : t('task.resetNote')}
      </p>
      <ul className="ds-card-list" data-testid="tasks">
        {sortTasks(tasks.data.tasks).map((task) => (
          <TaskItem key={task.code} task={task} currency={tasks.data.currency} />
        ))}
      </ul>
    </>
  );
}

/** /pages/profile/task/index: every task with its progress, period and reward; invitation counts. */
export default function TaskPage() {
  const t = useT();
  return (
    <EarnPage title={t('task.title')}>
      <InviteCounts />
      <TaskList />
    </EarnPage>
  );
}
