import { useEffect } from 'react';
import { useSession } from '../store/session';
import { LAST_KNOWN_KEY } from '../store/storage-keys';
import { useOnline } from './online';

interface Stored {
  /** The session the figures belong to: another account never sees them. */
  token: string;
  values: Record<string, { value: unknown; at: number }>;
}

function read(): Stored | null {
  try {
    const raw = localStorage.getItem(LAST_KNOWN_KEY);
    return raw ? (JSON.parse(raw) as Stored) : null;
  } catch {
    return null;
  }
}

function write(token: string, name: string, value: unknown, at: number): void {
  const stored = read();
  const values = stored?.token === token ? stored.values : {};
  try {
    localStorage.setItem(
      LAST_KNOWN_KEY,
      JSON.stringify({ token, values: { ...values, [name]: { value, at } } }),
    );
  } catch {
    // Storage full or refused: the figures are simply not kept.
  }
}

/** Forgets every remembered figure (logout, clear cache). */
export function forgetLastKnown(): void {
  try {
    localStorage.removeItem(LAST_KNOWN_KEY);
  } catch {
    // ignore
  }
}

export interface LastKnown<T> {
  data: T | undefined;
  /** The figure shown is not a fresh answer (offline, or the last call failed). */
  stale: boolean;
}

/**
 * A signed-in figure (the balance, the card) as last answered, kept on the device so that offline,
 * or when the server cannot be reached, the screen shows it marked as such instead of dropping it.
 * `name` must not change its data's shape between releases without a new name.
 */
export function useLastKnown<T>(
  name: string,
  query: { data: T | undefined; isError: boolean; fetchStatus: string; dataUpdatedAt: number },
): LastKnown<T> {
  const token = useSession((s) => s.token);
  const online = useOnline();
  const { data, dataUpdatedAt } = query;
  useEffect(() => {
    if (token !== null && data !== undefined && dataUpdatedAt > 0) write(token, name, data, dataUpdatedAt);
  }, [token, name, data, dataUpdatedAt]);
  const unreachable = query.isError || query.fetchStatus === 'paused' || !online;
  if (data !== undefined) return { data, stale: unreachable };
  if (token === null || !unreachable) return { data: undefined, stale: false };
  const stored = read();
  const kept = stored?.token === token ? stored.values[name] : undefined;
  return kept ? { data: kept.value as T, stale: true } : { data: undefined, stale: false };
}
