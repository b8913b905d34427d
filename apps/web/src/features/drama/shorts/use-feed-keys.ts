import { useEffect } from 'react';

/**
 * A feed's keyboard: arrow and page keys move one item, Space plays or pauses (outside buttons,
 * where it presses the button). Keys typed into a field, keys another handler took, and every key
 * while `disabled` (a sheet is open) are left alone.
 */
export function useFeedKeys({
  disabled,
  onStep,
  onSpace,
}: {
  disabled: boolean;
  onStep: (delta: 1 | -1) => void;
  onSpace: () => void;
}): void {
  useEffect(() => {
    if (disabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const target = event.target as HTMLElement | null;
      if (target && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
      if (event.key === 'ArrowDown' || event.key === 'PageDown') {
        event.preventDefault();
        onStep(1);
      } else if (event.key === 'ArrowUp' || event.key === 'PageUp') {
        event.preventDefault();
        onStep(-1);
      } else if (event.key === ' ' && target?.tagName !== 'BUTTON') {
        event.preventDefault();
        onSpace();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [disabled, onStep, onSpace]);
}
