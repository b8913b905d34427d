import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { Db } from '../db/client.js';
import { episodes, type LocalizedText, series, tenants } from '../db/schema/index.js';
import { FFMPEG, HLS_OUTPUT, run } from '../media/ffmpeg.js';
import { joinKey, type MediaStorage } from '../media/storage.js';

export interface DemoSeries {
  slug: string;
  title: LocalizedText;
  description: LocalizedText;
  category: string;
  tags: string[];
  episodes: number;
  freeEpisodes: number;
  /** Background colour of its pictures, 0xRRGGBB. */
  color: string;
}

const d = (en: string, vn: string, id: string): LocalizedText => ({ en, vn, id });

export const DEMO_SERIES: DemoSeries[] = [
  {
    slug: 'love-in-manila',
    title: d('Love in Manila', 'Tình yêu ở Manila', 'Cinta di Manila'),
    description: d(
      'A street-food cook and a hotel heir meet in the rain and cannot stay apart.',
      'Cô đầu bếp quán ven đường và cậu ấm khách sạn gặp nhau dưới mưa và không thể rời xa.',
      'Koki kaki lima dan pewaris hotel bertemu di tengah hujan dan tak bisa berpisah.',
    ),
    category: 'romance',
    tags: ['romance', 'city'],
    episodes: 12,
    freeEpisodes: 4,
    color: '0xb0275c',
  },
  {
    slug: 'the-ceos-secret-bride',
    title: d("The CEO's Secret Bride", 'Cô dâu bí mật của Tổng tài', 'Pengantin Rahasia Sang CEO'),
    description: d(
      'A contract marriage, a hidden past and a boardroom war.',
      'Cuộc hôn nhân hợp đồng, quá khứ bị che giấu và cuộc chiến trong phòng họp.',
      'Pernikahan kontrak, masa lalu yang tersembunyi, dan perang di ruang rapat.',
    ),
    category: 'romance',
    tags: ['romance', 'ceo'],
    episodes: 10,
    freeEpisodes: 3,
    color: '0x6a1b9a',
  },
  {
    slug: 'revenge-of-the-heiress',
    title: d('Revenge of the Heiress', 'Cuộc báo thù của người thừa kế', 'Balas Dendam Sang Pewaris'),
    description: d(
      'Thrown out of her family, she returns ten years later to take everything back.',
      'Bị đuổi khỏi gia đình, mười năm sau cô trở về để giành lại tất cả.',
      'Diusir dari keluarganya, ia kembali sepuluh tahun kemudian untuk merebut semuanya.',
    ),
    category: 'revenge',
    tags: ['revenge', 'family'],
    episodes: 8,
    freeEpisodes: 3,
    color: '0x1a237e',
  },
  {
    slug: 'midnight-in-saigon',
    title: d('Midnight in Saigon', 'Nửa đêm Sài Gòn', 'Tengah Malam di Saigon'),
    description: d(
      'A night-shift taxi driver witnesses what she should never have seen.',
      'Nữ tài xế taxi ca đêm chứng kiến điều lẽ ra cô không bao giờ được thấy.',
      'Sopir taksi shift malam menyaksikan sesuatu yang seharusnya tak pernah ia lihat.',
    ),
    category: 'thriller',
    tags: ['thriller', 'mystery'],
    episodes: 9,
    freeEpisodes: 3,
    color: '0x004d40',
  },
  {
    slug: 'jakarta-hearts',
    title: d('Jakarta Hearts', 'Trái tim Jakarta', 'Hati Jakarta'),
    description: d(
      'Four friends, one band and the summer that changes them.',
      'Bốn người bạn, một ban nhạc và mùa hè thay đổi tất cả.',
      'Empat sahabat, satu band, dan musim panas yang mengubah mereka.',
    ),
    category: 'youth',
    tags: ['youth', 'music'],
    episodes: 7,
    freeEpisodes: 3,
    color: '0xe65100',
  },
  {
    slug: 'the-lost-prince-of-lahore',
    title: d('The Lost Prince of Lahore', 'Hoàng tử thất lạc xứ Lahore', 'Pangeran yang Hilang dari Lahore'),
    description: d(
      'A delivery rider learns he is the heir of an old royal house.',
      'Chàng shipper phát hiện mình là người thừa kế một hoàng tộc xưa.',
      'Seorang kurir mengetahui bahwa ia pewaris keluarga kerajaan tua.',
    ),
    category: 'fantasy',
    tags: ['fantasy', 'royal'],
    episodes: 10,
    freeEpisodes: 4,
    color: '0x3e2723',
  },
  {
    slug: 'second-chance-summer',
    title: d('Second Chance Summer', 'Mùa hè cơ hội thứ hai', 'Musim Panas Kesempatan Kedua'),
    description: d(
      'A single father and his daughter start over in a seaside town.',
      'Người cha đơn thân và con gái làm lại từ đầu ở một thị trấn ven biển.',
      'Seorang ayah tunggal dan putrinya memulai hidup baru di kota tepi laut.',
    ),
    category: 'family',
    tags: ['family', 'healing'],
    episodes: 6,
    freeEpisodes: 2,
    color: '0x01579b',
  },
  {
    slug: 'the-substitute-wife',
    title: d('The Substitute Wife', 'Người vợ thế thân', 'Istri Pengganti'),
    description: d(
      'She married him in her sister’s place. He noticed on the first night.',
      'Cô kết hôn thay cho chị gái. Anh nhận ra ngay đêm đầu tiên.',
      'Ia menikah menggantikan kakaknya. Sang suami menyadarinya di malam pertama.',
    ),
    category: 'romance',
    tags: ['romance', 'marriage'],
    episodes: 11,
    freeEpisodes: 3,
    color: '0x880e4f',
  },
];

/** Each demo episode lasts 4 s: two HLS segments of 2 s. */
const SECONDS = 4;
const SEGMENT_SECONDS = 2;
const FPS = 30;

/** Runs `work` over `items` with at most `limit` at once. */
async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
}

const text = (source: string, x: string, y: string, size: number) =>
  `drawtext=${source}:fontcolor=white:fontsize=${size}:x=${x}:y=${y}:shadowx=2:shadowy=2`;

const playlist = (segments: string[]) =>
  [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${SEGMENT_SECONDS}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    ...segments.flatMap((name) => [`#EXTINF:${SEGMENT_SECONDS}.000000,`, name]),
    '#EXT-X-ENDLIST',
    '',
  ].join('\n');

/**
 * All episodes of a series in one ffmpeg run (a run per episode costs more in start-up than in
 * encoding): a coloured 720×1280 picture with the title, the episode number and a progress bar,
 * cut into 2 s segments with a key frame at each cut, then shared out into one HLS playlist per
 * episode, with a poster frame of each.
 */
async function makeSeries(s: DemoSeries, work: string, withText: boolean): Promise<string> {
  const dir = join(work, 'series', s.slug);
  const all = join(dir, 'all');
  await mkdir(all, { recursive: true });
  const titleFile = join(dir, 'title.txt');
  await writeFile(titleFile, s.title.en);
  const total = s.episodes * SECONDS;
  const perEpisode = SECONDS * FPS;
  const filters = [`drawbox=x=0:y=ih*0.72:w=iw*mod(t\\,${SECONDS})/${SECONDS}:h=12:color=0xff4d6d:t=fill`];
  if (withText) {
    filters.push(
      text(`textfile=${titleFile}`, '(w-text_w)/2', 'h*0.36', 52),
      text(`text='EP %{eif\\:floor(t/${SECONDS})+1\\:d}'`, '(w-text_w)/2', 'h*0.45', 110),
    );
  }
  await run(FFMPEG, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=c=${s.color}:size=720x1280:rate=${FPS}:duration=${total}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=330:duration=${total}:sample_rate=44100`,
    '-filter_complex',
    `[0:v]${filters.join(',')},split=2[v][p];[p]select='eq(mod(n\\,${perEpisode})\\,${FPS})'[posters]`,
    '-map',
    '[v]',
    '-map',
    '1:a',
    ...HLS_OUTPUT,
    '-preset',
    'ultrafast',
    '-hls_segment_filename',
    join(all, 'seg_%03d.ts'),
    join(all, 'all.m3u8'),
    '-map',
    '[posters]',
    '-fps_mode',
    'passthrough',
    '-q:v',
    '5',
    join(all, 'poster_%03d.jpg'),
  ]);
  const perEpisodeSegments = SECONDS / SEGMENT_SECONDS;
  for (let n = 1; n <= s.episodes; n++) {
    const hls = join(dir, String(n), 'hls');
    const poster = join(dir, String(n), 'poster');
    await mkdir(hls, { recursive: true });
    await mkdir(poster, { recursive: true });
    const names: string[] = [];
    for (let i = 0; i < perEpisodeSegments; i++) {
      const from = (n - 1) * perEpisodeSegments + i;
      const name = `seg_${String(i).padStart(3, '0')}.ts`;
      await rename(join(all, `seg_${String(from).padStart(3, '0')}.ts`), join(hls, name));
      names.push(name);
    }
    await writeFile(join(hls, 'index.m3u8'), playlist(names));
    await rename(join(all, `poster_${String(n).padStart(3, '0')}.jpg`), join(poster, 'poster.jpg'));
  }
  return dir;
}

async function makeCover(s: DemoSeries, work: string, out: string, withText: boolean) {
  const titleFile = join(work, `${s.slug}-cover.txt`);
  await writeFile(titleFile, s.title.en.replace(/ (?=\S+$)/, '\n'));
  const filters = [`drawbox=x=0:y=ih-160:w=iw:h=160:color=black@0.35:t=fill`];
  if (withText) filters.push(text(`textfile=${titleFile}`, '40', 'h*0.55', 54));
  await mkdir(out, { recursive: true });
  await run(FFMPEG, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=c=${s.color}:size=600x800:duration=1`,
    '-vf',
    filters.join(','),
    '-frames:v',
    '1',
    '-q:v',
    '4',
    join(out, 'cover.jpg'),
  ]);
}

export const demoKeys = {
  hls: (slug: string, n: number) => joinKey('hls', 'demo', slug, n),
  poster: (slug: string, n: number) => joinKey('posters', 'demo', slug, n),
  cover: (slug: string) => joinKey('covers', 'demo', slug),
};

/**
 * Makes the demo catalogue (media once, on disk) and lists its series in every tenant. Idempotent:
 * what exists is kept, what is missing is made, so a second start costs one query per series.
 */
export async function seedDemoCatalog(
  db: Db,
  clock: Clock,
  storage: MediaStorage,
  log: FastifyBaseLogger,
  only: DemoSeries[] = DEMO_SERIES,
): Promise<void> {
  const started = Date.now();
  const work = await mkdtemp(join(tmpdir(), 'ds-demo-'));
  let made = 0;
  try {
    // Text needs a font; without one (a bare container) the pictures are made without it.
    const withText = await run(FFMPEG, [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'color=size=32x32:duration=0.1',
      '-vf',
      "drawtext=text='A'",
      '-f',
      'null',
      '-',
    ]).then(
      () => true,
      () => false,
    );
    const missing: DemoSeries[] = [];
    for (const s of only) {
      if (!(await storage.exists(`${demoKeys.cover(s.slug)}/cover.jpg`))) {
        await makeCover(s, work, join(work, 'covers', s.slug), withText);
        await storage.putDirectory(join(work, 'covers', s.slug), demoKeys.cover(s.slug));
      }
      if (!(await storage.exists(`${demoKeys.hls(s.slug, s.episodes)}/index.m3u8`))) missing.push(s);
    }
    await pool(missing, 2, async (s) => {
      const dir = await makeSeries(s, work, withText);
      for (let n = 1; n <= s.episodes; n++) {
        await storage.putDirectory(join(dir, String(n), 'poster'), demoKeys.poster(s.slug, n));
        // The playlist goes last: a complete episode is one whose playlist exists.
        await storage.putDirectory(join(dir, String(n), 'hls'), demoKeys.hls(s.slug, n));
      }
      made += s.episodes;
    });

    const tenantIds = (await db.select({ id: tenants.id }).from(tenants)).map((t) => t.id);
    for (const tenantId of tenantIds) {
      for (const [index, s] of only.entries()) {
        const [row] = await db
          .insert(series)
          .values({
            tenantId,
            slug: s.slug,
            title: s.title,
            description: s.description,
            cover: `/media/${demoKeys.cover(s.slug)}/cover.jpg`,
            tags: s.tags,
            category: s.category,
            freeEpisodes: s.freeEpisodes,
            // Older entries first, so "new" differs from the catalogue order.
            createdAt: new Date(clock.now().getTime() - (only.length - index) * 86_400_000),
          })
          .onConflictDoNothing()
          .returning({ id: series.id });
        if (!row) continue;
        await db.insert(episodes).values(
          Array.from({ length: s.episodes }, (_, i) => ({
            seriesId: row.id,
            number: i + 1,
            duration: SECONDS,
            poster: `/media/${demoKeys.poster(s.slug, i + 1)}/poster.jpg`,
            hlsKey: demoKeys.hls(s.slug, i + 1),
            createdAt: clock.now(),
          })),
        );
      }
    }
    if (made > 0) log.info({ episodes: made, ms: Date.now() - started }, 'demo episodes made with ffmpeg');
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
