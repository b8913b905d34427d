import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { createAccessAccount } from './access-account.service.js';
import { createAccessCommon } from './access-common.js';
import { createAccessOperators } from './access-operators.service.js';
import type { OperatorService } from './operator.service.js';

/**
 * Console access, one object made of its two sides: my password, TOTP enrolment, recovery codes
 * and sessions (access-account.service.ts), and operators management for owners (everyone) and
 * tenant admins (non-owners whose tenants are all theirs; access-operators.service.ts), sharing
 * access-common.ts. Every change is audited in its own transaction.
 */
export function createAccessService(deps: { db: Db; clock: Clock; operators: OperatorService }) {
  const common = createAccessCommon(deps.clock);
  return {
    ...createAccessAccount({ ...deps, common }),
    ...createAccessOperators({ ...deps, common }),
  };
}

export type AccessService = ReturnType<typeof createAccessService>;
