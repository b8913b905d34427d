import { useT } from '../../../shared/i18n';
import { Brand, EmptyState, PageContainer } from '../../../shared/ui';

export default function HomePage() {
  const t = useT();
  return (
    <PageContainer className="ds-home">
      <header className="ds-tab-header">
        <Brand />
      </header>
      <EmptyState testId="home-empty" title={t('home.emptyTitle')} description={t('home.emptyDescription')} />
    </PageContainer>
  );
}
