import { useT } from '../../../shared/i18n';
import { HeadsetIcon, MailIcon, PageContainer } from '../../../shared/ui';

/** The support address of this site: support@ the host the app is served from. */
export function supportEmail(host: string = window.location.hostname): string {
  return `support@${host.replace(/^www\./, '')}`;
}

/** /pages/profile/contactUs/index: how to reach support. */
export default function ContactUsPage() {
  const t = useT();
  const email = supportEmail();
  return (
    <PageContainer title={t('contactUs.title')}>
      <article className="ds-prose" data-testid="contact-us">
        <div className="ds-contact__icon" aria-hidden="true">
          <HeadsetIcon />
        </div>
        <p>{t('contactUs.intro')}</p>
        <a className="ds-contact__email" href={`mailto:${email}`} data-testid="contact-email">
          <MailIcon />
          <span>{email}</span>
        </a>
        <h2>{t('contactUs.includeTitle')}</h2>
        <p>{t('contactUs.includeBody')}</p>
        <h2>{t('contactUs.chatTitle')}</h2>
        <p>{t('contactUs.chatBody')}</p>
      </article>
    </PageContainer>
  );
}
