/**
 * The contract's call declarations for code of the first screen (start-up, the tab bar's badge),
 * loaded with `await import('./calls')`: they come with zod and every schema (~35 KB gzipped),
 * which the first screen's script thus leaves out. The boot script preloads them with the page
 * being opened (route-preload.ts), whose own chunks need them too. Pages import them directly.
 */
export { api, chatCalls } from '@dramastar/contract';
