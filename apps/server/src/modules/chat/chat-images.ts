import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { inArray } from 'drizzle-orm';
import { DAY_MS, type Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { chatMessages } from '../../db/schema/index.js';

/**
 * Deletes chat pictures uploaded more than a day ago that no message names (the user picked one
 * and never sent it, or the send was refused). The upload time is the file's mtime, which the
 * upload stamps with the service clock. Sent pictures are kept with their messages.
 * Idempotent: two instances running it at once delete each file once (a missing file is fine).
 */
export async function purgeUnsentChatImages(db: Db, clock: Clock, mediaDir: string): Promise<number> {
  const root = join(mediaDir, 'chat');
  const cutoff = clock.now().getTime() - DAY_MS;
  let folders: string[];
  try {
    folders = await readdir(root);
  } catch {
    return 0; // nothing uploaded yet
  }
  let removed = 0;
  for (const folder of folders) {
    const names = await readdir(join(root, folder)).catch(() => [] as string[]);
    const old: string[] = [];
    for (const name of names) {
      const info = await stat(join(root, folder, name)).catch(() => null);
      if (info?.isFile() && info.mtimeMs < cutoff) old.push(`chat/${folder}/${name}`);
    }
    if (old.length === 0) continue;
    const sent = await db
      .select({ key: chatMessages.imageKey })
      .from(chatMessages)
      .where(inArray(chatMessages.imageKey, old));
    const keep = new Set(sent.map((r) => r.key));
    for (const key of old.filter((k) => !keep.has(k))) {
      await rm(join(mediaDir, key), { force: true });
      removed++;
    }
  }
  return removed;
}
