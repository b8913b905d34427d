import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App } from '../app/app';

/** Renders the whole app at a hash route, with a query client that does not retry. */
export function renderAt(hash: string) {
  window.history.replaceState(null, '', hash);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return { ...render(<App queryClient={queryClient} />), queryClient };
}

/**
 * How long a test waits for the app to show something. Generous because the suite shares two
 * cores with the server tests; a passing check returns as soon as it passes.
 */
export const wait = { timeout: 10_000 };
