import { useUserInfo } from '../../../shared/api/user-info';
import { useT } from '../../../shared/i18n';
import { SupportContacts, SupportIntro } from '../../../shared/support/support-contacts';
import { PageContainer } from '../../../shared/ui';

/** /pages/profile/contactUs/index: the tenant's support contacts (the same as Earn → Customer service). */
export default function ContactUsPage() {
  const t = useT();
  const user = useUserInfo();
  return (
    <PageContainer title={t('contactUs.title')}>
      <SupportIntro text={t('contactUs.intro')} testId="contact-us" />
      <SupportContacts testId="contact-us-contacts" />
      <article className="ds-prose">
        <h2>{t('contactUs.includeTitle')}</h2>
        <p>{t('contactUs.includeBody')}</p>
        {user && <p data-testid="contact-us-id">{t('profile.id', { id: user.userId })}</p>}
      </article>
    </PageContainer>
  );
}
