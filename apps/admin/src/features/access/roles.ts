import type { OperatorRole } from '@dramastar/contract';

/** Each role in words: its name and what it can do (the server's role checks say the same). */
export const ROLE_TEXT: Record<OperatorRole, { name: string; can: string }> = {
  owner: {
    name: 'Owner',
    can: 'Everything in every tenant: creates tenants, manages every operator (roles and tenants included), money settings, finance, content, users and chat.',
  },
  tenant_admin: {
    name: 'Tenant admin',
    can: 'Everything within its tenants except creating tenants: settings, finance, content, users, chat, and the operators of its tenants.',
  },
  finance: {
    name: 'Finance',
    can: 'Confirms recharges, approves and pays withdrawals, reads the ledger, dashboard, analytics, exports and audit log; sees users read-only.',
  },
  content: {
    name: 'Content',
    can: 'Series, episodes, covers, uploads and home sections; no money and no users.',
  },
  support: {
    name: 'Support',
    can: 'Answers customer-service chats and sees users read-only; no money and no settings.',
  },
};
