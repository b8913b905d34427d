import { APP_VERSION, APP_VERSION_CODE } from '@dramastar/contract';
import { Link } from 'react-router-dom';
import { useT } from '../../../shared/i18n';
import { ROUTES } from '../../../shared/routes';
import { useSession } from '../../../shared/store/session';
import { PageContainer } from '../../../shared/ui';

/** /pages/profile/setting/aboutUs: what the app is, its version, how to reach us. */
export default function AboutUsPage() {
  const t = useT();
  const name = useSession((s) => s.tenantName);
  return (
    <PageContainer title={t('aboutUs.title')}>
      <article className="ds-prose" data-testid="about-us">
        <div className="ds-install__app">
          <img src="/logo.svg" alt="" width={72} height={72} />
          <strong>{name}</strong>
          <span className="ds-muted" data-testid="about-version">
            {t('aboutUs.version', { version: APP_VERSION, code: APP_VERSION_CODE })}
          </span>
        </div>
        <p>{t('aboutUs.intro', { name })}</p>
        <h2>{t('aboutUs.watchTitle')}</h2>
        <p>{t('aboutUs.watchBody')}</p>
        <h2>{t('aboutUs.earnTitle')}</h2>
        <p>{t('aboutUs.earnBody')}</p>
        <h2>{t('aboutUs.contactTitle')}</h2>
        <p>
          {t('aboutUs.contactBody')}{' '}
          <Link className="ds-link" to={ROUTES.contactUs} data-testid="about-contact">
            {t('contactUs.title')}
          </Link>
        </p>
      </article>
    </PageContainer>
  );
}
