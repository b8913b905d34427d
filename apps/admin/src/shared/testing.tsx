import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Language } from '@dramastar/contract';
import { cleanup, render } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, vi } from 'vitest';
import { useLanguage } from './i18n';
import { useSession } from './session/session';

/** What jsdom lacks and antd asks for (ResizeObserver, matchMedia). */
export function installDomStubs(): void {
  Object.defineProperty(window, 'ResizeObserver', {
    configurable: true,
    value: class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  });
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

export type Answer = { status?: number; body: unknown };
/** The server as a test wants it: `answer(path, body)` per call; requests are recorded. */
export function stubServer(answer: (path: string, body: unknown, headers: Headers) => Answer) {
  const calls: { path: string; body: unknown; headers: Headers }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.split('?')[0] ?? url;
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      const headers = new Headers(init?.headers);
      calls.push({ path, body, headers });
      const { status = 200, body: data } = answer(path, body, headers);
      const envelope = status === 200 ? { code: 200, msg: 'ok', data } : data;
      return new Response(JSON.stringify(envelope), { status });
    }),
  );
  return calls;
}

/** Renders a console part with a fresh query client, antd's App and a router at `path`. */
export function renderConsole(ui: ReactNode, path = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

/**
 * The console signed in as an owner of tenant 000000 speaking `language`, for each test of the
 * file (the session and the language are reset after each).
 */
export function consoleOwnerEachTest(language: Language): void {
  beforeEach(() => {
    useSession.getState().signIn('tok', {
      id: '1',
      username: 'owner',
      role: 'owner',
      tenantIds: ['000000'],
      mustChangePassword: false,
      totpEnabled: true,
      totpRequired: true,
    });
    useLanguage.getState().setLanguage(language);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useSession.getState().clear();
    useLanguage.getState().setLanguage('en');
  });
}
