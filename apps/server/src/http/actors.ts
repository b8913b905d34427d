import type { OperatorRole } from '@dramastar/contract';

/** Who an app call speaks for: a signed-in user's session. */
export interface SessionUser {
  userId: bigint;
  tenantId: string;
  sessionId: bigint;
}

/** The operator behind a console call. `tenantIds` null: every tenant (owner). */
export interface OperatorContext {
  id: bigint;
  username: string;
  role: OperatorRole;
  tenantIds: string[] | null;
  mustChangePassword: boolean;
  /** TOTP is enrolled and confirmed. */
  totpEnabled: boolean;
  tokenHash: string;
}
