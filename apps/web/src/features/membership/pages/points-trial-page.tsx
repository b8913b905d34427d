import { LIMITS } from '@dramastar/contract';
import { useSearchParams } from 'react-router-dom';
import { useUserInfo } from '../../../shared/api/user-info';
import { useT } from '../../../shared/i18n';
import { TopTabs } from '../../../shared/ui';
import { useCanSendTrialCard, useTrialCards } from '../api/queries';
import { GiftSection } from '../components/gift-section';
import { PointsTab } from '../components/points-tab';
import { RedeemForm } from '../components/redeem-form';
import { LoadError, Loading, MembershipPage } from '../components/shell';
import { OwnedCards, SentCards } from '../components/trial-lists';
import { TrialStatus } from '../components/trial-status';

const TABS = ['trial', 'points'] as const;
type Tab = (typeof TABS)[number];

/** The rules of trial cards in three lines, with the tenant's figures. */
function TrialRules({
  hours,
  perPeriod,
  periodDays,
}: {
  hours: number;
  perPeriod: number;
  periodDays: number;
}) {
  const t = useT();
  return (
    <section className="ds-ms-panel ds-ms-rules" data-testid="trial-rules">
      <h2 className="ds-ms-rules__title">{t('pointsTrial.rulesTitle')}</h2>
      <ul>
        <li>{t('pointsTrial.ruleHours', { hours })}</li>
        <li>{t('pointsTrial.ruleOneAtATime')}</li>
        <li>{t('pointsTrial.ruleGifting', { count: perPeriod, days: periodDays })}</li>
      </ul>
    </section>
  );
}

function TrialTab() {
  const t = useT();
  const user = useUserInfo();
  const cards = useTrialCards();
  const canSend = useCanSendTrialCard();
  if (cards.isPending) return <Loading />;
  if (cards.isError) return <LoadError error={cards.error} onRetry={() => void cards.refetch()} />;
  return (
    <>
      <TrialStatus cards={cards.data} onChanged={() => void cards.refetch()} />
      <section>
        <h2 className="ds-section-title">{t('pointsTrial.redeemTitle')}</h2>
        <div className="ds-ms-panel">
          <RedeemForm activeUntil={cards.data.activeUntil} />
        </div>
      </section>
      {canSend.data && (
        <GiftSection canSend={canSend.data} cards={cards.data} ownInviteCode={user?.inviteCode ?? null} />
      )}
      <SentCards cards={cards.data} />
      <OwnedCards cards={cards.data} />
      <TrialRules
        hours={cards.data.hours}
        perPeriod={canSend.data?.perPeriod ?? LIMITS.freeTrialCardsPerPeriod}
        periodDays={canSend.data?.periodDays ?? 30}
      />
    </>
  );
}

/**
 * /pages/profile/pointsTrial/index (Points & Trial Card): the trial card (a live countdown while it
 * runs, activation, redeeming a code, gifting for Star Card holders) and the points with their
 * history. `tab=points` opens the points.
 */
export default function PointsTrialPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'points' ? 'points' : 'trial';
  return (
    <MembershipPage title={t('pointsTrial.pageTitle')}>
      <TopTabs
        tabs={TABS.map((key) => ({
          key,
          title: t(key === 'trial' ? 'pointsTrial.tabTrial' : 'pointsTrial.tabPoints'),
          testId: `points-trial-tab-${key}`,
        }))}
        activeKey={tab}
        onChange={(key) => setParams(key === 'points' ? { tab: 'points' } : {}, { replace: true })}
      />
      {tab === 'trial' ? <TrialTab /> : <PointsTab />}
    </MembershipPage>
  );
}
