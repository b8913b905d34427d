import type { MembershipTier } from '@dramastar/contract';
import { useT, type TranslationKey } from '../../../shared/i18n';

const TIER_LABELS: Record<MembershipTier, TranslationKey> = {
  week: 'team.tierWeek',
  primary: 'team.tierPrimary',
  premium: 'team.tierPremium',
  director: 'team.tierDirector',
};

/** The member's active card, or "Ordinary"; Star Cards stand out (they count for rewards and salary). */
export function MembershipBadge({ tier, testId }: { tier: MembershipTier | null; testId?: string }) {
  const t = useT();
  const star = tier !== null && tier !== 'week';
  return (
    <span className={star ? `ds-tier ds-tier--star ds-tier--${tier}` : 'ds-tier'} data-testid={testId}>
      {t(tier ? TIER_LABELS[tier] : 'team.tierNone')}
    </span>
  );
}
