import type { Language } from './constants.js';
import { MESSAGES_EN, type MessageCatalog, type MessageKey } from './messages/en.js';
import { fillMessage } from './messages/fill.js';
import { MESSAGES_ID } from './messages/id.js';
import { MESSAGES_VN } from './messages/vn.js';

export { isMessageKey, MESSAGE_KEYS, type MessageCatalog, type MessageKey } from './messages/en.js';

/** Every language's messages at once (server, console). The web app loads one (messages/*.ts). */
export const MESSAGES: Record<Language, MessageCatalog> = {
  en: MESSAGES_EN,
  vn: MESSAGES_VN,
  id: MESSAGES_ID,
};

export function formatMessage(
  lang: Language,
  key: MessageKey,
  params: Record<string, string | number> = {},
): string {
  return fillMessage(MESSAGES[lang][key], params);
}
