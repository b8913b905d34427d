import { join } from 'node:path';
import { type Config, ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { formatFindings } from '../doctor.js';
import { doctorFindings } from '../admin/doctor/doctor.service.js';

/**
 * `npm run doctor`: what this deployment misses or has unsafe, from the same environment the
 * server starts with (run it with production's variables) and the database it points at (not
 * migrated by this: start the server once first; with the embedded database stop the server, as
 * PGlite serves one process). Exits 1 when there is an error, so a deploy script can stop on it.
 */
async function main(): Promise<void> {
  const env = process.env;
  let config: Config;
  let refused: string | undefined;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError) || env.NODE_ENV !== 'production') throw error;
    // Production refuses to start without some settings: list them with the rest, read the others
    // as if not in production (the sandbox and the test calls as given, off by default).
    refused = error.message;
    config = {
      ...loadConfig({
        ...env,
        NODE_ENV: 'development',
        SANDBOX_GATEWAY: env.SANDBOX_GATEWAY || 'false',
        TEST_API: env.TEST_API || 'false',
      }),
      env: 'production',
    };
  }
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: join(config.dataDir, 'pglite'),
    poolMax: 2,
  });
  try {
    const [tables] = await database.query<{ tenant: string | null }>(
      `select to_regclass('tenant')::text as tenant`,
    );
    if (!tables?.tenant) {
      process.stdout.write(
        'The database has no tables yet: start the server once (it migrates), then run the doctor.\n',
      );
      process.exitCode = 1;
      return;
    }
    const findings = await doctorFindings(database.db, config);
    if (refused) process.stdout.write(`${refused}\n(the server would refuse to start)\n\n`);
    process.stdout.write(`${formatFindings(findings)}\n`);
    const errors = findings.filter((f) => f.severity === 'error').length;
    process.stdout.write(
      `\n${errors} error(s), ${findings.length - errors} warning(s) (README, "Running at scale").\n`,
    );
    process.exitCode = errors > 0 || refused ? 1 : 0;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(2);
});
