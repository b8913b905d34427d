import type { CurrencyKey, teamMember } from '@dramastar/contract';
import type { z } from 'zod';
import { useT } from '../../../shared/i18n';
import { formatMoney } from '../../../shared/money';
import { formatDateTime } from '../lib/format';
import { MemberAvatar } from './member-avatar';
import { MembershipBadge } from './membership-badge';

export type TeamMember = z.infer<typeof teamMember>;

/**
 * One team member: avatar, nickname, card, joined time, what the user earned from them and
 * their largest recharge; search results also show the member's level.
 */
export function MemberRow({
  member,
  currency,
  showLevel = false,
}: {
  member: TeamMember;
  currency: CurrencyKey;
  showLevel?: boolean;
}) {
  const t = useT();
  const id = `member-${member.userId}`;
  return (
    <li className="ds-member" data-testid={id}>
      <MemberAvatar src={member.avatar} />
      <div className="ds-member__main">
        <div className="ds-member__name-row">
          <span className="ds-row-title">{member.nickname}</span>
          {showLevel && (
            <span className="ds-level-chip" data-testid={`${id}-level`}>
              {t('team.levelShort', { level: member.level })}
            </span>
          )}
        </div>
        <MembershipBadge tier={member.membership} testId={`${id}-tier`} />
        <span className="ds-member__meta">
          {t('team.joined')}{' '}
          <time dateTime={member.joinedAt} data-testid={`${id}-joined`}>
            {formatDateTime(member.joinedAt, t.language)}
          </time>
        </span>
      </div>
      <dl className="ds-member__side">
        <div>
          <dt>{t('team.memberRevenue')}</dt>
          <dd className="ds-team-gain" data-testid={`${id}-revenue`}>
            {formatMoney(member.revenue, currency)}
          </dd>
        </div>
        <div>
          <dt>{t('team.maxRecharge')}</dt>
          <dd data-testid={`${id}-max-recharge`}>{formatMoney(member.maxRecharge, currency)}</dd>
        </div>
      </dl>
    </li>
  );
}
