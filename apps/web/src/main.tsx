import './app/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { bootstrapTenant } from './app/bootstrap';
import { bootShellPainted } from './shared/boot-shell';
import { bootVideoSettled } from './shared/boot-video';
import { openEpisodeAhead } from './features/drama/api/open-ahead';
import { createQueryClient } from './shared/api/query-client';
import { followLanguage } from './shared/i18n';
import { fetchPartsAhead } from './shared/parts-ahead';
import { listenForInstallPrompt, registerServiceWorker } from './shared/pwa/install';
import { useSession } from './shared/store/session';
import { applyTheme } from './shared/theme/apply-theme';
import { trackVisit } from './shared/analytics/tracker';

// Before the first paint, so a light-mode user never sees a dark flash (and vice versa).
applyTheme(useSession.getState().theme);
// A shared episode link: the series and the episode's address are asked now, not after the page's
// scripts (features/drama/api/open-ahead.ts).
void openEpisodeAhead(location.hash);
void bootstrapTenant();
trackVisit();
// A stored session is checked at once: a dead one answers 401 and logs out. (The module comes with
// the contract's calls, which the first screen's script leaves out: see shared/api/calls.ts.) A
// guest has none, and asks not even the module.
if (useSession.getState().token) {
  void import('./shared/api/user-info').then(({ refreshUserInfo }) => refreshUserInfo());
}
listenForInstallPrompt();
registerServiceWorker();
// Popups' and sheets' files, fetched (not run) once the page has loaded, so they open offline too.
fetchPartsAhead();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
// The first screen waits for its language's catalogue (one small chunk); should it fail to load,
// the app starts all the same (the request helper's toasts say the network failed). It also lets
// index.html's boot shell paint first (Home's banner, the feed's first poster). The first render
// is a transition: React yields to the browser every few milliseconds instead of holding the main
// thread for the whole tree (a phone's taps and frames are not held up; the boot shell covers the
// page until it is drawn). A guest's shared episode already playing in the boot shell gets a few
// seconds of buffer first (at most 8 s): on 3G the page's scripts would otherwise stall it.
void Promise.all([followLanguage().catch(() => undefined), bootShellPainted(), bootVideoSettled()]).then(
  () => {
    const root = createRoot(container);
    startTransition(() =>
      root.render(
        <StrictMode>
          <App queryClient={createQueryClient()} />
        </StrictMode>,
      ),
    );
  },
);
