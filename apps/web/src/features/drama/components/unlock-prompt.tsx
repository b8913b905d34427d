import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { openLoginPanel } from '../../../shared/auth/login-panel-store';
import { useT } from '../../../shared/i18n';
import { ROUTES } from '../../../shared/routes';
import { useSession } from '../../../shared/store/session';
import { LockIcon } from '../../../shared/ui';

export interface UnlockPromptProps {
  number: number;
  freeEpisodes: number;
  /** Offers to go back to the free episodes. */
  onWatchFree?: () => void;
  onClose?: () => void;
}

/**
 * Shown instead of a paid episode. Paid episodes unlock with a Star Card or a 72-hour trial card:
 * a signed-in viewer is led to the Star Card page and to their free trial card, with the promise
 * that a card is one payment that never renews by itself. Guests see the prices or log in.
 */
export function UnlockPrompt({ number, freeEpisodes, onWatchFree, onClose }: UnlockPromptProps) {
  const t = useT();
  const hasLogin = useSession((s) => s.hasLogin);
  const navigate = useNavigate();
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
              onClick={() => void navigate(ROUTES.starCards)}
            >
              {t('membership.unlockStarCard')}
            </Button>
            <Button
              fill="outline"
              shape="rounded"
              block
              data-testid="unlock-trial"
              onClick={() => void navigate(ROUTES.pointsTrial)}
            >
              {t('membership.unlockTrial')}
            </Button>
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
              onClick={() => void navigate(ROUTES.starCards)}
            >
              {t('membership.seePrices')}
            </Button>
            <Button
              fill="outline"
              shape="rounded"
              block
              data-testid="unlock-login"
              onClick={() => openLoginPanel()}
            >
              {t('auth.login')}
            </Button>
          </>
        )}
        {onWatchFree && freeEpisodes > 0 && (
          <Button fill="outline" shape="rounded" block data-testid="unlock-watch-free" onClick={onWatchFree}>
            {t('drama.watchFromStart')}
          </Button>
        )}
        {onClose && (
          <Button fill="none" block data-testid="unlock-close" onClick={onClose}>
            {t('common.close')}
          </Button>
        )}
      </div>
    </section>
  );
}
