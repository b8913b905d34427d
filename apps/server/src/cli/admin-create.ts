import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { OPERATOR_ROLES, type OperatorRole } from '@dramastar/contract';
import { systemClock } from '../clock.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { createOperatorService } from '../modules/operator/operator.service.js';
import { randomToken } from '../security.js';

const usage = `Creates an operator of the console.

  npm run admin:create -- --user alice --role owner
  npm run admin:create -- --user bob --role finance --tenants 000001,000002

Roles: ${OPERATOR_ROLES.join(', ')} (owner acts in every tenant; the others need --tenants).
The password is ADMIN_PASSWORD when set, else a random one printed once, to be changed at first
sign-in. Owner and finance operators enrol an authenticator app (TOTP) at their first sign-in. Uses the server's database (DATABASE_URL, else the embedded one in DATA_DIR: stop the
server first, PGlite serves one process).`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      user: { type: 'string' },
      role: { type: 'string' },
      tenants: { type: 'string', default: '' },
      help: { type: 'boolean' },
    },
  });
  const role = values.role as OperatorRole | undefined;
  const tenantIds = values.tenants.split(',').filter(Boolean);
  const user = values.user ?? '';
  const valid =
    /^[A-Za-z0-9._-]{3,60}$/.test(user) &&
    role !== undefined &&
    OPERATOR_ROLES.includes(role) &&
    tenantIds.every((id) => /^\d{6}$/.test(id)) &&
    (role === 'owner' || tenantIds.length > 0);
  if (values.help || !valid) {
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
    const given = process.env.ADMIN_PASSWORD;
    const password = given && given.length >= 12 ? given : randomToken(12);
    const created = await createOperatorService(database.db, systemClock).create({
      username: user,
      password,
      role,
      tenantIds,
      mustChangePassword: !given,
    });
    if (!created) throw new Error(`the user name ${user} is taken`);
    process.stdout.write(
      `Created ${created.role} "${created.username}"${given ? '' : ` with the one-time password ${password}`}.\n`,
    );
    if (created.totpRequired)
      process.stdout.write('At the first sign-in the console asks to enrol an authenticator app (TOTP).\n');
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
