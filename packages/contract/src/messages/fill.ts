/** Fills `{name}` placeholders of a message (or any text) from `params`; unknown names stay. */
export function fillMessage(text: string, params: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
