import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useT } from '../../../shared/i18n';
import { ROUTES } from '../../../shared/routes';
import { CompassIcon, EmptyState, PageContainer } from '../../../shared/ui';

export default function NotFoundPage() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <PageContainer title={t('notFound.title')}>
      <EmptyState
        testId="not-found"
        icon={<CompassIcon />}
        title={t('notFound.title')}
        description={t('notFound.description')}
        action={
          <Button color="primary" onClick={() => void navigate(ROUTES.home, { replace: true })}>
            {t('common.backHome')}
          </Button>
        }
      />
    </PageContainer>
  );
}
