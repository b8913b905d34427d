import type { TranslationKey } from '../../../shared/i18n';
import { useT } from '../../../shared/i18n';
import { PageContainer } from '../../../shared/ui';

const SECTIONS: readonly { title: TranslationKey; paragraphs: readonly TranslationKey[] }[] = [
  {
    title: 'privacy.collectTitle',
    paragraphs: [
      'privacy.collectAccount',
      'privacy.collectHistory',
      'privacy.collectWallet',
      'privacy.collectDevice',
    ],
  },
  { title: 'privacy.useTitle', paragraphs: ['privacy.useBody'] },
  { title: 'privacy.shareTitle', paragraphs: ['privacy.shareBody'] },
  { title: 'privacy.retentionTitle', paragraphs: ['privacy.retentionBody'] },
  { title: 'privacy.rightsTitle', paragraphs: ['privacy.rightsBody', 'privacy.rightsCancellation'] },
  { title: 'privacy.contactTitle', paragraphs: ['privacy.contactBody'] },
];

export default function PrivacyPage() {
  const t = useT();
  return (
    <PageContainer title={t('privacy.title')}>
      <article className="ds-prose" data-testid="privacy-policy">
        <p>{t('privacy.intro')}</p>
        {SECTIONS.map((section) => (
          <section key={section.title}>
            <h2>{t(section.title)}</h2>
            {section.paragraphs.map((key) => (
              <p key={key}>{t(key)}</p>
            ))}
          </section>
        ))}
      </article>
    </PageContainer>
  );
}
