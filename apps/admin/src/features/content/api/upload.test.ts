import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../shared/session/session';
import { uploadEpisode } from './content';

const job = {
  id: 7,
  tenantId: '000000',
  seriesId: 3,
  episodeNumber: 1,
  episodeId: null,
  status: 'queued' as const,
  progress: 0,
  error: null,
  attempts: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const ok = (data: unknown) => new Response(JSON.stringify({ code: 200, msg: 'ok', data }), { status: 200 });

/** What XMLHttpRequest was asked to do; each request answers `status` with `body`. */
const sent: { method: string; url: string; headers: Record<string, string>; body: unknown }[] = [];
function fakeXhr(status: number, body: string) {
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: {
      onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private request = {
      method: '',
      url: '',
      headers: {} as Record<string, string>,
      body: undefined as unknown,
    };
    open(method: string, url: string) {
      this.request.method = method;
      this.request.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name.toLowerCase()] = value;
    }
    send(payload: unknown) {
      this.request.body = payload;
      sent.push(this.request);
      this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
      this.status = status;
      this.responseText = body;
      queueMicrotask(() => this.onload?.());
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
}

beforeEach(() => {
  sent.length = 0;
  useSession.getState().signIn('tok-1', {
    id: '1',
    username: 'editor',
    role: 'content',
    tenantIds: ['000000'],
    mustChangePassword: false,
    totpEnabled: true,
    totpRequired: true,
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clear();
});

describe('episode upload in the console', () => {
  it('PUTs the file straight to the store when the server signs an address, then reports it done', async () => {
    const calls: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, body: JSON.parse(init.body as string) });
        if (url.endsWith('/upload-url'))
          return ok({
            direct: true,
            url: 'https://store.example/o/uploads/x?X-Amz-Signature=ab',
            key: `uploads/${'a'.repeat(32)}/source`,
            expiresAt: 1,
          });
        return ok(job);
      }),
    );
    fakeXhr(200, '');
    const file = new File(['0123456789'], 'ep.mp4', { type: 'video/mp4' });
    const progress: number[] = [];
    await expect(uploadEpisode({ seriesId: 3, file }, (f) => progress.push(f))).resolves.toEqual(job);
    expect(calls).toEqual([
      {
        url: '/admin-api/content/episodes/upload-url',
        body: { seriesId: 3, contentType: 'video/mp4', size: 10 },
      },
      {
        url: '/admin-api/content/episodes/upload-done',
        body: { seriesId: 3, key: `uploads/${'a'.repeat(32)}/source` },
      },
    ]);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      method: 'PUT',
      url: 'https://store.example/o/uploads/x?X-Amz-Signature=ab',
    });
    expect(sent[0]!.headers['content-type']).toBe('video/mp4');
    // No bearer token goes to the store.
    expect(sent[0]!.headers.authorization).toBeUndefined();
    expect(sent[0]!.body).toBe(file);
    expect(progress).toEqual([0.5]);
  });

  it('refuses when the store refuses the PUT, without reporting it done', async () => {
    const fetchMock = vi.fn(async () =>
      ok({
        direct: true,
        url: 'https://store.example/put',
        key: `uploads/${'b'.repeat(32)}/source`,
        expiresAt: 1,
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    fakeXhr(403, '<Error><Code>AccessDenied</Code></Error>');
    const file = new File(['0123456789'], 'ep.mp4', { type: 'video/mp4' });
    await expect(uploadEpisode({ seriesId: 3, file }, () => undefined)).rejects.toThrow(/HTTP 403/);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends multipart to the server on local storage (direct: false)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ok({ direct: false, url: null, key: null, expiresAt: null })),
    );
    fakeXhr(200, JSON.stringify({ code: 200, msg: 'ok', data: job }));
    const file = new File(['0123456789'], 'ep.mp4', { type: 'video/mp4' });
    await expect(uploadEpisode({ seriesId: 3, episodeId: 9, file }, () => undefined)).resolves.toEqual(job);
    expect(sent[0]).toMatchObject({
      method: 'POST',
      url: '/admin-api/content/episodes/upload?seriesId=3&episodeId=9',
    });
    expect(sent[0]!.body).toBeInstanceOf(FormData);
    expect(sent[0]!.headers.authorization).toBe('Bearer tok-1');
  });
});
