export * from './tenant.js';
export * from './account.js';
export * from './catalog.js';
export * from './ledger.js';
export * from './wallet.js';
export * from './operator.js';
export * from './team.js';
export * from './earn.js';
