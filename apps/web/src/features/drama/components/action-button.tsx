import type { ReactNode } from 'react';

export interface ActionButtonProps {
  icon: ReactNode;
  label: string;
  /** Shown under the icon instead of the label (a count); the label still names the button. */
  caption?: ReactNode;
  active?: boolean;
  pressed?: boolean;
  /** Left out on items that are not the active one, so test ids stay unique. */
  testId?: string | undefined;
  disabled?: boolean;
  onClick: () => void;
}

/** A round icon button with a caption, as in the Shorts rail and under the details player. */
export function ActionButton({
  icon,
  label,
  caption,
  active = false,
  pressed,
  testId,
  disabled = false,
  onClick,
}: ActionButtonProps) {
  return (
    <button
      type="button"
      className={active ? 'ds-action ds-action--active' : 'ds-action'}
      aria-label={label}
      aria-pressed={pressed}
      data-testid={testId}
      disabled={disabled}
      onClick={(event) => {
        event.stopPropagation();
        onClick();
      }}
    >
      <span className="ds-action__icon">{icon}</span>
      <span className="ds-action__caption" aria-hidden="true">
        {caption ?? label}
      </span>
    </button>
  );
}
