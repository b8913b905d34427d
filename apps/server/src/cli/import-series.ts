import { parseArgs } from 'node:util';
import { systemClock } from '../clock.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { importSeries } from '../modules/catalog/content/import.js';
import { migrateMediaLayout } from '../media/storage.js';
import { configuredStorage } from '../media/storage-s3.js';
import { createTenantService, DEFAULT_TENANT } from '../modules/tenant/tenant.service.js';
import { join } from 'node:path';

const usage = `Imports a series from a folder of video files (one per episode, natural name order).

  npm run import:series -- --dir ./my-series --slug my-series --title "My Series" [--tenant 000000] [--free 3] [--category romance]

A series.json in the folder may give title/description per language (en, vn, id), category, tags
and freeEpisodes; cover.jpg or cover.png in the folder becomes the cover. Each video becomes the
adaptive ladder (240p up to its own size). Subtitles sit beside their episode file as
<episode file base>.<language>.srt or .vtt (ep1.mp4: ep1.en.srt, ep1.vi.vtt, ep1.pt-BR.srt). Uses the same database and media store as the server
(DATABASE_URL, DATA_DIR, MEDIA_DIR or MEDIA_STORAGE=s3). With the embedded database, stop the
server first: PGlite serves one process.`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string' },
      slug: { type: 'string' },
      title: { type: 'string' },
      tenant: { type: 'string', default: '000000' },
      free: { type: 'string' },
      category: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help || !values.dir || !values.slug || !/^[a-z0-9-]{1,80}$/.test(values.slug)) {
    process.stdout.write(`${usage}\n`);
    process.exit(values.help ? 0 : 2);
  }
  const config = loadConfig();
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: join(config.dataDir, 'pglite'),
    poolMax: 2,
  });
  try {
    await database.migrate();
    const tenants = createTenantService(database.db, {
      publicUrl: config.publicUrl,
      googleLogin: false,
      devMailbox: null,
    });
    await tenants.upsert([DEFAULT_TENANT]);
    await tenants.require(values.tenant).catch(() => {
      throw new Error(`unknown tenant ${values.tenant}`);
    });
    if (!config.s3) await migrateMediaLayout(config.mediaRoot);
    // The server's store: MEDIA_DIR, or the object store with MEDIA_STORAGE=s3.
    const result = await importSeries(database.db, systemClock, configuredStorage(config), {
      dir: values.dir,
      tenantId: values.tenant,
      slug: values.slug,
      title: values.title,
      freeEpisodes: values.free === undefined ? undefined : Number(values.free),
      category: values.category,
    });
    process.stdout.write(
      `Imported series ${result.seriesId} with ${result.episodes} episodes and ${result.subtitles} subtitle tracks.\n`,
    );
    for (const file of result.unmatchedSubtitles)
      process.stdout.write(`Skipped ${file}: no episode file has its base name.\n`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
