import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from './client.js';
import { appSecrets } from './schema/index.js';

/**
 * A key made once and kept in the database under `name` (32 random bytes), so every instance
 * signs and checks alike: the first instance to ask makes it, the others read the same one.
 */
export async function storedSecret(db: DbOrTx, name: string): Promise<Buffer> {
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`no ${name}`);
  return Buffer.from(row.value, 'hex');
}
