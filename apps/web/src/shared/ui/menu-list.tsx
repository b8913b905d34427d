import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CheckIcon, ChevronRightIcon } from './icons';

/** A rounded group of rows (settings, profile menu, pickers). */
export function MenuList({
  children,
  label,
  radio = false,
}: {
  children: ReactNode;
  label?: string;
  radio?: boolean;
}) {
  return (
    <div className="ds-menu" role={radio ? 'radiogroup' : 'list'} aria-label={label}>
      {children}
    </div>
  );
}

export interface MenuRowProps {
  title: ReactNode;
  icon?: ReactNode;
  /** Shown on the right: a value, or a control such as a Switch. */
  extra?: ReactNode;
  /** Makes the row a link to this route. */
  to?: string;
  /** Makes the row a button. */
  onClick?: () => void;
  /** Makes the row a radio option with a tick when true. */
  checked?: boolean;
  testId?: string;
}

/**
 * One row: a real link when it goes somewhere, a button when it acts, a radio in a picker, else
 * plain text; so every row can be reached and used from the keyboard.
 */
export function MenuRow({ title, icon, extra, to, onClick, checked, testId }: MenuRowProps) {
  const content = (
    <>
      {icon !== undefined && <span className="ds-menu__icon">{icon}</span>}
      <span className="ds-menu__title">{title}</span>
      {extra !== undefined && <span className="ds-menu__extra">{extra}</span>}
      {checked !== undefined ? (
        <CheckIcon className="ds-menu__check" visibility={checked ? 'visible' : 'hidden'} />
      ) : (
        (to !== undefined || onClick !== undefined) && <ChevronRightIcon className="ds-menu__arrow" />
      )}
    </>
  );
  if (to !== undefined) {
    return (
      <Link role="listitem" className="ds-menu__row ds-menu__row--action" to={to} data-testid={testId}>
        {content}
      </Link>
    );
  }
  if (onClick !== undefined) {
    return (
      <button
        type="button"
        role={checked === undefined ? undefined : 'radio'}
        aria-checked={checked}
        className="ds-menu__row ds-menu__row--action"
        onClick={onClick}
        data-testid={testId}
      >
        {content}
      </button>
    );
  }
  return (
    <div role="listitem" className="ds-menu__row" data-testid={testId}>
      {content}
    </div>
  );
}
