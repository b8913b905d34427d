import type { ReactNode } from 'react';
import { FilmIcon } from './icons';

export interface EmptyStateProps {
  title: string;
  description?: string;
  icon?: ReactNode;
  /** e.g. a Retry button. */
  action?: ReactNode;
  testId?: string;
}

export function EmptyState({ title, description, icon, action, testId }: EmptyStateProps) {
  return (
    <section className="ds-empty" data-testid={testId}>
      <div className="ds-empty__icon">{icon ?? <FilmIcon />}</div>
      <h2 className="ds-empty__title">{title}</h2>
      {description && <p className="ds-empty__description">{description}</p>}
      {action && <div className="ds-empty__action">{action}</div>}
    </section>
  );
}
