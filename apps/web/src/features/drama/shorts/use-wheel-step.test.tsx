import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useWheelStep, WHEEL_QUIET_MS } from './use-wheel-step';

function Feed({ disabled, onStep }: { disabled: boolean; onStep: (d: 1 | -1) => void }) {
  const onWheel = useWheelStep({ disabled, onStep });
  return <div data-testid="feed" onWheel={onWheel} />;
}

describe('useWheelStep', () => {
  it('moves one item per wheel gesture, the next gesture after the wheel has stayed still', () => {
    vi.useFakeTimers();
    const onStep = vi.fn();
    render(<Feed disabled={false} onStep={onStep} />);
    const feed = screen.getByTestId('feed');
    // One gesture: many events (trackpad inertia), each within the quiet time of the last.
    for (let i = 0; i < 5; i += 1) {
      fireEvent.wheel(feed, { deltaY: 40 });
      vi.advanceTimersByTime(WHEEL_QUIET_MS - 20);
    }
    expect(onStep).toHaveBeenCalledExactlyOnceWith(1);
    vi.advanceTimersByTime(WHEEL_QUIET_MS);
    fireEvent.wheel(feed, { deltaY: -40 });
    expect(onStep).toHaveBeenLastCalledWith(-1);
    expect(onStep).toHaveBeenCalledTimes(2);
  });

  it('ignores small movements and every wheel while disabled (a sheet is open)', () => {
    vi.useFakeTimers();
    const onStep = vi.fn();
    const { rerender } = render(<Feed disabled={false} onStep={onStep} />);
    fireEvent.wheel(screen.getByTestId('feed'), { deltaY: 5 });
    rerender(<Feed disabled onStep={onStep} />);
    vi.advanceTimersByTime(WHEEL_QUIET_MS);
    fireEvent.wheel(screen.getByTestId('feed'), { deltaY: 80 });
    expect(onStep).not.toHaveBeenCalled();
  });
});
