import type { EpisodeInfo } from '@dramastar/contract';
import { useState } from 'react';
import { useT } from '../../../shared/i18n';
import { LockIcon, TopTabs } from '../../../shared/ui';
import { episodeRanges } from '../lib/format';

export interface EpisodeGridProps {
  episodes: readonly EpisodeInfo[];
  currentVideoId?: number | null;
  onPick: (episode: EpisodeInfo) => void;
  /** Test ids of the cells: `${testPrefix}-${number}`. */
  testPrefix: string;
}

/** The episodes of a series as numbered cells with lock marks; ranges of 30 for long series. */
export function EpisodeGrid({ episodes, currentVideoId, onPick, testPrefix }: EpisodeGridProps) {
  const t = useT();
  const ranges = episodeRanges(episodes.length);
  const currentNumber = episodes.find((e) => e.id === currentVideoId)?.number ?? 1;
  const [chosen, setChosen] = useState<string | null>(null);
  const containing = ranges.find(([from, to]) => currentNumber >= from && currentNumber <= to) ?? ranges[0];
  const activeKey = chosen ?? (containing ? `${containing[0]}-${containing[1]}` : '');
  const [from, to] = activeKey.split('-').map(Number) as [number, number];
  const shown = ranges.length > 1 ? episodes.filter((e) => e.number >= from && e.number <= to) : episodes;
  return (
    <div className="ds-episodes">
      {ranges.length > 1 && (
        <TopTabs
          tabs={ranges.map(([a, b]) => ({
            key: `${a}-${b}`,
            title: `${a}-${b}`,
            testId: `${testPrefix}-range-${a}`,
          }))}
          activeKey={activeKey}
          onChange={setChosen}
        />
      )}
      <div className="ds-episodes__grid" role="group">
        {shown.map((episode) => {
          const current = episode.id === currentVideoId;
          return (
            <button
              key={episode.id}
              type="button"
              className={current ? 'ds-episode ds-episode--current' : 'ds-episode'}
              data-testid={`${testPrefix}-${episode.number}`}
              data-locked={episode.locked}
              aria-current={current ? 'true' : undefined}
              aria-label={
                episode.locked
                  ? t('drama.episodeLockedLabel', { number: episode.number })
                  : t('drama.episodeLabel', { number: episode.number })
              }
              onClick={() => onPick(episode)}
            >
              {episode.number}
              {episode.locked && <LockIcon className="ds-episode__lock" />}
            </button>
          );
        })}
      </div>
    </div>
  );
}
