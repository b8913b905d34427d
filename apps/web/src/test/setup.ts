import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { loadAllLocales } from '../shared/i18n';
// antd-mobile's texts follow the language, as they do once a page has loaded (app/lazy-page.tsx).
import '../shared/ui/antd-locale';
import { initialSessionState, useSession } from '../shared/store/session';

// One bound for every wait on the page (findBy…, waitFor), as for the console: a busy machine
// renders slowly, and a wait returns as soon as its condition holds.
configure({ asyncUtilTimeout: 10_000 });

// antd-mobile and our own code read these; jsdom does not have them.
if (!('matchMedia' in window)) {
  Object.defineProperty(window, 'matchMedia', {
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

// antd-mobile's passcode input scrolls its cells into view a moment after it is focused.
if (typeof Element.prototype.scrollIntoView !== 'function') {
  Element.prototype.scrollIntoView = () => undefined;
}

// The app loads one language's catalogue at a time; tests switch languages freely.
beforeAll(loadAllLocales);

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
  useSession.setState(initialSessionState());
});
