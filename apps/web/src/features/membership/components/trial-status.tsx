import { Button } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../../../shared/i18n';
import { ROUTES } from '../../../shared/routes';
import { ClockIcon, ConfirmPopup, HeroCard, TicketIcon } from '../../../shared/ui';
import { actionError, useGetTrialCard, type TrialCards } from '../api/trial-actions';
import { formatHms, useCountdownTo } from '../lib/countdown';
import { dateTimeFormat } from '../lib/labels';
import { InlineError } from './shell';

/** The running trial as a live countdown, until it ends. */
function RunningTrial({ until, onEnded }: { until: string; onEnded: () => void }) {
  const t = useT();
  const times = dateTimeFormat(t.language);
  const countdown = useCountdownTo(until);
  // Once per trial: a device clock ahead of the server's must not ask again and again.
  const told = useRef(false);
  useEffect(() => {
    if (!countdown.passed || told.current) return;
    told.current = true;
    onEnded();
  }, [countdown.passed, onEnded]);
  return (
    <HeroCard className="ds-ms-trial ds-ms-trial--active" testId="trial-running">
      <span className="ds-ms-trial__label">
        <ClockIcon /> {t('pointsTrial.runningLabel')}
      </span>
      <span className="ds-ms-trial__countdown" role="timer" aria-live="off" data-testid="trial-countdown">
        {formatHms(countdown.remaining)}
      </span>
      <span className="ds-ms-trial__units" aria-hidden="true">
        {t('pointsTrial.hms')}
      </span>
      <p className="ds-ms-trial__line" data-testid="trial-until">
        {t('pointsTrial.runningUntil', { date: times.format(new Date(until)) })}
      </p>
    </HeroCard>
  );
}

/**
 * The trial at the top of the page: a running trial with its countdown; else one's unused card with
 * "Activate" (after a confirmation, since the hours start at once and never pause); else none left.
 */
export function TrialStatus({ cards, onChanged }: { cards: TrialCards; onChanged: () => void }) {
  const t = useT();
  const getTrialCard = useGetTrialCard();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const unused = cards.owned.filter((card) => card.status === 'unused').length;

  if (cards.activeUntil) {
    return <RunningTrial key={cards.activeUntil} until={cards.activeUntil} onEnded={onChanged} />;
  }

  const activate = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await getTrialCard();
      setConfirming(false);
    } catch (failure) {
      const refusal = actionError(failure);
      setConfirming(false);
      if (refusal.noAnswer) setError(t('common.networkError'));
      else if (refusal.errorKey === 'TrialCardActive') {
        setError(t('pointsTrial.alreadyRunning'));
        onChanged();
      } else setError(refusal.message);
    } finally {
      setBusy(false);
    }
  };

  if (unused === 0) {
    return (
      <section className="ds-ms-trial" data-testid="trial-none">
        <span className="ds-ms-trial__label">
          <TicketIcon /> {t('pointsTrial.title')}
        </span>
        <h2 className="ds-ms-trial__title">{t('pointsTrial.noneTitle')}</h2>
        <p className="ds-ms-trial__line">{t('pointsTrial.noneHint')}</p>
        <Link className="ds-link" to={ROUTES.starCards} data-testid="trial-get-star-card">
          {t('pointsTrial.getStarCard')}
        </Link>
        {error && <InlineError testId="trial-error">{error}</InlineError>}
      </section>
    );
  }

  return (
    <section className="ds-ms-trial" data-testid="trial-unused">
      <span className="ds-ms-trial__label">
        <TicketIcon /> {t('pointsTrial.title')}
      </span>
      <h2 className="ds-ms-trial__title">
        {t(unused === 1 ? 'pointsTrial.unusedOne' : 'pointsTrial.unusedMany', { count: unused })}
      </h2>
      <p className="ds-ms-trial__line">{t('pointsTrial.activateHint', { hours: cards.hours })}</p>
      {error && <InlineError testId="trial-error">{error}</InlineError>}
      <Button
        block
        color="primary"
        shape="rounded"
        data-testid="trial-activate"
        onClick={() => {
          setError(null);
          setConfirming(true);
        }}
      >
        {t('pointsTrial.activate', { hours: cards.hours })}
      </Button>
      <ConfirmPopup
        visible={confirming}
        title={t('pointsTrial.activateTitle')}
        content={<p>{t('pointsTrial.activateConfirm', { hours: cards.hours })}</p>}
        confirmText={t('pointsTrial.activateNow')}
        confirmLoading={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void activate()}
      />
    </section>
  );
}
