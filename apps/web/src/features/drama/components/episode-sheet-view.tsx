import { Popup } from 'antd-mobile';
import { useT } from '../../../shared/i18n';
import { CloseIcon, Spinner } from '../../../shared/ui';
import { useSeriesDetail } from '../api/series-detail';
import { EpisodeGrid } from './episode-grid';
import type { EpisodeSheetProps } from './episode-sheet';

/** EpisodeSheet's drawing (antd-mobile's Popup), loaded when it first opens. */
export default function EpisodeSheetView({ seriesId, currentVideoId, onPick, onClose }: EpisodeSheetProps) {
  const t = useT();
  const detail = useSeriesDetail(seriesId ?? 0);
  return (
    <Popup
      visible={seriesId !== null}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="ds-sheet"
      destroyOnClose
    >
      <div data-testid="episode-sheet" role="dialog" aria-label={t('drama.episodes')}>
        <div className="ds-sheet__head">
          <div>
            <h2 className="ds-sheet__title">{detail.data?.series.title ?? t('drama.episodes')}</h2>
            {detail.data && (
              <p className="ds-muted">
                {t('drama.episodeCountFree', {
                  count: detail.data.series.episodeCount,
                  free: detail.data.series.freeEpisodes,
                })}
              </p>
            )}
          </div>
          <button type="button" className="ds-icon-button" aria-label={t('common.close')} onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        {detail.data ? (
          <EpisodeGrid
            episodes={detail.data.episodes}
            currentVideoId={currentVideoId}
            watchedIds={detail.data.watched}
            onPick={onPick}
            testPrefix="shorts-episode"
            scrollToCurrent
          />
        ) : (
          <div className="ds-sheet__loading" role="status">
            <Spinner />
          </div>
        )}
      </div>
    </Popup>
  );
}
