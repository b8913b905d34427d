/**
 * The contract's call declarations for code of the first screen (start-up), loaded with
 * `await import('./calls')`: they come with zod and every schema (~35 KB gzipped), which the first
 * screen's script thus leaves out. The boot script preloads them with the page being opened
 * (route-preload.ts), whose own chunks need them too. Pages import them directly. The support
 * chat's calls are apart (`./chat-calls`): only a signed-in user's tab bar asks them.
 */
export { api } from '@dramastar/contract';
