import type { OperatorRole } from '@dramastar/contract';
import type { TranslationKey } from '../../shared/i18n';

/** Each role in words: its name and what it can do (the server's role checks say the same). */
export const ROLE_TEXT: Record<OperatorRole, { name: TranslationKey; can: TranslationKey }> = {
  owner: { name: 'role.owner', can: 'role.can.owner' },
  tenant_admin: { name: 'role.tenant_admin', can: 'role.can.tenant_admin' },
  finance: { name: 'role.finance', can: 'role.can.finance' },
  content: { name: 'role.content', can: 'role.can.content' },
  support: { name: 'role.support', can: 'role.can.support' },
};
