/** The app's texts and the contract's messages in one language: the chunk the app loads for it. */
export { default as texts } from '../../locales/en.json';
export { MESSAGES_EN as messages } from '@dramastar/contract';
