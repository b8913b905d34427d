export * from './constants.js';
export * from './messages.js';
export * from './envelope.js';
export * from './validation.js';
export * from './call.js';
export * from './api/index.js';
export * from './money.js';
