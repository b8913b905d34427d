import { copyFile, mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { Db } from '../db/client.js';
import type { LocalizedText } from '../db/schema/index.js';
import { FFMPEG, run } from '../media/ffmpeg.js';
import {
  DEFAULT_SEGMENT_FORMAT,
  masterPlaylist,
  measureRendition,
  mediaPlaylist,
  parseMasterPlaylist,
  planLadder,
  type Rendition,
  renditionFiles,
  renditionOutput,
  SEGMENT_SECONDS,
} from '../media/ladder.js';
import { joinKey, type MediaStorage } from '../media/storage.js';
import { addEpisodes, addSeries, setRenditions } from '../modules/catalog/content/series-rows.js';
import { allTenants } from '../modules/tenant/tenant-rows.js';
import { seedDemoSubtitles } from './demo-subtitles.js';

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
const FPS = 30;
/**
 * The demo's ladder: two rungs, 360p and 720p of its 720×1280 pictures, enough to show the player
 * climbing, the quality menu and the data saver; each more rung costs the first start seconds
 * (README). Uploads, imports and the bench get the whole ladder.
 */
const DEMO_SOURCE = { width: 720, height: 1280, fps: FPS };
const DEMO_LADDER = planLadder(DEMO_SOURCE, 720).filter((r) => r.name === '360p' || r.name === '720p');
/** Codecs of each rung, probed once (every series is encoded alike). */
const demoCodecs = new Map<string, Promise<string>>();

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

/** A made series: where its episodes' files are, and each episode's renditions. */
interface MadeSeries {
  dir: string;
  renditions: Rendition[][];
}

/**
 * All episodes of a series in one ffmpeg run (a run per episode costs more in start-up than in
 * encoding): a coloured picture with the title, the episode number and a progress bar, drawn and
 * encoded at each rung of the demo's ladder (360×640 and 720×1280) with a key frame every 2 s in every
 * rung, then shared out into each episode's playlists (2 segments per rung), with a poster frame
 * of each episode.
 */
async function makeSeries(s: DemoSeries, work: string, withText: boolean): Promise<MadeSeries> {
  const dir = join(work, 'series', s.slug);
  const all = join(dir, 'all');
  await mkdir(all, { recursive: true });
  const titleFile = join(dir, 'title.txt');
  await writeFile(titleFile, s.title.en);
  const total = s.episodes * SECONDS;
  const perEpisode = SECONDS * FPS;
  /** The picture at a rung's size, drawn there (scaling the 720×1280 one costs more than drawing). */
  const picture = ({ width, name }: { width: number; name: string }) => {
    const k = width / DEMO_SOURCE.width;
    const filters = [
      `drawbox=x=0:y=ih*0.72:w=iw*mod(t\\,${SECONDS})/${SECONDS}:h=${Math.round(12 * k)}:color=0xff4d6d:t=fill`,
    ];
    if (withText) {
      filters.push(
        // The rung's name in a corner: which rendition plays shows on the picture.
        text(`text='${name}'`, 'w-text_w-16*' + String(k), '16*' + String(k), Math.round(28 * k)),
        text(`textfile=${titleFile}`, '(w-text_w)/2', 'h*0.36', Math.round(52 * k)),
        text(`text='EP %{eif\\:floor(t/${SECONDS})+1\\:d}'`, '(w-text_w)/2', 'h*0.45', Math.round(110 * k)),
      );
    }
    return filters.join(',');
  };
  const format = DEFAULT_SEGMENT_FORMAT;
  const top = DEMO_LADDER.length - 1;
  // Input i is rung i's picture; the last input is the sound. The top rung also gives the posters.
  const graph = DEMO_LADDER.map((plan, i) =>
    i === top
      ? `[${i}:v]${picture(plan)},split=2[v${i}][p];[p]select='eq(mod(n\\,${perEpisode})\\,${FPS})'[posters]`
      : `[${i}:v]${picture(plan)}[v${i}]`,
  );
  await run(FFMPEG, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    ...DEMO_LADDER.flatMap((plan) => [
      '-f',
      'lavfi',
      '-i',
      `color=c=${s.color}:size=${plan.width}x${plan.height}:rate=${FPS}:duration=${total}`,
    ]),
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=330:duration=${total}:sample_rate=44100`,
    '-filter_complex',
    graph.join(';'),
    ...DEMO_LADDER.flatMap((plan, i) =>
      renditionOutput(plan, all, {
        video: `[v${i}]`,
        audio: `${DEMO_LADDER.length}:a`,
        format,
        preset: 'ultrafast',
        crf: 28,
        // One encode cut into episodes every SECONDS: segments all alike, 2 s.
        firstSegment: null,
      }),
    ),
    '-map',
    '[posters]',
    '-fps_mode',
    'passthrough',
    '-q:v',
    '5',
    join(all, 'poster_%03d.jpg'),
  ]);
  const codecs = new Map<string, string>();
  for (const plan of DEMO_LADDER) {
    let probed = demoCodecs.get(plan.name);
    if (!probed) {
      probed = measureRendition(all, plan, format, FPS).then((r) => r.codecs);
      demoCodecs.set(plan.name, probed);
    }
    codecs.set(plan.name, await probed);
  }
  const perEpisodeSegments = SECONDS / SEGMENT_SECONDS;
  const made: MadeSeries = { dir, renditions: [] };
  for (let n = 1; n <= s.episodes; n++) {
    const hls = join(dir, String(n), 'hls');
    const poster = join(dir, String(n), 'poster');
    await mkdir(hls, { recursive: true });
    await mkdir(poster, { recursive: true });
    const renditions: Rendition[] = [];
    for (const plan of DEMO_LADDER) {
      const files = renditionFiles(plan.name, format);
      const ext = format === 'fmp4' ? 'm4s' : 'ts';
      const names: string[] = [];
      for (let i = 0; i < perEpisodeSegments; i++) {
        const from = (n - 1) * perEpisodeSegments + i;
        const name = `${plan.name}_${String(i).padStart(3, '0')}.${ext}`;
        await rename(join(all, `${plan.name}_${String(from).padStart(3, '0')}.${ext}`), join(hls, name));
        names.push(name);
      }
      if (format === 'fmp4') await copyFile(join(all, files.init), join(hls, files.init));
      await writeFile(join(hls, files.playlist), mediaPlaylist(names, SEGMENT_SECONDS, format, files.init));
      renditions.push(await measureRendition(hls, plan, format, FPS, codecs.get(plan.name)));
    }
    await writeFile(join(hls, 'master.m3u8'), masterPlaylist(renditions));
    made.renditions[n] = renditions;
    await rename(join(all, `poster_${String(n).padStart(3, '0')}.jpg`), join(poster, 'poster.jpg'));
  }
  return made;
}

/** The renditions of a demo episode already in the store, from its master playlist. */
async function storedRenditions(storage: MediaStorage, hlsKey: string): Promise<Rendition[]> {
  const stored = await storage.read(`${hlsKey}/master.m3u8`);
  if (!stored) return [];
  const chunks: Buffer[] = [];
  for await (const chunk of stored.body as AsyncIterable<Buffer>) chunks.push(chunk);
  return parseMasterPlaylist(Buffer.concat(chunks).toString('utf8'));
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
      // Media made before the ladder has no master playlist: it is made again.
      if (!(await storage.exists(`${demoKeys.hls(s.slug, s.episodes)}/master.m3u8`))) missing.push(s);
    }
    /** Renditions by series slug and episode number, of the media made now. */
    const renditionsOf = new Map<string, Rendition[][]>();
    await pool(missing, 2, async (s) => {
      const series = await makeSeries(s, work, withText);
      for (let n = 1; n <= s.episodes; n++) {
        await storage.putDirectory(join(series.dir, String(n), 'poster'), demoKeys.poster(s.slug, n));
        // The playlists go last: a complete episode is one whose master playlist exists.
        await storage.putDirectory(join(series.dir, String(n), 'hls'), demoKeys.hls(s.slug, n));
      }
      renditionsOf.set(s.slug, series.renditions);
      made += s.episodes;
    });
    // Rows listed by an earlier start (any tenant) take the new media's ladder.
    for (const [slug, list] of renditionsOf) {
      for (let n = 1; n < list.length; n++) {
        const renditions = list[n];
        if (renditions) await setRenditions(db, demoKeys.hls(slug, n), renditions);
      }
    }

    for (const { id: tenantId } of await allTenants(db)) {
      for (const [index, s] of only.entries()) {
        const seriesId = await addSeries(db, {
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
        });
        if (seriesId === null) continue;
        let list = renditionsOf.get(s.slug);
        if (!list) {
          // Media from an earlier start, a tenant new since: the ladder from the stored playlists.
          list = [];
          for (let n = 1; n <= s.episodes; n++)
            list[n] = await storedRenditions(storage, demoKeys.hls(s.slug, n));
          renditionsOf.set(s.slug, list);
        }
        const ladders = list;
        await addEpisodes(
          db,
          seriesId,
          Array.from({ length: s.episodes }, (_, i) => ({
            number: i + 1,
            duration: SECONDS,
            poster: `/media/${demoKeys.poster(s.slug, i + 1)}/poster.jpg`,
            hlsKey: demoKeys.hls(s.slug, i + 1),
            renditions: ladders[i + 1] ?? [],
            createdAt: clock.now(),
          })),
        );
      }
    }
    if (made > 0) log.info({ episodes: made, ms: Date.now() - started }, 'demo episodes made with ffmpeg');
    const tracks = await seedDemoSubtitles(db, clock, storage);
    if (tracks > 0) log.info({ tracks }, 'demo subtitles written');
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
