import type { Tone } from '../lib/labels';

export function StatusBadge({ tone, children, testId }: { tone: Tone; children: string; testId?: string }) {
  return (
    <span className={`ds-status ds-status--${tone}`} data-testid={testId}>
      {children}
    </span>
  );
}
