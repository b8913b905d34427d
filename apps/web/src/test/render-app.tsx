import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render } from '@testing-library/react';
import { App } from '../app/app';

/** Renders the whole app at a hash route, with a query client that does not retry. */
export function renderAt(hash: string) {
  window.history.replaceState(null, '', hash);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return { ...render(<App queryClient={queryClient} />), queryClient };
}

/** Types the 6 digits into the payment-password sheet (withdrawals, copyright purchases). */
export function typePassword(digits: string) {
  const input = document.querySelector<HTMLInputElement>('.adm-passcode-input-native-input');
  if (!input) throw new Error('no passcode input');
  fireEvent.change(input, { target: { value: digits } });
}
