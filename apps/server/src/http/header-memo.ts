/** Distinct values remembered at most; headers are few in practice, but a client may send any. */
export const HEADER_MEMO_MAX = 256;

/**
 * `parse` of a header's value, remembered per value: the values a server sees repeat (every
 * browser of a kind sends the same Accept-Language and Accept-Encoding), so each is parsed once.
 * At most `max` values are kept; the oldest makes room, so odd values cannot grow it.
 */
export function headerMemo<T>(parse: (value: string) => T, max = HEADER_MEMO_MAX): (value: string) => T {
  const known = new Map<string, T>();
  return (value) => {
    const hit = known.get(value);
    if (hit !== undefined) return hit;
    const parsed = parse(value);
    if (known.size >= max) known.delete(known.keys().next().value as string);
    known.set(value, parsed);
    return parsed;
  };
}
