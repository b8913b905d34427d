import type { ReactNode } from 'react';
import './hero-card.css';

/**
 * The gradient header card of the account pages (wallet balance, earnings, team, points, a running
 * trial): white text on the brand gradient. `className` lays out what it holds.
 */
export function HeroCard({
  className,
  testId,
  children,
}: {
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section className={className ? `ds-hero-card ${className}` : 'ds-hero-card'} data-testid={testId}>
      {children}
    </section>
  );
}
