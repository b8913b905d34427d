import type { UserStatus } from '@dramastar/contract';
import { Tag } from 'antd';

const COLORS: Record<UserStatus, string> = { active: 'green', frozen: 'blue', cancelled: 'default' };

/** An app user's account state. */
export function StatusTag({ status, testId }: { status: UserStatus; testId?: string }) {
  return (
    <Tag color={COLORS[status]} data-testid={testId} data-status={status}>
      {status}
    </Tag>
  );
}
