import { Button } from 'antd-mobile';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { openLoginPanel } from '../../../shared/auth/login-panel-store';
import { useT } from '../../../shared/i18n';
import { rememberInviteCode } from '../../../shared/invite';
import { ROUTES } from '../../../shared/routes';
import { useSession } from '../../../shared/store/session';
import { Brand, EmptyState, PlayFilledIcon, Spinner } from '../../../shared/ui';
import { useSeriesDetail } from '../api/series-detail';
import { categoryLabel } from '../lib/category';
import { detailsPath, idParam } from '../lib/links';
import '../drama.css';

/**
 * Where a shared link lands (`?seriesId=ID&videoId=ID&inviteCode=CODE`): the series, a big
 * "Watch now" (at the shared episode),
 * and for guests "Sign up", with the sharer's invite code remembered (cookie `inviteInfo`) and
 * filled into the registration.
 */
export default function DrainagePage() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const seriesId = idParam(params.get('seriesId'));
  const videoId = idParam(params.get('videoId')) || undefined;
  const inviteCode = params.get('inviteCode')?.trim().slice(0, 8) ?? '';
  const hasLogin = useSession((s) => s.hasLogin);
  const detail = useSeriesDetail(seriesId);

  useEffect(() => {
    if (inviteCode && !hasLogin) rememberInviteCode(inviteCode);
  }, [inviteCode, hasLogin]);

  const series = detail.data?.series;
  let body;
  if (seriesId > 0 && detail.isPending) {
    body = (
      <div className="ds-page-status" role="status">
        <Spinner />
        <span className="ds-visually-hidden">{t('common.loading')}</span>
      </div>
    );
  } else if (!series) {
    body = (
      <EmptyState
        testId="drainage-missing"
        title={seriesId === 0 || detail.error ? t('drama.notFound') : t('common.loadErrorTitle')}
        action={
          <Button color="primary" onClick={() => void navigate(ROUTES.home)}>
            {t('common.backHome')}
          </Button>
        }
      />
    );
  } else {
    body = (
      <>
        <div className="ds-drainage__hero">
          <img className="ds-drainage__backdrop" src={series.cover} alt="" aria-hidden="true" />
          <img className="ds-drainage__cover" src={series.cover} alt="" width={600} height={800} />
        </div>
        <section className="ds-drainage__info">
          <h1 className="ds-drainage__title">{series.title}</h1>
          <p className="ds-muted">
            {categoryLabel(t, series.category)}
            {' · '}
            {t('drama.episodeCount', { count: series.episodeCount })}
          </p>
          {series.freeEpisodes > 0 && (
            <p className="ds-drainage__free" data-testid="drainage-free">
              {t('drainage.free', { count: series.freeEpisodes })}
            </p>
          )}
          <p className="ds-drainage__description">{series.description}</p>
          <Button
            block
            color="primary"
            size="large"
            shape="rounded"
            data-testid="drainage-watch"
            onClick={() => void navigate(detailsPath(series.id, videoId))}
          >
            <span className="ds-button-icon">
              <PlayFilledIcon />
              {t('drainage.watch')}
            </span>
          </Button>
          {!hasLogin && (
            <>
              <Button
                block
                fill="outline"
                size="large"
                shape="rounded"
                data-testid="drainage-signup"
                onClick={() => openLoginPanel('register')}
              >
                {t('drainage.signup')}
              </Button>
              <p className="ds-muted ds-drainage__hint">
                {inviteCode ? t('drainage.invited', { code: inviteCode }) : t('drainage.signupHint')}
              </p>
            </>
          )}
        </section>
      </>
    );
  }

  return (
    <div className="ds-page ds-drainage" data-testid="drainage-page">
      <header className="ds-home__bar">
        <Brand />
        <Link to={ROUTES.home} className="ds-link" data-testid="drainage-home">
          {t('drainage.more')}
        </Link>
      </header>
      <main className="ds-page__body">{body}</main>
    </div>
  );
}
