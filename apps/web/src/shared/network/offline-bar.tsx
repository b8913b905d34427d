import { useEffect } from 'react';
import { useT } from '../i18n';
import { useOnline } from './online';

/**
 * "You're offline" across the top of every page while the browser has no network: what shows was
 * loaded before, and pages refresh by themselves when it returns (queries refetch on reconnect).
 */
export function OfflineBar() {
  const t = useT();
  const online = useOnline();
  // The app moves down by the bar while it shows, so that it covers no page's header.
  useEffect(() => {
    document.documentElement.classList.toggle('ds-offline', !online);
  }, [online]);
  if (online) return null;
  return (
    <div className="ds-offline-bar" role="status" data-testid="offline-bar">
      <span>
        <strong>{t('offline.title')}</strong> {t('offline.hint')}
      </span>
    </div>
  );
}
