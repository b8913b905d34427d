import type { CurrencyKey, invitationDetail } from '@dramastar/contract';
import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { useT } from '../../../shared/i18n';
import { formatMoney } from '../../../shared/money';
import { UsersIcon } from '../../../shared/ui';
import { ROUTES } from '../../../shared/routes';
import { useInvitationDetails, useTeamCurrency } from '../api/team';
import { formatBps, formatCount, formatDateTime } from '../lib/format';
import { Fact, Facts, Loading, Paged } from './shell';

export type InvitationDetail = z.infer<typeof invitationDetail>;

function InvitationCard({ item, currency }: { item: InvitationDetail; currency: CurrencyKey }) {
  const t = useT();
  const money = (amount: string) => formatMoney(amount, currency);
  return (
    <li className="ds-team-card" data-testid={`invitation-${item.userId}`}>
      <div className="ds-team-card__head">
        <span className="ds-team-card__title">{item.nickname}</span>
        <span className="ds-muted">{t('team.userId', { id: item.userId })}</span>
      </div>
      <Facts>
        <Fact
          label={t('invitations.registerTime')}
          value={formatDateTime(item.joinedAt, t.language)}
          testId={`invitation-${item.userId}-joined`}
          wide
        />
        <Fact
          label={t('invitations.directInvites')}
          value={formatCount(item.directInvites, t.language)}
          testId={`invitation-${item.userId}-invites`}
        />
        <Fact
          label={t('invitations.referralRatio')}
          value={formatBps(item.referralBps, t.language)}
          testId={`invitation-${item.userId}-ratio`}
        />
        <Fact
          label={t('invitations.copyrightPurchase')}
          value={money(item.copyrightPurchase)}
          testId={`invitation-${item.userId}-purchase`}
        />
        <Fact
          label={t('invitations.copyrightWelfare')}
          value={money(item.copyrightWelfare)}
          testId={`invitation-${item.userId}-welfare`}
        />
        <Fact
          label={t('invitations.copyrightReferral')}
          value={money(item.copyrightReferral)}
          testId={`invitation-${item.userId}-referral`}
        />
        <Fact
          label={t('invitations.todayRevenue')}
          value={money(item.todayRevenue)}
          testId={`invitation-${item.userId}-today`}
        />
        <Fact
          label={t('invitations.myRevenue')}
          value={<strong className="ds-team-gain">{money(item.myRevenue)}</strong>}
          testId={`invitation-${item.userId}-mine`}
          wide
        />
      </Facts>
    </li>
  );
}

/**
 * The user's direct invitees, one card each with the spec's labels: register time, his direct
 * invitations, copyright purchase, welfare and referral, today's revenue, the referral ratio and
 * what he brought the user. Shared by myTeam/inviteDetails and copyright-center/invitation-details.
 */
export function InvitationDetailsList() {
  const t = useT();
  const navigate = useNavigate();
  const query = useInvitationDetails();
  // Amounts come in the tenant's currency (the same for every item of the list).
  const currency = useTeamCurrency();
  if (currency === null) return <Loading />;
  return (
    <>
      <p className="ds-team-intro">{t('invitations.intro')}</p>
      <Paged
        query={query}
        testId="invitations"
        className="ds-card-stack"
        empty={{
          title: t('invitations.emptyTitle'),
          description: t('invitations.emptyText'),
          icon: <UsersIcon />,
          action: (
            <Button color="primary" onClick={() => void navigate(ROUTES.inviteFriend)}>
              {t('inviteFriend.title')}
            </Button>
          ),
        }}
        render={(item) => <InvitationCard key={item.userId} item={item} currency={currency} />}
      />
    </>
  );
}
