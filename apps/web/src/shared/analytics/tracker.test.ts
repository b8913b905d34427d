import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../store/session';
import {
  BATCH_SIZE,
  deviceId,
  EVENTS_URL,
  flush,
  flushWithBeacon,
  markEntry,
  setPaywall,
  takeEntry,
  testing,
  track,
  trackUnlock,
  trackVisit,
} from './tracker';

const start = { type: 'episode_start', seriesId: 1, episodeId: 11, episode: 1, entry: 'other' } as const;

describe('the analytics tracker', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    testing.reset();
    fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.setState({ token: null });
  });

  it('keeps one anonymous device id in localStorage', () => {
    const id = deviceId();
    expect(id).toMatch(/^[A-Za-z0-9-]{8,64}$/);
    expect(deviceId()).toBe(id);
  });

  it('sends a batch once BATCH_SIZE events are queued, with ids, times and the session header', async () => {
    useSession.setState({ token: 'tok-1' });
    for (let i = 0; i < BATCH_SIZE; i++) track(start);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(EVENTS_URL);
    expect(init.keepalive).toBe(true);
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer tok-1');
    const body = JSON.parse(init.body as string) as {
      deviceId: string;
      token?: string;
      events: { id: string; at: number }[];
    };
    expect(body.events).toHaveLength(BATCH_SIZE);
    expect(body.token).toBeUndefined();
    expect(new Set(body.events.map((e) => e.id)).size).toBe(BATCH_SIZE);
    await vi.waitFor(() => expect(testing.queued()).toHaveLength(0));
  });

  it('keeps a batch that did not arrive and sends the same events again', async () => {
    fetchMock.mockRejectedValueOnce(new Error('offline'));
    track(start);
    await flush();
    expect(testing.queued()).toHaveLength(1);
    const id = testing.queued()[0]!.id;
    await flush();
    const body = JSON.parse((fetchMock.mock.calls[1] as [string, RequestInit])[1].body as string) as {
      events: { id: string }[];
    };
    expect(body.events[0]!.id).toBe(id);
    expect(testing.queued()).toHaveLength(0);
  });

  it('sends what is queued with sendBeacon when the page goes, the token in the body', async () => {
    useSession.setState({ token: 'tok-2' });
    const beacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    trackVisit('https://x.test/#/drainage?seriesId=1&inviteCode=AB12');
    track(start);
    flushWithBeacon();
    expect(beacon).toHaveBeenCalledTimes(1);
    const [url, blob] = beacon.mock.calls[0] as unknown as [string, Blob];
    expect(url).toBe(EVENTS_URL);
    const body = JSON.parse(
      await new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result as string);
        reader.readAsText(blob);
      }),
    ) as {
      token: string;
      events: { type: string; source?: string }[];
    };
    expect(body.token).toBe('tok-2');
    expect(body.events.map((e) => e.type)).toEqual(['visit', 'episode_start']);
    expect(body.events[0]!.source).toBe('invite');
    expect(testing.queued()).toHaveLength(0);
  });

  it("gives the unlock prompt's actions the paywall on screen, and a banner's tap to the next play", () => {
    trackUnlock('buy');
    expect(testing.queued()).toHaveLength(0);
    setPaywall({ seriesId: 3, episodeId: 34, episode: 4 });
    trackUnlock('trial');
    expect(testing.queued().map((e) => e.type)).toEqual(['paywall_shown', 'unlock_action']);
    expect(testing.queued()[1]).toMatchObject({ seriesId: 3, episode: 4, action: 'trial' });
    markEntry('banner');
    expect(takeEntry('other')).toBe('banner');
    expect(takeEntry('other')).toBe('other');
  });
});
