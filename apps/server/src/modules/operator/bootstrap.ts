import type { FastifyBaseLogger } from 'fastify';
import { randomToken } from '../../security.js';
import type { OperatorService } from './operator.service.js';

/**
 * The embedded default's first operator: when there is none, `admin` (owner) is made with a
 * one-time password printed once to the log, to be changed at first sign-in. With PostgreSQL,
 * operators are made with `npm run admin:create`.
 */
export async function bootstrapOperator(operators: OperatorService, log: FastifyBaseLogger): Promise<void> {
  if ((await operators.count()) > 0) return;
  const password = randomToken(12);
  const created = await operators.create({
    username: 'admin',
    password,
    role: 'owner',
    mustChangePassword: true,
  });
  if (created) {
    log.warn(
      { operator: 'admin', oneTimePassword: password },
      'First operator created: user admin with this one-time password (shown once; change it at first sign-in)',
    );
  }
}
