import { LIMITS } from '@dramastar/contract';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_KEY } from '../shared/store/storage-keys';
import { isChunkLoadError, lazyPage } from './lazy-page';

type PageModule = { default: ComponentType };

function Loaded() {
  return <p>page content</p>;
}

/** A loader whose promise the test settles by hand. */
function deferredLoader() {
  const pending: { resolve: (m: PageModule) => void; reject: (e: unknown) => void }[] = [];
  const loader = vi.fn(
    () =>
      new Promise<PageModule>((resolve, reject) => {
        pending.push({ resolve, reject });
      }),
  );
  return { loader, pending };
}

/** React reports caught render errors to window; keep the test output quiet. */
function silenceRenderErrors() {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const quiet = (event: ErrorEvent) => event.preventDefault();
  window.addEventListener('error', quiet);
  return () => window.removeEventListener('error', quiet);
}

/** Settles the loader inside act and lets React finish rendering. */
async function settle(action: () => void) {
  await act(async () => {
    action();
    await Promise.resolve();
  });
}

const loaderShown = () => screen.queryByTestId('loading-mask');
const errorShown = () => screen.queryByTestId('page-load-error');

describe('lazyPage', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows nothing before 200 ms and the loading screen after', async () => {
    const { loader } = deferredLoader();
    const Page = lazyPage(loader);
    render(<Page />);
    await act(() => vi.advanceTimersByTimeAsync(LIMITS.pageAsyncDelayMs - 1));
    expect(loaderShown()).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(loaderShown()).not.toBeNull();
    expect(errorShown()).toBeNull();
  });

  it('never flashes the loader when the page arrives within 200 ms', async () => {
    const { loader, pending } = deferredLoader();
    const Page = lazyPage(loader);
    render(<Page />);
    await act(() => vi.advanceTimersByTimeAsync(100));
    await settle(() => pending[0]!.resolve({ default: Loaded }));
    await act(() => vi.advanceTimersByTimeAsync(LIMITS.pageTimeoutMs));
    expect(screen.getByText('page content')).toBeInTheDocument();
    expect(loaderShown()).toBeNull();
    expect(errorShown()).toBeNull();
  });

  it('shows an error with Retry after 60 s, and Retry loads the page again', async () => {
    const { loader, pending } = deferredLoader();
    const Page = lazyPage(loader);
    render(<Page />);
    await act(() => vi.advanceTimersByTimeAsync(LIMITS.pageTimeoutMs - 1));
    expect(errorShown()).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(errorShown()).not.toBeNull();
    expect(loaderShown()).toBeNull();

    fireEvent.click(screen.getByTestId('page-retry'));
    expect(loader).toHaveBeenCalledTimes(2);
    expect(errorShown()).toBeNull();
    await settle(() => pending[1]!.resolve({ default: Loaded }));
    expect(screen.getByText('page content')).toBeInTheDocument();
  });

  it('gives the page’s script up after 120 s without reloading, and Retry asks for it again', async () => {
    const { loader, pending } = deferredLoader();
    const reload = vi.fn();
    const Page = lazyPage(loader, { reload });
    const restore = silenceRenderErrors();
    render(<Page />);
    await act(() => vi.advanceTimersByTimeAsync(LIMITS.scriptLoadTimeoutMs));
    expect(errorShown()).not.toBeNull();
    expect(errorShown()!.textContent).toContain('taking too long');
    expect(reload).not.toHaveBeenCalled();
    // The first script arriving late changes nothing; Retry asks again and shows the page.
    await settle(() => pending[0]!.resolve({ default: Loaded }));
    expect(screen.queryByText('page content')).toBeNull();
    fireEvent.click(screen.getByTestId('page-retry'));
    expect(loader).toHaveBeenCalledTimes(2);
    await settle(() => pending[1]!.resolve({ default: Loaded }));
    expect(screen.getByText('page content')).toBeInTheDocument();
    restore();
  });

  it('reloads the page once when a chunk is gone after a redeploy', async () => {
    const { loader, pending } = deferredLoader();
    const reload = vi.fn();
    const Page = lazyPage(loader, { reload });
    const restore = silenceRenderErrors();
    render(<Page />);
    await settle(() =>
      pending[0]!.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
    );
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBe('1');
    expect(errorShown()).toBeNull();
    restore();
  });

  it('shows Retry instead of reloading again after a reload already happened', async () => {
    sessionStorage.setItem(CHUNK_RELOAD_KEY, '1');
    const { loader, pending } = deferredLoader();
    const reload = vi.fn();
    const Page = lazyPage(loader, { reload });
    const restore = silenceRenderErrors();
    render(<Page />);
    const chunkError = Object.assign(new Error('Loading chunk 7 failed.'), { name: 'ChunkLoadError' });
    await settle(() => pending[0]!.reject(chunkError));
    expect(reload).not.toHaveBeenCalled();
    expect(errorShown()).not.toBeNull();

    fireEvent.click(screen.getByTestId('page-retry'));
    await settle(() => pending[1]!.resolve({ default: Loaded }));
    expect(screen.getByText('page content')).toBeInTheDocument();
    // The page loaded, so a later redeploy may reload once more.
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBeNull();
    restore();
  });

  it('recognises chunk load errors', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: x'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(Object.assign(new Error('x'), { name: 'ChunkLoadError' }))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});
