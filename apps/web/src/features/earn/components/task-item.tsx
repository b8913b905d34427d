import type { CurrencyKey } from '@dramastar/contract';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toastIfNoAnswer } from '../../../shared/api/network-toast';
import { useT } from '../../../shared/i18n';
import { formatMoney } from '../../../shared/money';
import { showToast } from '../../../shared/ui';
import { useClaimTask, type Task } from '../api/tasks';
import { taskAction, taskPercent, taskTitleKey } from '../lib/tasks';
import { Progress } from './shell';

/** One task: what to do, its period and reward, the progress bar, and Claim / Go / Claimed. */
export function TaskItem({ task, currency }: { task: Task; currency: CurrencyKey }) {
  const t = useT();
  const navigate = useNavigate();
  const claim = useClaimTask();
  const [busy, setBusy] = useState(false);
  const action = taskAction(task);
  const title = t(taskTitleKey(task), { count: task.target });

  const run = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const result = await claim(task.code);
      showToast(
        t('task.claimedToast', {
          reward: formatMoney(result.task.reward, currency, { sign: true }),
          balance: formatMoney(result.balance, currency),
        }),
        { duration: 3000 },
      );
    } catch (error) {
      toastIfNoAnswer(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="ds-task" data-testid={`task-${task.code}`} data-status={task.status}>
      <div className="ds-task__main">
        <div className="ds-task__title">{title}</div>
        <div className="ds-task__meta">
          <span className="ds-task__period">
            {t(task.period === 'daily' ? 'task.periodDaily' : 'task.periodOnce')}
          </span>
          <span className="ds-task__reward" data-testid={`task-${task.code}-reward`}>
            {formatMoney(task.reward, currency, { sign: true })}
          </span>
        </div>
        <div className="ds-task__progress">
          <Progress value={taskPercent(task)} label={title} />
          <span className="ds-task__count" data-testid={`task-${task.code}-progress`}>
            {task.progress}/{task.target}
          </span>
        </div>
      </div>
      {action.kind === 'claim' && (
        <Button
          size="small"
          shape="rounded"
          color="primary"
          className="ds-task__button"
          loading={busy}
          data-testid={`task-${task.code}-claim`}
          onClick={() => void run()}
        >
          {t('task.claim')}
        </Button>
      )}
      {action.kind === 'go' && (
        <Button
          size="small"
          shape="rounded"
          fill="outline"
          color="primary"
          className="ds-task__button"
          data-testid={`task-${task.code}-go`}
          onClick={() => void navigate(action.to)}
        >
          {t('task.go')}
        </Button>
      )}
      {action.kind === 'claimed' && (
        <Button
          size="small"
          shape="rounded"
          className="ds-task__button"
          disabled
          data-testid={`task-${task.code}-claimed`}
        >
          {t('task.claimed')}
        </Button>
      )}
    </li>
  );
}
