import { Button } from 'antd-mobile';
import { isApiError } from '../../../shared/api/api-error';
import { useT } from '../../../shared/i18n';
import { AlertIcon, EmptyState, GiftIcon, PageContainer } from '../../../shared/ui';
import { useEarnSwitch } from '../api/query-earn-switch';

export default function EarnPage() {
  const t = useT();
  const earn = useEarnSwitch();

  return (
    <PageContainer title={t('tab.earn')} showBack={false} loading={earn.isPending && !earn.isError}>
      {earn.isError ? (
        <EmptyState
          testId="earn-error"
          icon={<AlertIcon />}
          title={t('common.loadErrorTitle')}
          description={
            // A refusal carries the server's translated reason; no answer means a connection problem.
            isApiError(earn.error) && earn.error.kind === 'api'
              ? earn.error.message
              : t('common.loadErrorDescription')
          }
          action={
            <Button color="primary" loading={earn.isFetching} onClick={() => void earn.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : earn.data?.enabled === false ? (
        <EmptyState
          testId="earn-disabled"
          icon={<GiftIcon />}
          title={t.message('EarnDisabled')}
          description={t('earn.disabledDescription')}
        />
      ) : (
        <EmptyState
          testId="earn-empty"
          icon={<GiftIcon />}
          title={t('earn.emptyTitle')}
          description={t('earn.emptyDescription')}
        />
      )}
    </PageContainer>
  );
}
