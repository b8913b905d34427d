/** One changed value of a section: its path (`tiers.1.price`) and the values before and after. */
export interface Change {
  path: string;
  before: string;
  after: string;
}

function flatten(value: unknown, prefix: string, into: Map<string, string>): void {
  if (Array.isArray(value)) {
    if (value.length === 0) into.set(prefix, '[]');
    value.forEach((item, i) => flatten(item, prefix ? `${prefix}.${i}` : String(i), into));
  } else if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) into.set(prefix, '{}');
    for (const [key, item] of entries) flatten(item, prefix ? `${prefix}.${key}` : key, into);
  } else if (value !== undefined) {
    into.set(prefix, typeof value === 'string' ? value : JSON.stringify(value));
  }
}

/** What a save changes: every leaf that differs, was added or was removed, in path order. */
export function diffSummary(before: unknown, after: unknown): Change[] {
  const a = new Map<string, string>();
  const b = new Map<string, string>();
  flatten(before, '', a);
  flatten(after, '', b);
  const paths = [...new Set([...a.keys(), ...b.keys()])];
  return paths
    .filter((path) => a.get(path) !== b.get(path))
    .map((path) => ({ path, before: a.get(path) ?? '—', after: b.get(path) ?? '—' }));
}

/** A server field path (`tiers.1.price`) as an antd form name path (`['tiers', 1, 'price']`). */
export function fieldPath(field: string): (string | number)[] {
  return field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}
