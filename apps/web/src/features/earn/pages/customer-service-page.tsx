import { useUserInfo } from '../../../shared/api/user-info';
import { useT } from '../../../shared/i18n';
import { SupportContacts, SupportIntro } from '../../../shared/support/support-contacts';
import { PageContainer } from '../../../shared/ui';
import '../earn.css';

/** /pages/earn/customerService: the tenant's contacts, this site's Telegram agent, the chat (later). */
export default function CustomerServicePage() {
  const t = useT();
  const user = useUserInfo();
  return (
    <PageContainer title={t('support.title')} className="ds-earn">
      <SupportIntro text={t('support.intro')} testId="customer-service" />
      <SupportContacts />
      {user && (
        <p className="ds-earn__note" data-testid="customer-service-id">
          {t('support.yourId', { id: user.userId })}
        </p>
      )}
    </PageContainer>
  );
}
