import { useState } from 'react';
import { useT } from '../../../shared/i18n';
import { formatMoney } from '../../../shared/money';
import { ROUTES } from '../../../shared/routes';
import {
  AwardIcon,
  EmptyState,
  HeroCard,
  MenuList,
  MenuRow,
  ReceiptIcon,
  UsersIcon,
} from '../../../shared/ui';
import { useCopyrightCenter } from '../api/copyrights';
import { BuySheet } from '../components/buy-sheet';
import { ProductCard } from '../components/product-card';
import { LoadError, Loading, Stat, StatGrid, TeamPage } from '../components/shell';

function CenterContent() {
  const t = useT();
  const center = useCopyrightCenter();
  const [buying, setBuying] = useState<{ id: string; open: boolean } | null>(null);

  if (center.isPending) return <Loading />;
  if (center.isError) return <LoadError error={center.error} onRetry={() => void center.refetch()} />;
  const { currency, products } = center.data;
  const money = (amount: string) => formatMoney(amount, currency);
  // The sheet follows the latest answer (what is left changes as others buy).
  const product = buying ? (products.find((p) => p.id === buying.id) ?? null) : null;
  return (
    <>
      <HeroCard className="ds-team-hero" testId="copyright-totals">
        <div className="ds-team-hero__label">
          <AwardIcon /> {t('copyright.totalPurchase')}
        </div>
        <div className="ds-team-hero__value" data-testid="copyright-total-purchase">
          {money(center.data.totalPurchase)}
        </div>
        <StatGrid columns={2}>
          <Stat
            label={t('copyright.totalRevenue')}
            value={money(center.data.totalRevenue)}
            testId="copyright-total-revenue"
          />
          <Stat
            label={t('copyright.yesterdayRevenue')}
            value={money(center.data.yesterdayRevenue)}
            testId="copyright-yesterday-revenue"
          />
        </StatGrid>
      </HeroCard>
      <MenuList>
        <MenuRow
          icon={<ReceiptIcon />}
          title={t('copyright.records')}
          to={ROUTES.copyrightRecord}
          testId="copyright-records-link"
        />
        <MenuRow
          icon={<UsersIcon />}
          title={t('invitations.title')}
          to={ROUTES.copyrightInvitations}
          testId="copyright-invitations-link"
        />
      </MenuList>
      <h2 className="ds-section-title">{t('copyright.onSale')}</h2>
      {products.length === 0 ? (
        <EmptyState
          testId="copyright-empty"
          icon={<AwardIcon />}
          title={t('copyright.emptyTitle')}
          description={t('copyright.emptyText')}
        />
      ) : (
        <ul className="ds-card-stack" data-testid="copyright-products">
          {products.map((p) => (
            <ProductCard
              key={p.id}
              product={p}
              onBuy={() => setBuying({ id: p.id, open: true })}
              onTimePassed={() => void center.refetch()}
            />
          ))}
        </ul>
      )}
      <BuySheet
        product={product}
        visible={buying?.open === true && product !== null}
        onClose={() => setBuying((b) => (b ? { ...b, open: false } : null))}
        afterClose={() => setBuying(null)}
      />
    </>
  );
}

/**
 * /pages/profile/copyright-center/index: the user's totals, the copyrights on sale with their
 * terms and a live countdown, and the purchase sheet.
 */
export default function CopyrightCenterPage() {
  const t = useT();
  return (
    <TeamPage title={t('copyright.title')} backUrl={ROUTES.profile}>
      <CenterContent />
    </TeamPage>
  );
}
