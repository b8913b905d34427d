export * from './tenant.js';
