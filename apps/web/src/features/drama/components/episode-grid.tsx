import type { EpisodeInfo } from '@dramastar/contract';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../../shared/i18n';
import { CheckIcon, LockIcon, TopTabs } from '../../../shared/ui';
import { episodeRanges } from '../lib/format';

export interface EpisodeGridProps {
  episodes: readonly EpisodeInfo[];
  currentVideoId?: number | null;
  /** Episodes this viewer has played (the series detail's `watched`): marked as watched. */
  watchedIds?: readonly number[];
  onPick: (episode: EpisodeInfo) => void;
  /** Test ids of the cells: `${testPrefix}-${number}`. */
  testPrefix: string;
  /**
   * The grid sits in a scrolling box of its own (the episode sheet): the current episode is
   * scrolled into view of that box when the grid opens.
   */
  scrollToCurrent?: boolean;
}

/** The nearest ancestor of `el` that scrolls vertically, or null (the page itself). */
function scrollingBox(el: HTMLElement): HTMLElement | null {
  for (let node = el.parentElement; node; node = node.parentElement) {
    const overflow = getComputedStyle(node).overflowY;
    if ((overflow === 'auto' || overflow === 'scroll') && node.scrollHeight > node.clientHeight) return node;
  }
  return null;
}

/**
 * The episodes of a series as numbered cells with lock and watched marks; ranges of 30 (1-30,
 * 31-60, …) for long series, the current episode's range chosen.
 */
export function EpisodeGrid({
  episodes,
  currentVideoId,
  watchedIds,
  onPick,
  testPrefix,
  scrollToCurrent = false,
}: EpisodeGridProps) {
  const t = useT();
  const ranges = episodeRanges(episodes.length);
  const currentNumber = episodes.find((e) => e.id === currentVideoId)?.number ?? 1;
  // A range the viewer picked holds until the current episode changes (a swipe, the next episode):
  // then the grid follows it to its range.
  const [chosen, setChosen] = useState<{ key: string; at: number } | null>(null);
  const containing = ranges.find(([from, to]) => currentNumber >= from && currentNumber <= to) ?? ranges[0];
  const activeKey =
    chosen?.at === currentNumber ? chosen.key : containing ? `${containing[0]}-${containing[1]}` : '';
  const [from, to] = activeKey.split('-').map(Number) as [number, number];
  const shown = ranges.length > 1 ? episodes.filter((e) => e.number >= from && e.number <= to) : episodes;
  const watched = new Set(watchedIds ?? []);

  const currentCell = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const cell = currentCell.current;
    if (!scrollToCurrent || !cell) return;
    const box = scrollingBox(cell);
    if (!box) return;
    const cellBox = cell.getBoundingClientRect();
    const outer = box.getBoundingClientRect();
    if (cellBox.top < outer.top || cellBox.bottom > outer.bottom) {
      box.scrollTop += cellBox.top - outer.top - (outer.height - cellBox.height) / 2;
    }
    // Once per opening and per current episode: the viewer's own scrolling is left alone.
  }, [scrollToCurrent, currentVideoId]);

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
          onChange={(key) => setChosen({ key, at: currentNumber })}
        />
      )}
      <div className="ds-episodes__grid" role="group">
        {shown.map((episode) => {
          const current = episode.id === currentVideoId;
          const seen = watched.has(episode.id);
          const label = episode.locked
            ? t('drama.episodeLockedLabel', { number: episode.number })
            : t('drama.episodeLabel', { number: episode.number });
          const classes = ['ds-episode'];
          if (current) classes.push('ds-episode--current');
          else if (seen) classes.push('ds-episode--watched');
          return (
            <button
              key={episode.id}
              ref={current ? currentCell : undefined}
              type="button"
              className={classes.join(' ')}
              data-testid={`${testPrefix}-${episode.number}`}
              data-locked={episode.locked}
              data-watched={seen}
              aria-current={current ? 'true' : undefined}
              aria-label={seen ? t('drama.episodeWatchedLabel', { label }) : label}
              onClick={() => onPick(episode)}
            >
              {episode.number}
              {episode.locked && <LockIcon className="ds-episode__lock" />}
              {seen && !current && <CheckIcon className="ds-episode__watched" aria-hidden="true" />}
            </button>
          );
        })}
      </div>
    </div>
  );
}
