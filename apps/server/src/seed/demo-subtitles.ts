import type { Clock } from '../clock.js';
import type { Db } from '../db/client.js';
import type { MediaStorage } from '../media/storage.js';
import { languageLabel, parseSubtitles, type SubtitleCue, toVtt } from '../media/subtitles.js';
import {
  addTracks,
  episodesWithoutTrack,
  type NewSubtitleTrack,
  subtitleTrackStore,
} from '../modules/catalog/subtitle-tracks.js';

/** The demo's subtitle languages: the app's three (Vietnamese as its BCP 47 code, `vi`). */
export const DEMO_SUBTITLE_LANGUAGES = ['en', 'vi', 'id'] as const;
type DemoLanguage = (typeof DEMO_SUBTITLE_LANGUAGES)[number];

/** Lines a short drama says, in each language; episode n speaks lines n and n+1. */
const LINES: Record<DemoLanguage, string[]> = {
  en: [
    'Where were you last night?',
    'I waited for you until midnight.',
    'Please, just listen to me.',
    'You never told me the truth.',
    'Our families will never agree.',
    'I am not leaving without you.',
    'Who sent you here?',
    'This is the last time, I promise.',
  ],
  vi: [
    'Tối qua anh đã ở đâu?',
    'Em đã đợi anh đến nửa đêm.',
    'Làm ơn, hãy nghe em nói.',
    'Anh chưa bao giờ nói thật với em.',
    'Gia đình chúng ta sẽ không bao giờ đồng ý.',
    'Anh sẽ không đi nếu không có em.',
    'Ai đã cử anh đến đây?',
    'Đây là lần cuối, em hứa.',
  ],
  id: [
    'Kamu di mana tadi malam?',
    'Aku menunggumu sampai tengah malam.',
    'Tolong, dengarkan aku sebentar.',
    'Kamu tidak pernah jujur padaku.',
    'Keluarga kita tidak akan pernah setuju.',
    'Aku tidak akan pergi tanpamu.',
    'Siapa yang menyuruhmu ke sini?',
    'Ini yang terakhir kali, aku janji.',
  ],
};

const EPISODE: Record<DemoLanguage, (n: number) => string> = {
  en: (n) => `<i>Episode ${n}</i>`,
  vi: (n) => `<i>Tập ${n}</i>`,
  id: (n) => `<i>Episode ${n}</i>`,
};

/**
 * A demo episode's track: the episode's number, then two lines, spread over its `seconds`
 * (the demo's episodes last 4 s: three cues of about a second each).
 */
export function demoSubtitles(language: DemoLanguage, n: number, seconds: number): string {
  const lines = LINES[language];
  const texts = [EPISODE[language](n), lines[(n - 1) % lines.length], lines[n % lines.length]];
  const slot = Math.floor((seconds * 1000) / texts.length);
  const cues: SubtitleCue[] = texts.map((text, k) => ({
    start: k * slot + 100,
    end: (k + 1) * slot - 100,
    text: text ?? '',
  }));
  return toVtt(cues);
}

/**
 * Gives every demo episode (any tenant) its en, vi and id tracks where it has none yet, so a
 * second start writes nothing. Each tenant's episode has its own files (the console may replace
 * or delete them without touching another tenant's).
 */
export async function seedDemoSubtitles(db: Db, clock: Clock, storage: MediaStorage): Promise<number> {
  const store = subtitleTrackStore({ storage, clock });
  let made = 0;
  for (const language of DEMO_SUBTITLE_LANGUAGES) {
    const missing = await episodesWithoutTrack(db, 'hls/demo/', language);
    if (missing.length === 0) continue;
    const rows: NewSubtitleTrack[] = [];
    for (const e of missing) {
      const parsed = parseSubtitles(demoSubtitles(language, e.number, e.duration));
      const storageKey = await store.putFile(e.tenantId, e.id, language, parsed);
      rows.push({
        tenantId: e.tenantId,
        episodeId: e.id,
        language,
        label: languageLabel(language),
        storageKey,
        bytes: parsed.bytes,
        cueCount: parsed.cues.length,
        createdAt: clock.now(),
        updatedAt: clock.now(),
      });
    }
    for (let i = 0; i < rows.length; i += 200) {
      const kept = new Set(await addTracks(db, rows.slice(i, i + 200)));
      made += kept.size;
      // Another instance seeding at the same time won: its files stand, ours go.
      for (const r of rows.slice(i, i + 200)) if (!kept.has(r.storageKey)) await store.dropFile(r.storageKey);
    }
  }
  return made;
}
