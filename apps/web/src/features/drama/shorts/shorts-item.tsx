import type { EpisodeInfo, SeriesSummary } from '@dramastar/contract';
import { Link } from 'react-router-dom';
import { useT } from '../../../shared/i18n';
import { BookmarkIcon, ListIcon, PlayFilledIcon, ShareLinkIcon, Spinner } from '../../../shared/ui';
import { Button } from '../../../shared/ui/button';
import { useFollowState } from '../api/follow-state';
import { useToggleFollow } from '../api/follow';
import type { LockedInfo } from '../api/play';
import { ActionButton } from '../components/action-button';
import { LikeButton } from '../components/like-button';
import { detailsPath } from '../lib/links';
import { UnlockPrompt } from '../components/unlock-prompt';
import { SubtitleText, SubtitleToggle } from '../components/subtitles';
import { useSubtitles } from '../player/use-subtitles';

export interface FeedItem {
  series: SeriesSummary;
  episode: EpisodeInfo;
}

/** One item of the Shorts feed: its overlays (loading, paused, locked, failed), title and action rail. */
export function ShortsItem({
  item,
  index,
  active,
  video,
  lock,
  failed,
  started,
  paused,
  onRetry,
  onEpisodes,
  onShare,
  onWatchFree,
  onUnlocked,
  onPaid,
}: {
  item: FeedItem;
  index: number;
  active: boolean;
  /**
   * The element playing the active item (the others are given none): its subtitles are followed
   * here, so a cue change redraws this item, not the whole feed.
   */
  video: () => HTMLVideoElement | null;
  lock: LockedInfo | null;
  failed: boolean;
  started: boolean;
  paused: boolean;
  onRetry: () => void;
  onEpisodes: () => void;
  onShare: () => void;
  onWatchFree: (() => void) | undefined;
  onUnlocked: () => void;
  /** A card was bought on this item's paywall: the page keeps it until "Continue watching". */
  onPaid: () => void;
}) {
  const t = useT();
  const { series, episode } = item;
  const followed = useFollowState(series.id);
  const toggleFollow = useToggleFollow();
  const subtitles = useSubtitles(video, active && started ? episode.id : null);
  return (
    <article
      className={lock ? 'ds-short ds-short--locked' : 'ds-short'}
      style={{ top: `${index * 100}%` }}
      data-testid="shorts-item"
      data-index={index}
      data-video-id={episode.id}
      data-active={active ? 'true' : 'false'}
      aria-hidden={!active}
    >
      {lock && <img className="ds-short__poster" src={episode.poster} alt="" />}
      {active && !lock && !failed && !started && (
        <div className="ds-short__center" role="status">
          <Spinner />
          <span className="ds-visually-hidden">{t('common.loading')}</span>
        </div>
      )}
      {active && !lock && started && paused && (
        <div className="ds-short__center ds-short__paused" aria-hidden="true">
          <PlayFilledIcon />
        </div>
      )}
      {lock && active && (
        <div className="ds-short__center ds-short__center--prompt">
          <UnlockPrompt
            number={lock.number}
            freeEpisodes={lock.freeEpisodes}
            onWatchFree={onWatchFree}
            onUnlocked={onUnlocked}
            onPaid={onPaid}
          />
        </div>
      )}
      {failed && !lock && active && (
        <div className="ds-short__center">
          <div className="ds-short__failed" role="alert">
            <p>{t('drama.playFailed')}</p>
            <Button
              size="small"
              color="primary"
              onClick={(event) => {
                event.stopPropagation();
                onRetry();
              }}
            >
              {t('common.retry')}
            </Button>
          </div>
        </div>
      )}
      <div className="ds-short__info">
        {active && !lock && <SubtitleText view={subtitles} className="ds-short__subtitles" />}
        <h2 className="ds-short__title">{series.title}</h2>
        <p className="ds-short__episode">
          {t('drama.epOf', { number: episode.number, count: series.episodeCount })}
        </p>
        <p className="ds-short__description">{series.description}</p>
        <Link
          className="ds-short__full"
          to={detailsPath(series.id, episode.id)}
          data-testid={active ? 'shorts-full-series' : undefined}
          onClick={(event) => event.stopPropagation()}
        >
          {t('drama.watchFullSeries')} ›
        </Link>
      </div>
      <div className="ds-short__rail">
        {/* First: the rail grows upwards (see .ds-short__rail), so the toggle coming with the player's
            tracks never moves the buttons below it. */}
        {active && !lock && <SubtitleToggle view={subtitles} testId="shorts-subtitles" />}
        <LikeButton episode={episode} testId={active ? 'shorts-like' : undefined} />
        <ActionButton
          icon={<BookmarkIcon filled={followed} />}
          label={t(followed ? 'drama.following' : 'drama.follow')}
          active={followed}
          pressed={followed}
          testId={active ? 'shorts-favorite' : undefined}
          onClick={() => toggleFollow.toggle(series.id, followed)}
        />
        <ActionButton
          icon={<ShareLinkIcon />}
          label={t('drama.share')}
          testId={active ? 'shorts-share' : undefined}
          onClick={onShare}
        />
        <ActionButton
          icon={<ListIcon />}
          label={t('drama.episodes')}
          caption={series.episodeCount}
          testId={active ? 'shorts-episodes' : undefined}
          onClick={onEpisodes}
        />
      </div>
    </article>
  );
}
