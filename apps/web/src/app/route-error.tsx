import { Button } from '../shared/ui/button';
import { useT } from '../shared/i18n';
import { AlertIcon, EmptyState } from '../shared/ui';

/** Last resort when a page throws while rendering: say so and offer a reload. */
export function RouteError() {
  const t = useT();
  return (
    <div className="ds-page-status" data-testid="route-error">
      <EmptyState
        icon={<AlertIcon />}
        title={t('page.loadErrorTitle')}
        description={t('page.crashDescription')}
        action={
          <Button color="primary" onClick={() => window.location.reload()}>
            {t('common.reload')}
          </Button>
        }
      />
    </div>
  );
}
