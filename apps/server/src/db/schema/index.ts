export * from './tenant.js';
export * from './account.js';
