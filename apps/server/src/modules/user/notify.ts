import type { MessageKey } from '@dramastar/contract';
import type { DbOrTx } from '../../db/client.js';

/** Writes an account message (`/user/getMessage`) in the transaction of the event it tells of. */
export type Notify = (
  tx: DbOrTx,
  userId: bigint,
  kind: string,
  titleKey: MessageKey,
  bodyKey: MessageKey,
  params?: Record<string, string>,
) => Promise<void>;

export const noNotify: Notify = async () => undefined;
