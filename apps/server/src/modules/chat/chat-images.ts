import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHAT_IMAGE_MAX_BYTES, CHAT_IMAGE_MAX_SIDE } from '@dramastar/contract';
import { inArray } from 'drizzle-orm';
import { DAY_MS, type Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { chatMessages } from '../../db/schema/index.js';
import { readPicture, reencodePicture } from '../../media/image.js';
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

/**
 * Stores a checked picture (bytes, then the header's dimensions before decoding) re-encoded as
 * WebP with its longer side at most CHAT_IMAGE_MAX_SIDE and no metadata, under an unguessable
 * name in its user's folder; answers its key.
 */
export async function storeChatImage(
  deps: { storage: MediaStorage; clock: Clock },
  owner: bigint,
  dataUrl: string,
): Promise<{ imageKey: string; url: string }> {
  const { storage, clock } = deps;
  const picture = await readPicture(dataUrl, CHAT_IMAGE_MAX_BYTES);
  const bytes = await reencodePicture(picture, {
    fit: 'inside',
    width: CHAT_IMAGE_MAX_SIDE,
    height: CHAT_IMAGE_MAX_SIDE,
  });
  const imageKey = `chat/${owner}/${randomBytes(16).toString('hex')}.webp`;
  // Through a file, as every store takes one (the object store streams it up).
  const work = await mkdtemp(join(tmpdir(), 'ds-chat-'));
  try {
    await writeFile(join(work, 'picture'), bytes);
    await storage.putFile(join(work, 'picture'), imageKey);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  // On disk the upload time is stamped with the service's clock, which the clean-up of unsent
  // pictures reads; an object store keeps its own time (the same clock in production).
  const local = storage.localPath(imageKey);
  if (local) await utimes(local, clock.now(), clock.now());
  return { imageKey, url: `/media/${imageKey}` };
}
