import type { UserStatus } from '@dramastar/contract';
import { Tag } from 'antd';
import { useT } from '../../../shared/i18n';

const COLORS: Record<UserStatus, string> = { active: 'green', frozen: 'blue', cancelled: 'default' };

/** An app user's account state. */
export function StatusTag({ status, testId }: { status: UserStatus; testId?: string }) {
  const t = useT();
  return (
    <Tag color={COLORS[status]} data-testid={testId} data-status={status}>
      {t(`user.status.${status}`)}
    </Tag>
  );
}
