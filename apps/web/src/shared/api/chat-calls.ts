/**
 * The support chat's call declarations for the tab bar's unread badge (a signed-in user's only),
 * loaded with `await import('./chat-calls')`, like `./calls`: a guest's start asks neither them
 * nor their chunk.
 */
export { chatCalls } from '@dramastar/contract';
