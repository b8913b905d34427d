import { Button } from 'antd-mobile';
import { openLoginPanel } from '../../../shared/auth/login-panel-store';
import { useT } from '../../../shared/i18n';
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
 * Shown instead of a paid episode. Paid episodes unlock with a Star Card or a 72-hour trial card;
 * neither is on sale yet, and the prompt says so plainly rather than offering a button that
 * cannot work. Guests are offered the login.
 */
export function UnlockPrompt({ number, freeEpisodes, onWatchFree, onClose }: UnlockPromptProps) {
  const t = useT();
  const hasLogin = useSession((s) => s.hasLogin);
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
      <p className="ds-unlock__note">{t('drama.lockedNotOnSale')}</p>
      <div className="ds-unlock__actions">
        {!hasLogin && (
          <>
            <p className="ds-unlock__guest">{t('drama.lockedGuest')}</p>
            <Button
              color="primary"
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
