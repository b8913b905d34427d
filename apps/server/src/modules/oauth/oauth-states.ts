import { lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { oauthStates } from '../../db/schema/index.js';

/** Deletes the sign-in states that expired before `before`; how many went. Idempotent. */
export async function purgeExpiredStates(db: DbOrTx, before: Date): Promise<number> {
  const rows = await db
    .delete(oauthStates)
    .where(lt(oauthStates.expiresAt, before))
    .returning({ id: oauthStates.state });
  return rows.length;
}
