import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useFeedKeys } from './use-feed-keys';

function Feed({
  disabled,
  onStep,
  onSpace,
}: {
  disabled: boolean;
  onStep: (d: 1 | -1) => void;
  onSpace: () => void;
}) {
  useFeedKeys({ disabled, onStep, onSpace });
  return (
    <div>
      <input aria-label="field" />
      <button type="button">like</button>
    </div>
  );
}

describe('useFeedKeys', () => {
  it('arrow and page keys move one item, Space plays or pauses', () => {
    const onStep = vi.fn();
    const onSpace = vi.fn();
    render(<Feed disabled={false} onStep={onStep} onSpace={onSpace} />);
    expect(fireEvent.keyDown(window, { key: 'ArrowDown' })).toBe(false); // default prevented: no page scroll
    fireEvent.keyDown(window, { key: 'PageDown' });
    fireEvent.keyDown(window, { key: 'ArrowUp' });
    fireEvent.keyDown(window, { key: 'PageUp' });
    expect(onStep.mock.calls).toEqual([[1], [1], [-1], [-1]]);
    fireEvent.keyDown(document.body, { key: ' ' });
    expect(onSpace).toHaveBeenCalledOnce();
  });

  it('leaves alone keys typed into a field, Space on a button, and every key while disabled', () => {
    const onStep = vi.fn();
    const onSpace = vi.fn();
    const { rerender } = render(<Feed disabled={false} onStep={onStep} onSpace={onSpace} />);
    fireEvent.keyDown(screen.getByLabelText('field'), { key: 'ArrowDown' });
    fireEvent.keyDown(screen.getByRole('button'), { key: ' ' });
    rerender(<Feed disabled onStep={onStep} onSpace={onSpace} />);
    fireEvent.keyDown(window, { key: 'ArrowDown' });
    fireEvent.keyDown(document.body, { key: ' ' });
    expect(onStep).not.toHaveBeenCalled();
    expect(onSpace).not.toHaveBeenCalled();
  });
});
