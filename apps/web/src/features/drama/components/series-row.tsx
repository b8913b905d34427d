import type { SeriesSummary } from '@dramastar/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../../../shared/i18n';
import { detailsPath } from '../lib/links';

export interface SeriesRowLinkProps {
  series: SeriesSummary;
  /** Default: the series' details page. */
  to?: string;
  testId?: string;
  onClick?: () => void;
  /** Shows the series' description under its title. */
  withDescription?: boolean;
  /** The lines under the title; default: episode count and how many are free. */
  children?: ReactNode;
}

/** The main part of a list row (history, following, search, promote): cover, title, details. */
export function SeriesRowLink({
  series,
  to,
  testId,
  onClick,
  withDescription = false,
  children,
}: SeriesRowLinkProps) {
  const t = useT();
  return (
    <Link to={to ?? detailsPath(series.id)} className="ds-list__main" data-testid={testId} onClick={onClick}>
      <img className="ds-list__cover" src={series.cover} alt="" loading="lazy" />
      <span className="ds-list__text">
        <span className="ds-list__title">{series.title}</span>
        {withDescription && <span className="ds-list__description">{series.description}</span>}
        {children ?? (
          <span className="ds-muted">
            {t('drama.episodeCountFree', { count: series.episodeCount, free: series.freeEpisodes })}
          </span>
        )}
      </span>
    </Link>
  );
}
