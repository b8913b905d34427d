import { walletQueryKey } from '../../../shared/api/wallet-info';

/**
 * Query keys of the team feature. They live under the shared wallet key: a login or logout
 * forgets them (another account's team must never show), and a money movement refreshes them.
 */
const root = [...walletQueryKey, 'team'] as const;

export const teamKeys = {
  all: root,
  status: () => [...root, 'status'] as const,
  levels: () => [...root, 'levels'] as const,
  size: () => [...root, 'size'] as const,
  members: (level: number) => [...root, 'members', level] as const,
  search: (keyword: string) => [...root, 'search', keyword] as const,
  invitations: () => [...root, 'invitations'] as const,
  copyrights: () => [...root, 'copyrights'] as const,
  holdings: () => [...root, 'holdings'] as const,
  copyrightRevenue: () => [...root, 'copyrightRevenue'] as const,
  salary: () => [...root, 'salary'] as const,
  salaryRecords: () => [...root, 'salaryRecords'] as const,
  dividend: () => [...root, 'dividend'] as const,
  leaders: () => [...root, 'leaders'] as const,
};
