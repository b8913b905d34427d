import type { CopyrightProduct } from '@dramastar/contract';
import { Button } from 'antd-mobile';
import { useEffect, useRef } from 'react';
import { useT, type TranslationKey } from '../../../shared/i18n';
import { formatMoney } from '../../../shared/money';
import { AwardIcon, ClockIcon } from '../../../shared/ui';
import { buyBlock, type BuyBlock } from '../lib/buy';
import { secondsUntil, splitDuration, useNow } from '../lib/countdown';
import { formatBps, formatCount, formatDateTime, formatProgress } from '../lib/format';
import { Fact, Facts, Progress } from './shell';

const STATE_LABELS: Record<CopyrightProduct['state'], TranslationKey> = {
  upcoming: 'copyright.stateUpcoming',
  open: 'copyright.stateOpen',
  sold_out: 'copyright.stateSoldOut',
  ended: 'copyright.stateEnded',
};

const BLOCK_LABELS: Record<BuyBlock, TranslationKey> = {
  upcoming: 'copyright.notStarted',
  ended: 'copyright.stateEnded',
  soldOut: 'copyright.stateSoldOut',
  limitReached: 'copyright.limitReached',
};

/**
 * Time left: to the start while upcoming, to the end while on sale; ticking every second. When
 * it reaches zero the center is asked again (the product has opened or closed).
 */
function TimeLeft({ product, onPassed }: { product: CopyrightProduct; onPassed: () => void }) {
  const t = useT();
  const target =
    product.state === 'upcoming' ? product.startsAt : product.state === 'ended' ? null : product.endsAt;
  const now = useNow(target !== null);
  const seconds = target === null ? 0 : secondsUntil(target, now);
  const firedFor = useRef<string | null>(null);
  useEffect(() => {
    if (target !== null && seconds === 0 && firedFor.current !== target) {
      firedFor.current = target;
      onPassed();
    }
  }, [seconds, target, onPassed]);
  if (target === null) return <>{t('copyright.stateEnded')}</>;
  const { days, clock } = splitDuration(seconds);
  const time = days > 0 ? t('copyright.daysClock', { days, clock }) : clock;
  return (
    <span className="ds-countdown-text" data-testid={`copyright-${product.id}-left`}>
      <ClockIcon /> {t(product.state === 'upcoming' ? 'copyright.startsIn' : 'copyright.endsIn', { time })}
    </span>
  );
}

/** One copyright on sale: its terms, progress, time left, the user's holding and the buy button. */
export function ProductCard({
  product,
  onBuy,
  onTimePassed,
}: {
  product: CopyrightProduct;
  onBuy: () => void;
  onTimePassed: () => void;
}) {
  const t = useT();
  const money = (amount: string) => formatMoney(amount, product.currency);
  const count = (n: number) => formatCount(n, t.language);
  const block = buyBlock(product);
  const id = `copyright-${product.id}`;
  return (
    <li className="ds-product" data-testid={id}>
      <div className="ds-product__top">
        <div className="ds-product__cover">
          {product.cover ? <img src={product.cover} alt="" loading="lazy" /> : <AwardIcon />}
        </div>
        <div className="ds-product__heading">
          <h3 className="ds-product__title">{product.title}</h3>
          <span className={`ds-state ds-state--${product.state}`} data-testid={`${id}-state`}>
            {t(STATE_LABELS[product.state])}
          </span>
          <span className="ds-product__annual">
            {t('copyright.termReturnRate', { days: product.termDays })}{' '}
            <strong data-testid={`${id}-term-return`}>{formatBps(product.termReturnBps, t.language)}</strong>
          </span>
        </div>
      </div>
      <div className="ds-product__progress">
        <Progress value={product.progress} label={t('copyright.progress')} testId={`${id}-progress`} />
        <span className="ds-muted">
          {t('copyright.soldOf', {
            progress: formatProgress(product.progress, t.language),
            sold: count(product.sold),
            total: count(product.totalQuantity),
          })}
        </span>
      </div>
      <Facts>
        <Fact label={t('copyright.totalQuantity')} value={count(product.totalQuantity)} />
        <Fact label={t('copyright.remaining')} value={count(product.remaining)} testId={`${id}-remaining`} />
        <Fact label={t('copyright.price')} value={money(product.price)} testId={`${id}-price`} />
        <Fact
          label={t('copyright.dailyProfit')}
          value={<span className="ds-team-gain">{money(product.dailyProfit)}</span>}
          testId={`${id}-daily`}
        />
        <Fact
          label={t('copyright.totalReturn', { days: product.termDays })}
          value={money(product.totalReturn)}
          testId={`${id}-return`}
        />
        <Fact label={t('copyright.perUserMax')} value={count(product.perUserMax)} />
        <Fact
          label={t('copyright.startTime')}
          value={formatDateTime(product.startsAt, t.language)}
          testId={`${id}-start`}
          wide
        />
        <Fact
          label={t('copyright.timeLeft')}
          value={<TimeLeft product={product} onPassed={onTimePassed} />}
          wide
        />
      </Facts>
      <div className="ds-product__mine" data-testid={`${id}-mine`}>
        <span>
          {t('copyright.mineQuantity')} <strong>{count(product.mine.quantity)}</strong>
        </span>
        <span>
          {t('copyright.mineRevenue')} <strong className="ds-team-gain">{money(product.mine.revenue)}</strong>
        </span>
      </div>
      <Button
        block
        color="primary"
        shape="rounded"
        disabled={block !== null}
        data-testid={`${id}-buy`}
        onClick={onBuy}
      >
        {block === null ? t('copyright.buy') : t(BLOCK_LABELS[block])}
      </Button>
    </li>
  );
}
