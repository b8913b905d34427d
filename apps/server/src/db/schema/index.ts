export * from './tenant.js';
export * from './account.js';
export * from './catalog.js';
