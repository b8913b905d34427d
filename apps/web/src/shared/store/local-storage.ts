import type { StorageKey } from './storage-keys';

/**
 * localStorage that never throws (private mode, full quota, disabled storage): reads fall back to
 * null and writes are dropped, so the app keeps working in memory.
 */
export function readString(key: StorageKey): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function readJson(key: StorageKey): unknown {
  const raw = readString(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

/** Writes a string as is, other values as JSON; null or undefined removes the key. */
export function writeValue(key: StorageKey, value: unknown): void {
  try {
    if (value === null || value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
  } catch {
    // Storage unavailable: the value lives in memory only.
  }
}
