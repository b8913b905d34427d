import type { EpisodeInfo } from '@dramastar/contract';
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { isApiError } from '../../../shared/api/api-error';
import { dropBootShell, dropBootShellOver } from '../../../shared/boot-shell';
import { useT } from '../../../shared/i18n';
import { ROUTES } from '../../../shared/routes';
import {
  BookmarkIcon,
  CompassIcon,
  EmptyState,
  ListIcon,
  PageContainer,
  ShareLinkIcon,
} from '../../../shared/ui';
import { Button } from '../../../shared/ui/button';
import { useToggleFollow } from '../api/follow';
import type { LockedInfo } from '../api/play';
import { useSeriesDetail } from '../api/series-detail';
import { ActionButton } from '../components/action-button';
import { DetailsPlayer } from '../components/details-player';
import { SubtitleToggle } from '../components/subtitles';
import { useSubtitles } from '../player/use-subtitles';
import { EpisodeGrid } from '../components/episode-grid';
import { LikeButton } from '../components/like-button';
import { useShareSeries } from '../components/share';
import { UnlockPrompt } from '../components/unlock-prompt';
import { categoryLabel, tagLabel } from '../lib/category';
import { useEngagement } from '../lib/engagement-store';
import { idParam } from '../lib/links';
import { openingEpisode, resumeAt } from '../lib/opening-episode';
import { useEpisodeSwipe } from '../lib/use-episode-swipe';
import { useProgressRecorder } from '../lib/use-progress-recorder';
import { useEpisodeEvents, usePaywallShown } from '../../../shared/analytics/use-episode-events';
import '../drama.css';

/** The rail's subtitle button follows the element itself: a cue change redraws it, not the page. */
function RailSubtitles({ video }: { video: HTMLVideoElement | null }) {
  const view = useSubtitles(() => video, video);
  return <SubtitleToggle view={view} testId="details-subtitles" />;
}

export default function VideoDetailsPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const seriesId = idParam(params.get('seriesId'));
  const requestedId = idParam(params.get('videoId'));
  const navigate = useNavigate();
  const detail = useSeriesDetail(seriesId);
  const [locked, setLocked] = useState<ReadonlyMap<number, LockedInfo>>(new Map());
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [ended, setEnded] = useState(false);
  const { share, popup: sharePopup } = useShareSeries();
  const toggleFollow = useToggleFollow();
  /** The saved progress applies to the episode the page opens with, until another is chosen. */
  const [resumeConsumed, setResumeConsumed] = useState(false);

  // The answer is drawn by a background render that yields to the browser (as on Home): arriving
  // alone it drew the whole page in one blocking task. Another series' answer, still deferred
  // after the address changed, is never drawn under this one's id.
  const deferred = useDeferredValue(detail.data);
  const data = deferred === undefined || deferred.series.id === seriesId ? deferred : detail.data;
  const waiting = data === undefined && !detail.isError;
  const episodes = useMemo(() => data?.episodes ?? [], [data]);
  const stoppedInId = data?.progress?.videoId;
  const episode = useMemo(
    () => openingEpisode(episodes, requestedId, stoppedInId),
    [episodes, requestedId, stoppedInId],
  );
  const index = episode ? episodes.indexOf(episode) : -1;
  const freeEpisodes = data?.series.freeEpisodes ?? 0;
  /** A card was just bought on this episode's paywall: it stays until "Continue watching". */
  const [paidOn, setPaidOn] = useState<{ videoId: number; lock: LockedInfo } | null>(null);
  const lock: LockedInfo | null = useMemo(() => {
    if (!episode) return null;
    if (paidOn?.videoId === episode.id) return paidOn.lock;
    return (
      locked.get(episode.id) ?? (episode.locked ? { seriesId, number: episode.number, freeEpisodes } : null)
    );
  }, [episode, locked, seriesId, freeEpisodes, paidOn]);
  // The next episode is paid: its prompt's script is asked now, so that it shows at once then.
  const nextLocked = index >= 0 && episodes[index + 1]?.locked === true;
  useEffect(() => {
    if (nextLocked) UnlockPrompt.prefetch();
  }, [nextLocked]);

  const changedFollow = useEngagement((s) => s.follows[seriesId]);
  const favorited = changedFollow?.favorited ?? data?.favorited ?? false;

  const startAt = episode && data && !resumeConsumed ? resumeAt(episode, data.progress) : 0;

  const open = useCallback(
    (next: EpisodeInfo) => {
      setResumeConsumed(true);
      setEnded(false);
      setParams({ seriesId: String(seriesId), videoId: String(next.id) }, { replace: true });
    },
    [seriesId, setParams],
  );

  // Swipe up or down over the player: the next or previous episode of the series.
  const swipe = useEpisodeSwipe(
    useCallback(
      (delta: 1 | -1) => {
        const target = episodes[index + delta];
        if (target) open(target);
      },
      [episodes, index, open],
    ),
  );

  const onEnded = useCallback(() => {
    const next = episodes[index + 1];
    if (next) open(next);
    else setEnded(true);
  }, [episodes, index, open]);

  const onLocked = useCallback(
    (info: LockedInfo) => {
      if (episode) setLocked((map) => new Map(map).set(episode.id, info));
    },
    [episode],
  );

  // index.html may have drawn this episode's poster before the script ran (a guest's cold open):
  // it goes once the player shows the same picture, at once when the page shows anything else.
  const poster = waiting ? null : episode && !lock ? episode.poster : undefined;
  useEffect(() => (poster === null ? undefined : dropBootShellOver(poster)), [poster]);
  useEffect(() => dropBootShell, []);

  const watching = useMemo(
    () => (episode && video && !lock ? { seriesId, videoId: episode.id, video: () => video } : null),
    [episode, video, lock, seriesId],
  );
  useProgressRecorder(watching);
  // Episodes played on this visit join the ones the server knows for the grid's watched marks.
  const [playedHere, setPlayedHere] = useState<ReadonlySet<number>>(new Set());
  const playingId = watching?.videoId;
  if (playingId !== undefined && !playedHere.has(playingId)) {
    setPlayedHere(new Set(playedHere).add(playingId));
  }
  const watchedIds = useMemo(
    () => [...new Set([...(data?.watched ?? []), ...playedHere])],
    [data, playedHere],
  );
  useEpisodeEvents(watching, episode?.number, 'other');
  usePaywallShown(lock && episode ? { seriesId, episodeId: episode.id, episode: episode.number } : null);

  // A series that does not exist here (removed, another tenant's, a mistyped link) is not found;
  // Retry is offered only when trying again can help.
  const missing = seriesId === 0 || (isApiError(detail.error) && detail.error.code === 404);
  if (missing || detail.isError) {
    return (
      <PageContainer title={t('drama.details')} className="ds-details">
        <EmptyState
          testId={missing ? 'details-not-found' : 'details-error'}
          icon={missing ? <CompassIcon /> : undefined}
          title={missing ? t('drama.notFound') : t('common.loadErrorTitle')}
          description={missing ? t('notFound.description') : t('common.loadErrorDescription')}
          action={
            missing ? (
              <Button color="primary" onClick={() => void navigate(ROUTES.home, { replace: true })}>
                {t('common.backHome')}
              </Button>
            ) : (
              <Button color="primary" onClick={() => void detail.refetch()}>
                {t('common.retry')}
              </Button>
            )
          }
        />
      </PageContainer>
    );
  }

  const firstFree = episodes.find((e) => !e.locked);

  return (
    <PageContainer title={data?.series.title ?? ''} className="ds-details" loading={waiting}>
      {data && episode && (
        <div data-testid="details-page" data-series-id={seriesId} data-video-id={episode.id}>
          <div className="ds-details__player" data-testid="details-stage" {...swipe}>
            {lock ? (
              <div className="ds-player">
                <div className="ds-player__stage ds-player__stage--locked">
                  <img className="ds-player__poster" src={episode.poster} alt="" />
                  <div className="ds-player__overlay ds-player__overlay--prompt">
                    <UnlockPrompt
                      number={lock.number}
                      freeEpisodes={lock.freeEpisodes}
                      onWatchFree={firstFree ? () => open(firstFree) : undefined}
                      // A trial card started here (or "Continue watching" after paying): the
                      // series reloads unlocked and this episode plays.
                      onUnlocked={() => {
                        setPaidOn(null);
                        setLocked(new Map());
                      }}
                      onPaid={() => setPaidOn({ videoId: episode.id, lock })}
                    />
                  </div>
                </div>
              </div>
            ) : (
              <DetailsPlayer
                key={episode.id}
                episode={episode}
                startAt={startAt}
                onEnded={onEnded}
                onLocked={onLocked}
                onVideo={setVideo}
              />
            )}
            {/* The paywall sheet takes the width: the series' actions come back with the picture. */}
            {!lock && (
              <div className="ds-details__rail">
                {/* First: the rail grows upwards (see .ds-details__rail). */}
                <RailSubtitles video={video} />
                <LikeButton episode={episode} testId="details-like" />
                <ActionButton
                  icon={<BookmarkIcon filled={favorited} />}
                  label={t(favorited ? 'drama.following' : 'drama.follow')}
                  active={favorited}
                  pressed={favorited}
                  testId="details-favorite"
                  onClick={() => toggleFollow.toggle(seriesId, favorited)}
                />
                <ActionButton
                  icon={<ShareLinkIcon />}
                  label={t('drama.share')}
                  testId="details-share"
                  onClick={() => share(seriesId, episode.id)}
                />
                <ActionButton
                  icon={<ListIcon />}
                  label={t('drama.episodes')}
                  caption={data.series.episodeCount}
                  testId="details-episodes"
                  onClick={() =>
                    document.getElementById('details-episodes')?.scrollIntoView({ behavior: 'smooth' })
                  }
                />
              </div>
            )}
            {ended && !lock && (
              <p className="ds-details__end" role="status">
                {t('drama.seriesEnd')}
              </p>
            )}
          </div>
          <section className="ds-details__info">
            <div className="ds-details__titles">
              <h2 className="ds-details__title">{data.series.title}</h2>
              <p className="ds-muted">
                {t('drama.epOf', { number: episode.number, count: data.series.episodeCount })}
                {' · '}
                {categoryLabel(t, data.series.category)}
              </p>
            </div>
            <p className="ds-details__description">{data.series.description}</p>
            {data.series.tags.length > 0 && (
              <p className="ds-details__tags">
                {data.series.tags.map((tag) => (
                  <span key={tag} className="ds-tag">
                    #{tagLabel(t, tag)}
                  </span>
                ))}
              </p>
            )}
          </section>
          <section className="ds-details__episodes" id="details-episodes">
            <h2 className="ds-home__heading">
              {t('drama.episodes')}
              <span className="ds-muted">
                {' '}
                {t('drama.episodeCountFree', {
                  count: data.series.episodeCount,
                  free: data.series.freeEpisodes,
                })}
              </span>
            </h2>
            <EpisodeGrid
              episodes={episodes}
              currentVideoId={episode.id}
              watchedIds={watchedIds}
              onPick={open}
              testPrefix="details-episode"
            />
          </section>
        </div>
      )}
      {data && !episode && <EmptyState testId="details-empty" title={t('drama.noEpisodes')} />}
      {sharePopup}
    </PageContainer>
  );
}
