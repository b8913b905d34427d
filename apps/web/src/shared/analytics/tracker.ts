import {
  API_PREFIX,
  type AnalyticsBatch,
  type AnalyticsEvent,
  type PlayEntry,
  type UnlockAction,
} from '@dramastar/contract';
import { useSession } from '../store/session';
import { deviceId } from '../device-id';

/*
 * Viewing analytics in the browser (docs/analytics.md): events are queued and sent in batches —
 * every FLUSH_MS, at BATCH_SIZE events, and with `navigator.sendBeacon` when the page is hidden
 * or left. A viewer is the signed-in user (the session token goes with the batch), else an
 * anonymous device id kept in localStorage. Events carry ids, episodes and times only: nothing
 * personal. A batch that did not arrive is sent again later with the same event ids (counted once).
 */

/** The ingestion call's path (`analyticsCalls.events`; spelt out to keep the contract's schemas out of the first script). */
export const EVENTS_URL = `${API_PREFIX}/analytics/events`;
export const BATCH_SIZE = 20;
const FLUSH_MS = 5000;
/** Events kept while the server cannot be reached; older ones go first. */
const QUEUE_MAX = 500;
const BEACON_MAX_BYTES = 60_000;

type Without<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
export type EventInput = Without<AnalyticsEvent, 'id' | 'at'>;

let queue: AnalyticsEvent[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;
let sending = false;
let listening = false;

const uuid = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : '10000000-1000-4000-8000-100000000000'.replace(/[018]/g, (c) =>
        (Number(c) ^ (Math.floor(Math.random() * 256) & (15 >> (Number(c) / 4)))).toString(16),
      );

function batch(events: AnalyticsEvent[], withToken: boolean): AnalyticsBatch {
  const token = useSession.getState().token;
  return { deviceId: deviceId(), ...(withToken && token ? { token } : {}), events };
}

/** Sends what is queued (up to 100 events a call) with fetch; what fails stays queued. */
export async function flush(): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = null;
  if (sending || queue.length === 0) return;
  sending = true;
  const events = queue.slice(0, 100);
  try {
    const token = useSession.getState().token;
    const res = await fetch(EVENTS_URL, {
      method: 'POST',
      keepalive: true,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(batch(events, false)),
    });
    // Sent (or refused for good: a 4xx other than 429 will not pass by sending it again).
    if (res.ok || (res.status >= 400 && res.status < 500 && res.status !== 429))
      queue = queue.filter((e) => !events.includes(e));
  } catch {
    // Offline: kept for the next flush.
  } finally {
    sending = false;
  }
  if (queue.length > 0) schedule();
}

/** The page is going away or hidden: everything queued goes with sendBeacon (no headers: the token rides in the body). */
export function flushWithBeacon(): void {
  if (queue.length === 0) return;
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') {
    void flush();
    return;
  }
  while (queue.length > 0) {
    let events = queue.slice(0, 100);
    let body = JSON.stringify(batch(events, true));
    while (body.length > BEACON_MAX_BYTES && events.length > 1) {
      events = events.slice(0, Math.ceil(events.length / 2));
      body = JSON.stringify(batch(events, true));
    }
    if (!navigator.sendBeacon(EVENTS_URL, new Blob([body], { type: 'application/json' }))) return;
    queue = queue.filter((e) => !events.includes(e));
  }
}

function schedule(): void {
  timer ??= setTimeout(() => void flush(), FLUSH_MS);
}

function listen(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('pagehide', flushWithBeacon);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushWithBeacon();
  });
}

/** Records one event; it is sent with the next batch. Never throws, never waits. */
export function track(event: EventInput): void {
  listen();
  queue.push({ ...event, id: uuid(), at: Date.now() });
  if (queue.length > QUEUE_MAX) queue = queue.slice(queue.length - QUEUE_MAX);
  if (queue.length >= BATCH_SIZE) void flush();
  else schedule();
}

/** The app opened: from a shared link with an invite code, or directly. */
export function trackVisit(href: string = typeof location === 'undefined' ? '' : location.href): void {
  track({ type: 'visit', source: /[?&]inviteCode=[A-Za-z0-9]/.test(href) ? 'invite' : 'direct' });
}

/** Where the next play starts from (a Home banner tapped): taken by the next episode start within a minute. */
let pendingEntry: { entry: PlayEntry; at: number } | null = null;
export function markEntry(entry: PlayEntry): void {
  pendingEntry = { entry, at: Date.now() };
}
export function takeEntry(fallback: PlayEntry): PlayEntry {
  const pending = pendingEntry;
  pendingEntry = null;
  return pending && Date.now() - pending.at < 60_000 ? pending.entry : fallback;
}

/** The paywall on screen now, for the unlock prompt's buttons. */
let paywall: { seriesId: number; episodeId: number; episode: number } | null = null;
export function setPaywall(shown: typeof paywall): void {
  paywall = shown;
  if (shown) track({ type: 'paywall_shown', ...shown });
}
/** A button of the unlock prompt was used (buy, trial, sign in, dismiss). */
export function trackUnlock(action: UnlockAction): void {
  if (paywall) track({ type: 'unlock_action', ...paywall, action });
}

/** Tests: what is queued, and a clean slate. */
export const testing = {
  queued: () => queue,
  reset: () => {
    queue = [];
    paywall = null;
    pendingEntry = null;
    if (timer) clearTimeout(timer);
    timer = null;
  },
};

/** The anonymous id events carry (one per browser, the one play calls send: shared/device-id.ts). */
export { deviceId };
