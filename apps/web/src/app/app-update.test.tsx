import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppUpdate, BUILD_ID } from './app-update';

/** fetch answering /version.json with `buildId` and / with `page` (a status, or a network error). */
function stubServer(buildId: string, page: number | Error) {
  const fetchMock = vi.fn((input: RequestInfo | URL) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.startsWith('/version.json'))
      return Promise.resolve(new Response(JSON.stringify({ buildId }), { status: 200 }));
    if (page instanceof Error) return Promise.reject(page);
    return Promise.resolve(new Response('<!doctype html>', { status: page }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderUpdate(reload: () => void) {
  return render(<AppUpdate reload={reload} />);
}

afterEach(() => vi.unstubAllGlobals());

describe('app update', () => {
  it('stays away while the deployed build is this one', async () => {
    const fetchMock = stubServer(BUILD_ID, 200);
    renderUpdate(vi.fn());
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await act(() => Promise.resolve());
    expect(screen.queryByTestId('app-update')).toBeNull();
  });

  it('offers a newer build and loads it when its page answers', async () => {
    stubServer(`${BUILD_ID}-next`, 200);
    const reload = vi.fn();
    renderUpdate(reload);
    fireEvent.click(await screen.findByTestId('app-update-install'));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('says "Failed to install the upgrade package" when the new build cannot be reached, and stays', async () => {
    stubServer(`${BUILD_ID}-next`, new TypeError('offline'));
    const reload = vi.fn();
    renderUpdate(reload);
    fireEvent.click(await screen.findByTestId('app-update-install'));
    expect(await screen.findByText('Failed to install the upgrade package')).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByTestId('app-update')).toBeInTheDocument();
  });
});
