export * from './tenant.js';
export * from './account.js';
export * from './catalog.js';
export * from './ledger.js';
