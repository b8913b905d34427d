/**
 * Order numbers as the server makes them (`newOrderNo`): R (recharge) or W (withdrawal), the UTC
 * second (14 digits) and 10 random digits. Typed by users in any case, so matched in any case.
 */
const ORDER_NO = /\b([RW]\d{24})\b/gi;

export type MessagePart = { text: string } | { orderNo: string; kind: 'recharge' | 'withdrawal' };

/** A message's text split into plain text and order numbers, in order. */
export function splitOrderNumbers(body: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let last = 0;
  for (const match of body.matchAll(ORDER_NO)) {
    const at = match.index;
    if (at > last) parts.push({ text: body.slice(last, at) });
    const orderNo = match[0].toUpperCase();
    parts.push({ orderNo, kind: orderNo.startsWith('R') ? 'recharge' : 'withdrawal' });
    last = at + match[0].length;
  }
  if (last < body.length) parts.push({ text: body.slice(last) });
  return parts;
}

/**
 * Where an order number leads: the queue found by it for those who work the queue, else the
 * user's wallet (where their recharges and withdrawals are listed with their order numbers).
 */
export function orderLink(
  part: { orderNo: string; kind: 'recharge' | 'withdrawal' },
  userId: string,
  mayOpenQueues: boolean,
): string {
  if (!mayOpenQueues) return `/users?userId=${userId}&tab=wallet`;
  const queue = part.kind === 'recharge' ? '/finance/recharges' : '/finance/withdrawals';
  return `${queue}?q=${encodeURIComponent(part.orderNo)}`;
}
