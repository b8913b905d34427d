import { CHAT_MAX_TEXT, type ChatMessage } from '@dramastar/contract';

/**
 * What the composer keeps of a typed or pasted text: at most CHAT_MAX_TEXT characters (as the
 * server counts them), never half of a character outside the Basic Multilingual Plane (an emoji)
 * at the cut.
 */
export function clipMessage(value: string): string {
  if (value.length <= CHAT_MAX_TEXT) return value;
  const cut = /[\uD800-\uDBFF]/.test(value.charAt(CHAT_MAX_TEXT - 1)) ? CHAT_MAX_TEXT - 1 : CHAT_MAX_TEXT;
  return value.slice(0, cut);
}

/** Messages by id, oldest first, each once (a message may come by history, ack and socket). */
export function mergeMessages(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return current;
  const byId = new Map(current.map((m) => [m.id, m]));
  let changed = false;
  for (const m of incoming) {
    if (!byId.has(m.id)) {
      byId.set(m.id, m);
      changed = true;
    }
  }
  if (!changed) return current;
  return [...byId.values()].sort((a, b) => {
    const x = BigInt(a.id);
    const y = BigInt(b.id);
    return x < y ? -1 : x > y ? 1 : 0;
  });
}

/** The newest of my messages support staff have read (for the "Read" mark), or null. */
export function lastReadByStaff(messages: ChatMessage[], staffLastReadId: bigint): string | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m && m.senderKind === 'user' && BigInt(m.id) <= staffLastReadId) return m.id;
  }
  return null;
}
