import { useT } from '../../../shared/i18n';
import { EmptyState, PageContainer, PlayIcon } from '../../../shared/ui';

export default function ShortsPage() {
  const t = useT();
  return (
    <PageContainer title={t('tab.shorts')} showBack={false}>
      <EmptyState
        testId="shorts-empty"
        icon={<PlayIcon />}
        title={t('shorts.emptyTitle')}
        description={t('shorts.emptyDescription')}
      />
    </PageContainer>
  );
}
