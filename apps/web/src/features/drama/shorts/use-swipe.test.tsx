import { fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSwipe } from './use-swipe';

const HEIGHT = 600;

function Feed({
  index,
  count,
  onStep,
  onTap,
}: {
  index: number;
  count: number;
  onStep: (d: 1 | -1) => void;
  onTap: () => void;
}) {
  const feedRef = useRef<HTMLDivElement>(null);
  const trackRef = useRef<HTMLDivElement>(null);
  const indexRef = useRef(index);
  const swipe = useSwipe({ feedRef, trackRef, indexRef, count: () => count, onStep });
  return (
    <div
      ref={feedRef}
      data-testid="feed"
      {...swipe.handlers}
      onClick={() => {
        if (!swipe.clickSuppressed()) onTap();
      }}
    >
      <div ref={trackRef} data-testid="track" />
    </div>
  );
}

let now = 0;
beforeEach(() => {
  now = 1000;
  vi.spyOn(performance, 'now').mockImplementation(() => now);
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => HEIGHT });
  HTMLElement.prototype.setPointerCapture = vi.fn();
});
afterEach(() => {
  // @ts-expect-error the test's own stub, removed again
  delete HTMLElement.prototype.clientHeight;
});

/** A drag from y=400 by `dy` px taking `ms` milliseconds, then the click the browser sends after it. */
function drag(dy: number, ms: number) {
  const feed = screen.getByTestId('feed');
  fireEvent.pointerDown(feed, { pointerId: 1, isPrimary: true, button: 0, clientY: 400 });
  now += ms / 2;
  fireEvent.pointerMove(feed, { pointerId: 1, clientY: 400 + dy / 2 });
  now += ms / 2;
  fireEvent.pointerMove(feed, { pointerId: 1, clientY: 400 + dy });
  fireEvent.pointerUp(feed, { pointerId: 1, clientY: 400 + dy });
  fireEvent.click(feed);
}

describe('useSwipe', () => {
  it('a drag up past the threshold steps on, inside the pointer-up, and swallows its click', () => {
    const onStep = vi.fn();
    const onTap = vi.fn();
    render(<Feed index={2} count={10} onStep={onStep} onTap={onTap} />);
    const feed = screen.getByTestId('feed');
    fireEvent.pointerDown(feed, { pointerId: 1, isPrimary: true, button: 0, clientY: 400 });
    now += 500;
    fireEvent.pointerMove(feed, { pointerId: 1, clientY: 250 });
    // The track follows the finger without animating.
    expect(screen.getByTestId('track').style.transform).toBe('translate3d(0, calc(-200% + -150px), 0)');
    expect(screen.getByTestId('track').style.transition).toBe('none');
    fireEvent.pointerUp(feed, { pointerId: 1, clientY: 250 });
    expect(onStep).toHaveBeenCalledExactlyOnceWith(1);
    fireEvent.click(feed);
    expect(onTap).not.toHaveBeenCalled();
  });

  it('a drag down steps back', () => {
    const onStep = vi.fn();
    render(<Feed index={2} count={10} onStep={onStep} onTap={vi.fn()} />);
    drag(150, 500);
    expect(onStep).toHaveBeenCalledExactlyOnceWith(-1);
  });

  it('a short slow drag stays on the item and the track springs back', () => {
    const onStep = vi.fn();
    render(<Feed index={2} count={10} onStep={onStep} onTap={vi.fn()} />);
    drag(-60, 1000);
    expect(onStep).not.toHaveBeenCalled();
    expect(screen.getByTestId('track').style.transform).toBe('translate3d(0, calc(-200% + 0px), 0)');
    expect(screen.getByTestId('track').style.transition).toBe('');
  });

  it('a short quick flick steps on', () => {
    const onStep = vi.fn();
    render(<Feed index={2} count={10} onStep={onStep} onTap={vi.fn()} />);
    drag(-40, 40);
    expect(onStep).toHaveBeenCalledExactlyOnceWith(1);
  });

  it('resists past the first item', () => {
    render(<Feed index={0} count={10} onStep={vi.fn()} onTap={vi.fn()} />);
    const feed = screen.getByTestId('feed');
    fireEvent.pointerDown(feed, { pointerId: 1, isPrimary: true, button: 0, clientY: 400 });
    fireEvent.pointerMove(feed, { pointerId: 1, clientY: 490 });
    expect(screen.getByTestId('track').style.transform).toBe('translate3d(0, calc(0% + 30px), 0)');
  });

  it('a press that hardly moves is a tap', () => {
    const onStep = vi.fn();
    const onTap = vi.fn();
    render(<Feed index={2} count={10} onStep={onStep} onTap={onTap} />);
    drag(-5, 100);
    expect(onStep).not.toHaveBeenCalled();
    expect(onTap).toHaveBeenCalledOnce();
  });

  it('ignores a second finger and buttons other than the main one', () => {
    const onStep = vi.fn();
    render(<Feed index={2} count={10} onStep={onStep} onTap={vi.fn()} />);
    const feed = screen.getByTestId('feed');
    fireEvent.pointerDown(feed, { pointerId: 1, isPrimary: false, button: 0, clientY: 400 });
    fireEvent.pointerMove(feed, { pointerId: 1, clientY: 100 });
    fireEvent.pointerUp(feed, { pointerId: 1, clientY: 100 });
    fireEvent.pointerDown(feed, { pointerId: 2, isPrimary: true, button: 2, clientY: 400 });
    fireEvent.pointerMove(feed, { pointerId: 2, clientY: 100 });
    fireEvent.pointerUp(feed, { pointerId: 2, clientY: 100 });
    expect(onStep).not.toHaveBeenCalled();
  });
});
