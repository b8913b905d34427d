import { Button } from 'antd-mobile';
import { useSearchParams } from 'react-router-dom';
import { useT } from '../../../shared/i18n';
import { AlertIcon, EmptyState, PageContainer } from '../../../shared/ui';
import { webViewAddress } from '../lib/addresses';
import '../common.css';

/**
 * /pages/common/webView and /pages/webview/index: another site's page (`?url=`, http or https
 * only) inside the app under a back header, with "Open in browser" for sites that refuse frames.
 */
export default function WebViewPage() {
  const t = useT();
  const [params] = useSearchParams();
  const address = webViewAddress(params.get('url'));
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
        <EmptyState
          testId="web-view-refused"
          icon={<AlertIcon />}
          title={t('webView.refusedTitle')}
          description={t('webView.refusedBody')}
        />
      )}
    </PageContainer>
  );
}
