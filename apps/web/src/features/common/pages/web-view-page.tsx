import { Button } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useT } from '../../../shared/i18n';
import { ROUTES } from '../../../shared/routes';
import { AlertIcon, CompassIcon, EmptyState, PageContainer } from '../../../shared/ui';
import { webViewAddress } from '../lib/addresses';
import '../common.css';

/**
 * /pages/common/webView and /pages/webview/index: another site's page (`?url=`, http or https
 * only) inside the app under a back header, with "Open in browser" for sites that refuse frames.
 */
export default function WebViewPage() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const given = params.get('url')?.trim() ?? '';
  const address = webViewAddress(given || null);
  const title = params.get('title')?.slice(0, 60) || address?.hostname || t('webView.title');
  return (
    <PageContainer title={title} className="ds-web-view">
      {address ? (
        <div className="ds-web-view__body" data-testid="web-view">
          <iframe
            className="ds-web-view__frame"
            src={address.href}
            title={title}
            sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
            referrerPolicy="no-referrer"
            data-testid="web-view-frame"
          />
          <Button
            block
            fill="outline"
            data-testid="web-view-open"
            onClick={() => void window.open(address.href, '_blank', 'noopener,noreferrer')}
          >
            {t('webView.openInBrowser')}
          </Button>
        </div>
      ) : (
        // No address at all (an old or cut link) is not a refused one: say that, and lead Home.
        <EmptyState
          testId={given ? 'web-view-refused' : 'web-view-empty'}
          icon={given ? <AlertIcon /> : <CompassIcon />}
          title={t(given ? 'webView.refusedTitle' : 'webView.emptyTitle')}
          description={t(given ? 'webView.refusedBody' : 'webView.emptyBody')}
          action={
            <Button color="primary" data-testid="web-view-home" onClick={() => void navigate(ROUTES.home)}>
              {t('common.backHome')}
            </Button>
          }
        />
      )}
    </PageContainer>
  );
}
