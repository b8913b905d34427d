import type { SeriesCard as SeriesCardData } from '@dramastar/contract';
import { Link } from 'react-router-dom';
import { useT } from '../../../shared/i18n';
import { detailsPath } from '../lib/links';

export interface SeriesCardProps {
  series: SeriesCardData;
  /** Ranking position, shown over the cover. */
  rank?: number;
  /** Overrides the link (default: the series' details page). */
  to?: string;
}

/** A cover card: title, episode count and how many episodes are free. */
export function SeriesCard({ series, rank, to }: SeriesCardProps) {
  const t = useT();
  return (
    <Link to={to ?? detailsPath(series.id)} className="ds-card" data-testid={`series-card-${series.id}`}>
      <div className="ds-card__cover">
        <img src={series.cover} alt="" loading="lazy" width={600} height={800} />
        {rank !== undefined && <span className="ds-card__rank">{rank}</span>}
        {series.freeEpisodes > 0 && (
          <span className="ds-card__free">{t('drama.freeBadge', { count: series.freeEpisodes })}</span>
        )}
      </div>
      <span className="ds-card__title">{series.title}</span>
      <span className="ds-card__meta">{t('drama.episodeCount', { count: series.episodeCount })}</span>
    </Link>
  );
}
