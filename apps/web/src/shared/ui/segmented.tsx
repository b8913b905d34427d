import type { ReactNode } from 'react';
import './segmented.css';

export interface SegmentedOption<T extends string> {
  value: T;
  label: ReactNode;
  testId?: string;
}

export type SegmentedProps<T extends string> = {
  options: readonly SegmentedOption<T>[];
  value: T;
  onChange: (value: T) => void;
  className?: string;
} & ({ ariaLabel: string; ariaLabelledBy?: never } | { ariaLabelledBy: string; ariaLabel?: never });

/** A choice between a few options, side by side (a radio group of buttons). */
export function Segmented<T extends string>({
  options,
  value,
  onChange,
  className,
  ariaLabel,
  ariaLabelledBy,
}: SegmentedProps<T>) {
  return (
    <div
      className={className ? `ds-segmented ${className}` : 'ds-segmented'}
      role="radiogroup"
      aria-label={ariaLabel}
      aria-labelledby={ariaLabelledBy}
    >
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="radio"
          aria-checked={value === option.value}
          className={
            value === option.value ? 'ds-segmented__item ds-segmented__item--active' : 'ds-segmented__item'
          }
          data-testid={option.testId}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
