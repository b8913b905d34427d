import { Button } from '../shared/ui/button';
import { useEffect, useState } from 'react';
import { useT } from '../shared/i18n';
import { showNotify } from '../shared/ui/toast';

/** This build's id (vite.config.ts writes the same one to /version.json). */
export const BUILD_ID: string = __BUILD_ID__;

/** Asked when the app comes back to the screen, and at most this often. */
const CHECK_EVERY_MS = 10 * 60 * 1000;

/** The id of the build deployed now, or null when it cannot be told (offline, a dev server). */
export async function deployedBuild(): Promise<string | null> {
  try {
    // A fresh address each time: no browser or CDN cache answers for the deploy.
    const res = await fetch(`/version.json?t=${Date.now()}`, { cache: 'no-store' });
    if (!res.ok) return null;
    const body = (await res.json()) as { buildId?: unknown };
    return typeof body.buildId === 'string' && body.buildId !== '' ? body.buildId : null;
  } catch {
    return null;
  }
}

/**
 * Loads the new build: its page must answer first (a reload into a failing deploy would leave the
 * viewer with nothing); otherwise "Failed to install the upgrade package" and the app stays.
 */
export async function installUpdate(reload: () => void): Promise<boolean> {
  try {
    const res = await fetch('/', { cache: 'no-store' });
    if (!res.ok) return false;
    reload();
    return true;
  } catch {
    return false;
  }
}

/** A bar offering the newer build when one is deployed (1.8.4 (184) knows when it is behind). */
export function AppUpdate({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const t = useT();
  const [newer, setNewer] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let last = 0;
    const check = () => {
      if (document.visibilityState === 'hidden' || Date.now() - last < CHECK_EVERY_MS) return;
      last = Date.now();
      void deployedBuild().then((id) => {
        if (id !== null && id !== BUILD_ID) setNewer(true);
      });
    };
    check();
    document.addEventListener('visibilitychange', check);
    const timer = setInterval(check, CHECK_EVERY_MS);
    return () => {
      document.removeEventListener('visibilitychange', check);
      clearInterval(timer);
    };
  }, []);

  if (!newer) return null;
  return (
    <div className="ds-app-update" role="status" data-testid="app-update">
      <span>{t('app.updateReady')}</span>
      <Button
        size="mini"
        color="primary"
        loading={busy}
        data-testid="app-update-install"
        onClick={() => {
          setBusy(true);
          void installUpdate(reload).then((done) => {
            setBusy(false);
            if (!done) showNotify(t('app.updateFailed'));
          });
        }}
      >
        {t('app.update')}
      </Button>
    </div>
  );
}
