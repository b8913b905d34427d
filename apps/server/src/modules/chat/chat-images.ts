import { inArray } from 'drizzle-orm';
import { DAY_MS, type Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { chatMessages } from '../../db/schema/index.js';
import type { MediaStorage } from '../../media/storage.js';

/** How many pictures one query checks against the sent messages. */
const BATCH = 500;

/**
 * Deletes chat pictures uploaded more than a day ago that no message names (the user picked one
 * and never sent it, or the send was refused). The upload time is the stored file's (on disk
 * stamped with the service clock at upload). Sent pictures are kept with their messages.
 * Idempotent: two instances running it at once delete each file once (a missing file is fine).
 */
export async function purgeUnsentChatImages(db: Db, clock: Clock, storage: MediaStorage): Promise<number> {
  const cutoff = clock.now().getTime() - DAY_MS;
  const old = (await storage.list('chat')).filter((f) => f.modifiedMs < cutoff).map((f) => f.key);
  let removed = 0;
  for (let i = 0; i < old.length; i += BATCH) {
    const batch = old.slice(i, i + BATCH);
    const sent = await db
      .select({ key: chatMessages.imageKey })
      .from(chatMessages)
      .where(inArray(chatMessages.imageKey, batch));
    const keep = new Set(sent.map((r) => r.key));
    for (const key of batch.filter((k) => !keep.has(k))) {
      await storage.remove(key);
      removed++;
    }
  }
  return removed;
}
