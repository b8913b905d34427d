import { fireEvent, render, screen } from '@testing-library/react';
import type { EpisodeInfo } from '@dramastar/contract';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { episode } from '../../../test/fixtures';
import { EpisodeGrid } from './episode-grid';

/** A long series: `count` episodes, ids 1000 + number, 1…10 free. */
function longSeries(count: number): EpisodeInfo[] {
  return Array.from({ length: count }, (_, i) =>
    episode(1000 + i + 1, i + 1, { free: i < 10, locked: i >= 10 }),
  );
}

function numbersShown(prefix = 'grid') {
  return screen
    .getAllByRole('button')
    .filter((b) => b.dataset.testid?.startsWith(`${prefix}-`))
    .map((b) => Number(b.textContent));
}

describe('EpisodeGrid', () => {
  it('splits a long series into ranges of 30 and opens on the current episode’s range', () => {
    const episodes = longSeries(100);
    render(<EpisodeGrid episodes={episodes} currentVideoId={1000 + 75} onPick={vi.fn()} testPrefix="grid" />);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      '1-30',
      '31-60',
      '61-90',
      '91-100',
    ]);
    expect(screen.getByTestId('grid-range-61').getAttribute('aria-selected')).toBe('true');
    const shown = numbersShown();
    expect(shown[0]).toBe(61);
    expect(shown.at(-1)).toBe(90);
    expect(screen.getByTestId('grid-75').getAttribute('aria-current')).toBe('true');
    // Another range on demand.
    fireEvent.click(screen.getByTestId('grid-range-91'));
    expect(numbersShown()).toEqual([91, 92, 93, 94, 95, 96, 97, 98, 99, 100]);
  });

  it('follows the current episode to its range when it moves on (a swipe, the next episode)', () => {
    const episodes = longSeries(60);
    function Host() {
      const [current, setCurrent] = useState(1000 + 30);
      return (
        <>
          <button type="button" onClick={() => setCurrent((id) => id + 1)}>
            next
          </button>
          <EpisodeGrid episodes={episodes} currentVideoId={current} onPick={vi.fn()} testPrefix="grid" />
        </>
      );
    }
    render(<Host />);
    expect(screen.getByTestId('grid-range-1').getAttribute('aria-selected')).toBe('true');
    // The viewer looks at another range, then episode 31 starts: the grid shows 31's range.
    fireEvent.click(screen.getByTestId('grid-range-31'));
    fireEvent.click(screen.getByTestId('grid-range-1'));
    fireEvent.click(screen.getByText('next'));
    expect(screen.getByTestId('grid-range-31').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('grid-31').getAttribute('aria-current')).toBe('true');
  });

  it('marks watched and locked episodes, in words too', () => {
    const episodes = longSeries(12);
    const onPick = vi.fn();
    render(
      <EpisodeGrid
        episodes={episodes}
        currentVideoId={1003}
        watchedIds={[1001, 1002, 1003, 1011]}
        onPick={onPick}
        testPrefix="grid"
      />,
    );
    // One range: no tabs for a short series.
    expect(screen.queryAllByRole('tab')).toHaveLength(0);
    const cell = (n: number) => screen.getByTestId(`grid-${n}`);
    expect(cell(1).dataset.watched).toBe('true');
    expect(cell(1).getAttribute('aria-label')).toBe('Episode 1, watched');
    expect(cell(1).className).toContain('ds-episode--watched');
    // The current episode keeps its own look (outlined), watched or not.
    expect(cell(3).className).toContain('ds-episode--current');
    expect(cell(3).className).not.toContain('ds-episode--watched');
    expect(cell(4).dataset.watched).toBe('false');
    expect(cell(4).getAttribute('aria-label')).toBe('Episode 4');
    expect(cell(11).getAttribute('aria-label')).toBe('Episode 11, locked, watched');
    expect(cell(12).getAttribute('aria-label')).toBe('Episode 12, locked');
    expect(cell(12).querySelector('.ds-episode__lock')).not.toBeNull();
    expect(cell(4).querySelector('.ds-episode__lock')).toBeNull();
    fireEvent.click(cell(12));
    expect(onPick).toHaveBeenCalledWith(episodes[11]);
  });
});
