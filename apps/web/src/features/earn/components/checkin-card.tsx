import type { CurrencyKey } from '@dramastar/contract';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { toastIfNoAnswer } from '../../../shared/api/network-toast';
import { useT } from '../../../shared/i18n';
import { formatMoney } from '../../../shared/money';
import { CheckIcon, showToast } from '../../../shared/ui';
import { useCheckin, useCheckinStatus } from '../api/checkin';
import { checkinStrip } from '../lib/checkin';
import { CalendarCheckIcon } from '../../../shared/ui/icons';
import { LoadError, Loading } from './shell';

/** The 7-day strip: each streak day with its reward, done, due today or upcoming. */
export function CheckinStrip({
  status,
  currency,
}: {
  status: { streak: number; checkedToday: boolean; rewards: readonly string[] };
  currency: CurrencyKey;
}) {
  const t = useT();
  const cells = checkinStrip(status);
  return (
    <ol className="ds-checkin__strip" data-testid="checkin-strip">
      {cells.map((cell) => (
        <li
          key={cell.day}
          className={`ds-checkin__day ds-checkin__day--${cell.state}`}
          data-testid={`checkin-day-${cell.day}`}
          data-state={cell.state}
          aria-current={cell.isToday ? 'date' : undefined}
          aria-label={t(`checkin.dayLabel.${cell.state}`, {
            day: cell.day,
            reward: formatMoney(cell.reward, currency),
          })}
        >
          <span className="ds-checkin__label">
            {cell.isToday ? t('checkin.today') : t('checkin.day', { day: cell.day })}
          </span>
          <span className="ds-checkin__coin" aria-hidden="true">
            {cell.state === 'done' ? (
              <CheckIcon />
            ) : (
              formatMoney(cell.reward, currency, { symbol: false, round: true })
            )}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** The daily check-in card of the Earn tab: streak, the strip, and the Check in button. */
export function CheckinCard() {
  const t = useT();
  const status = useCheckinStatus();
  const checkin = useCheckin();
  const [busy, setBusy] = useState(false);

  const run = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const result = await checkin();
      showToast(
        t('checkin.doneToast', {
          reward: formatMoney(result.reward, result.currency, { sign: true }),
          balance: formatMoney(result.balance, result.currency),
        }),
        { duration: 3000 },
      );
    } catch (error) {
      toastIfNoAnswer(error);
      // Already checked in (another device): show the truth.
      if (isApiError(error) && error.kind === 'api') void status.refetch();
    } finally {
      setBusy(false);
    }
  };

  let body;
  if (status.isPending) body = <Loading />;
  else if (status.isError) body = <LoadError error={status.error} onRetry={() => void status.refetch()} />;
  else {
    const data = status.data;
    body = (
      <>
        <CheckinStrip status={data} currency={data.currency} />
        <Button
          block
          color="primary"
          shape="rounded"
          className="ds-checkin__button"
          disabled={data.checkedToday}
          loading={busy}
          data-testid="checkin-button"
          onClick={() => void run()}
        >
          {data.checkedToday
            ? t('checkin.checkedToday')
            : t('checkin.button', { reward: formatMoney(data.nextReward, data.currency, { sign: true }) })}
        </Button>
        <p className="ds-earn-card__note">{t('checkin.rule')}</p>
      </>
    );
  }

  return (
    <section className="ds-earn-card" data-testid="checkin-card">
      <div className="ds-earn-card__head">
        <span className="ds-earn-card__icon">
          <CalendarCheckIcon />
        </span>
        <h2 className="ds-earn-card__title">{t('checkin.title')}</h2>
        {status.data && (
          <span className="ds-earn-card__aside" data-testid="checkin-streak">
            {status.data.streak === 0
              ? t('checkin.streakNone')
              : t(status.data.streak === 1 ? 'checkin.streakOne' : 'checkin.streak', {
                  days: status.data.streak,
                })}
          </span>
        )}
      </div>
      {body}
    </section>
  );
}
