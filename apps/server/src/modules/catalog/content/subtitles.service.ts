import { type AdminSubtitleTrack, SUBTITLE_LIMITS } from '@dramastar/contract';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../../clock.js';
import type { Db, DbOrTx, Tx } from '../../../db/client.js';
import { episodes, series } from '../../../db/schema/index.js';
import { AppError } from '../../../http/errors.js';
import type { MediaStorage } from '../../../media/storage.js';
import { operatorNames } from '../../operator/operator-rows.js';
import {
  canonicalLanguage,
  languageLabel,
  type ParsedSubtitles,
  parseSubtitles,
  plainCueText,
  SUBTITLE_MAX_BYTES,
  SubtitleError,
} from '../../../media/subtitles.js';
import { type SubtitleTrackRow, subtitleTrackStore } from '../subtitle-tracks.js';
import { type Actor, checkTenant } from './content-rows.js';

/** What the console shows of a checked file: its first cues, counts. */
export function subtitleCheckOf(parsed: ParsedSubtitles) {
  return {
    format: parsed.format,
    cueCount: parsed.cues.length,
    bytes: parsed.bytes,
    preview: parsed.cues
      .slice(0, SUBTITLE_LIMITS.previewCues)
      .map((c) => ({ start: c.start, end: c.end, text: plainCueText(c.text) })),
  };
}

/** A file's text checked: 413 SubtitleTooLarge, 400 SubtitleInvalid naming the line (field `text`). */
export function checkSubtitleText(text: string): ParsedSubtitles {
  if (Buffer.byteLength(text, 'utf8') > SUBTITLE_MAX_BYTES) {
    throw new AppError('SubtitleTooLarge', { field: 'text' });
  }
  try {
    return parseSubtitles(text);
  } catch (error) {
    if (error instanceof SubtitleError) {
      throw new AppError('SubtitleInvalid', {
        field: 'text',
        params: { detail: error.message },
        data: { line: error.line, detail: error.message },
      });
    }
    throw error;
  }
}

/** The audit's view of a track. */
const audited = (row: SubtitleTrackRow | null) =>
  row && { language: row.language, label: row.label, bytes: row.bytes, cueCount: row.cueCount };

/**
 * The console's subtitle calls: an episode's tracks, checked uploads (new or replacing), the
 * first cues of a saved one, deletion. The file goes to the store before its row is saved, and
 * a replaced or deleted file is removed after the change commits.
 */
export function createSubtitleService(deps: { db: Db; clock: Clock; storage: MediaStorage }) {
  const { db } = deps;
  const store = subtitleTrackStore(deps);

  /** The episode and its tenant (404 field episodeId, 403 another tenant's); `lock` in a change. */
  async function episodeOf(tx: DbOrTx, actor: Actor, episodeId: number, lock = false) {
    const query = tx
      .select({ id: episodes.id, tenantId: series.tenantId, seriesId: series.id })
      .from(episodes)
      .innerJoin(series, eq(series.id, episodes.seriesId))
      .where(eq(episodes.id, episodeId));
    const [row] = lock ? await query.for('update', { of: episodes }) : await query;
    if (!row) throw new AppError('NotFound', { field: 'episodeId' });
    checkTenant(actor, row.tenantId);
    return row;
  }

  /** 400 SubtitleLanguageInvalid unless `code` is a language Intl knows. */
  function language(code: string): string {
    const clean = canonicalLanguage(code);
    if (!clean) throw new AppError('SubtitleLanguageInvalid', { field: 'language' });
    return clean;
  }

  async function list(episodeId: number): Promise<AdminSubtitleTrack[]> {
    const rows = await store.list(db, episodeId);
    const ids = rows.flatMap((r) => (r.operatorId === null ? [] : [r.operatorId]));
    const names = await operatorNames(db, [...new Set(ids)]);
    return rows.map((r) => toTrack(r, r.operatorId === null ? null : (names.get(r.operatorId) ?? '')));
  }

  function toTrack(row: SubtitleTrackRow, operator: string | null): AdminSubtitleTrack {
    return {
      language: row.language,
      label: row.label,
      bytes: row.bytes,
      cueCount: row.cueCount,
      operator,
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  return {
    checkText: (text: string) => subtitleCheckOf(checkSubtitleText(text)),

    async list(actor: Actor, episodeId: number) {
      await episodeOf(db, actor, episodeId);
      return { list: await list(episodeId) };
    },

    /**
     * Checks everything that needs no write (the episode, the language, the file), puts the file
     * in the store, then saves its row in `change`'s transaction (with the audit entry). The new
     * file goes if the change fails; the replaced one after it commits.
     */
    async upload(
      actor: Actor & { id: bigint; username: string },
      input: { episodeId: number; language: string; label?: string | undefined; text: string },
      change: <T>(
        made: (
          tx: Tx,
        ) => Promise<{ tenantId: string; target: string; before: unknown; after: unknown; result: T }>,
      ) => Promise<T>,
    ) {
      const code = language(input.language);
      const episode = await episodeOf(db, actor, input.episodeId);
      const parsed = checkSubtitleText(input.text);
      const label = input.label?.trim() || languageLabel(code);
      const key = await store.putFile(episode.tenantId, episode.id, code, parsed);
      let saved: { before: SubtitleTrackRow | null; after: SubtitleTrackRow };
      try {
        saved = await change(async (tx) => {
          const locked = await episodeOf(tx, actor, input.episodeId, true);
          const done = await store.save(tx, {
            tenantId: locked.tenantId,
            episodeId: locked.id,
            language: code,
            label,
            storageKey: key,
            parsed,
            operatorId: actor.id,
          });
          return {
            tenantId: locked.tenantId,
            target: `episode:${locked.id}`,
            before: audited(done.before),
            after: audited(done.after),
            result: done,
          };
        });
      } catch (error) {
        await store.dropFile(key);
        throw error;
      }
      if (saved.before && saved.before.storageKey !== key) await store.dropFile(saved.before.storageKey);
      return {
        track: toTrack(saved.after, actor.username),
        replaced: saved.before !== null,
        check: subtitleCheckOf(parsed),
      };
    },

    async preview(actor: Actor, episodeId: number, code: string) {
      await episodeOf(db, actor, episodeId);
      const row = await store.find(db, episodeId, language(code));
      if (!row) throw new AppError('NotFound', { field: 'language' });
      const text = await store.readText(row.storageKey);
      if (text === null) throw new AppError('NotFound', { field: 'language' });
      const track = (await list(episodeId)).find((t) => t.language === row.language);
      return { track: track ?? toTrack(row, null), check: subtitleCheckOf(parseSubtitles(text)) };
    },

    async remove(
      actor: Actor,
      input: { episodeId: number; language: string },
      change: <T>(
        made: (
          tx: Tx,
        ) => Promise<{ tenantId: string; target: string; before: unknown; after: unknown; result: T }>,
      ) => Promise<T>,
    ) {
      const code = language(input.language);
      await episodeOf(db, actor, input.episodeId);
      const gone = await change(async (tx) => {
        const locked = await episodeOf(tx, actor, input.episodeId, true);
        const row = await store.remove(tx, locked.id, code);
        if (!row) throw new AppError('NotFound', { field: 'language' });
        return {
          tenantId: locked.tenantId,
          target: `episode:${locked.id}`,
          before: audited(row),
          after: null,
          result: row,
        };
      });
      await store.dropFile(gone.storageKey);
      return { list: await list(input.episodeId) };
    },
  };
}

export type SubtitleService = ReturnType<typeof createSubtitleService>;
