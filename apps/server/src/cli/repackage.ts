import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { legacyEpisodeKeys, repackageEpisode } from '../modules/catalog/content/repackage.js';
import { configuredStorage } from '../media/storage-s3.js';
import { migrateMediaLayout } from '../media/storage.js';

const usage = `Gives episodes made before the adaptive ladder their ladder, in place.

  npm run media:repackage [-- --limit 100] [--dry-run]

Each episode's 720p segments stay and become its 720p rung; 240p, 360p and 540p are encoded from
them (see README for the cost). Files are added beside the old ones, so
addresses already handed out keep working; the episode's rows take the ladder last. Safe to stop
and run again: what is done is not done twice. Uses the server's database and media store
(DATABASE_URL, DATA_DIR, MEDIA_DIR or MEDIA_STORAGE=s3). With the embedded database stop the
server first: PGlite serves one process.`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      limit: { type: 'string' },
      'dry-run': { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  const limit = values.limit === undefined ? undefined : Number(values.limit);
  if (values.help || (limit !== undefined && !(Number.isInteger(limit) && limit > 0))) {
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
    if (!config.s3) await migrateMediaLayout(config.mediaRoot);
    const storage = configuredStorage(config);
    const keys = await legacyEpisodeKeys(database.db, limit);
    process.stdout.write(
      `${keys.length} episode director${keys.length === 1 ? 'y' : 'ies'} without a ladder.\n`,
    );
    if (values['dry-run']) return;
    let failed = 0;
    for (const [i, key] of keys.entries()) {
      const started = Date.now();
      try {
        const done = await repackageEpisode(database.db, storage, key);
        const rungs = done.renditions.map((r) => r.name).join(', ');
        process.stdout.write(
          `${i + 1}/${keys.length} ${key}: ${rungs} (${done.episodes} row(s), ${((Date.now() - started) / 1000).toFixed(1)} s)\n`,
        );
      } catch (error) {
        failed += 1;
        process.stderr.write(
          `${i + 1}/${keys.length} ${key}: ${error instanceof Error ? error.message : String(error)}\n`,
        );
      }
    }
    if (failed > 0) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
