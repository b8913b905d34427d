import { trackUnlock } from '../../../shared/analytics/tracker';
import { api } from '@dramastar/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { membershipQueryKey } from '../../../shared/api/membership-status';
import { request } from '../../../shared/api/request';
import { openLoginPanel } from '../../../shared/auth/login-panel-store';
import { useT } from '../../../shared/i18n';
import { rememberReturn } from '../../../shared/return-to';
import { ROUTES } from '../../../shared/routes';
import { useSession } from '../../../shared/store/session';
import { ConfirmPopup, LockIcon } from '../../../shared/ui';
import { useActivateTrial } from '../api/activate-trial';
import type { UnlockPromptProps } from './unlock-prompt';

/**
 * Shown instead of a paid episode. Paid episodes unlock with a Star Card or a 72-hour trial card:
 * a signed-in viewer is led to the Star Card page and to their free trial card, with the promise
 * that a card is one payment that never renews by itself. Guests see the prices or log in.
 */
export default function UnlockPromptView({
  number,
  freeEpisodes,
  onWatchFree,
  onClose,
  onUnlocked,
}: UnlockPromptProps) {
  const t = useT();
  const hasLogin = useSession((s) => s.hasLogin);
  const token = useSession((s) => s.token);
  const navigate = useNavigate();
  const location = useLocation();
  // After buying a card (from the balance or a provider's page) the viewer comes back here.
  const toStarCards = () => {
    trackUnlock('buy');
    rememberReturn(`${location.pathname}${location.search}`);
    void navigate(ROUTES.starCards);
  };
  const trial = useActivateTrial();
  const [confirming, setConfirming] = useState(false);
  // The card's hours, for the confirmation (asked when it opens).
  const cards = useQuery({
    queryKey: [...membershipQueryKey, token, 'trialCards'] as const,
    queryFn: ({ signal }) => request(api.user.trialCards, { signal, hideToast: true }),
    enabled: confirming && token !== null,
  });
  const hours = cards.data?.hours;
  const activate = async () => {
    trackUnlock('trial');
    const done = await trial.activate();
    setConfirming(false);
    if (!done) return;
    Toast.show({ content: t('drama.trialStarted') });
    onUnlocked?.();
  };
  return (
    <section
      className="ds-unlock"
      data-testid="unlock-prompt"
      data-number={number}
      role="dialog"
      aria-labelledby={`unlock-title-${number}`}
      onClick={(event) => event.stopPropagation()}
    >
      <div className="ds-unlock__icon">
        <LockIcon />
      </div>
      <h2 className="ds-unlock__title" id={`unlock-title-${number}`}>
        {t('drama.lockedTitle', { number })}
      </h2>
      <p>{freeEpisodes > 0 ? t('drama.lockedBody', { free: freeEpisodes }) : t('drama.lockedBodyNoFree')}</p>
      <p className="ds-unlock__note">{t('membership.unlockNote')}</p>
      <div className="ds-unlock__actions">
        {hasLogin && (
          <>
            <Button
              color="primary"
              shape="rounded"
              block
              data-testid="unlock-star-card"
              onClick={toStarCards}
            >
              {t('membership.unlockStarCard')}
            </Button>
            {/* The viewer's own trial card starts here, after a confirmation, and the episode plays. */}
            <Button
              fill="outline"
              shape="rounded"
              block
              data-testid="unlock-trial"
              loading={trial.busy}
              onClick={() => setConfirming(true)}
            >
              {t('membership.unlockTrial')}
            </Button>
            {trial.refusal && (
              <p className="ds-unlock__error" role="alert" data-testid="unlock-trial-error">
                {trial.refusal.message || t('common.networkError')}
              </p>
            )}
            {trial.refusal?.none && (
              <Button
                fill="none"
                block
                data-testid="unlock-trial-more"
                onClick={() => void navigate(ROUTES.pointsTrial)}
              >
                {t('drama.trialGetMore')}
              </Button>
            )}
            <ConfirmPopup
              visible={confirming}
              title={t('pointsTrial.activateTitle')}
              content={
                <p data-testid="unlock-trial-confirm">
                  {hours === undefined ? '…' : t('pointsTrial.activateConfirm', { hours })}
                </p>
              }
              confirmText={t('pointsTrial.activateNow')}
              confirmLoading={trial.busy}
              onCancel={() => setConfirming(false)}
              onConfirm={() => void activate()}
            />
          </>
        )}
        {!hasLogin && (
          <>
            <p className="ds-unlock__guest">{t('drama.lockedGuest')}</p>
            {/* Prices before signing in: the Star Card page shows guests every tier. */}
            <Button
              color="primary"
              shape="rounded"
              block
              data-testid="unlock-star-card"
              onClick={toStarCards}
            >
              {t('membership.seePrices')}
            </Button>
            <Button
              fill="outline"
              shape="rounded"
              block
              data-testid="unlock-login"
              onClick={() => (trackUnlock('sign_in'), openLoginPanel())}
            >
              {t('auth.login')}
            </Button>
          </>
        )}
        {onWatchFree && freeEpisodes > 0 && (
          <Button
            fill="outline"
            shape="rounded"
            block
            data-testid="unlock-watch-free"
            onClick={() => (trackUnlock('dismiss'), onWatchFree())}
          >
            {t('drama.watchFromStart')}
          </Button>
        )}
        {onClose && (
          <Button
            fill="none"
            block
            data-testid="unlock-close"
            onClick={() => (trackUnlock('dismiss'), onClose())}
          >
            {t('common.close')}
          </Button>
        )}
      </div>
    </section>
  );
}
