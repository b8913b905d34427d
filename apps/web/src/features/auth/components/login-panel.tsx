import { LIMITS } from '@dramastar/contract';
import { useState } from 'react';
import type { LoginView } from '../../../shared/auth/login-panel-store';
import { useTenantConfig } from '../../../shared/api/tenant-config';
import { useT } from '../../../shared/i18n';
import { useSession } from '../../../shared/store/session';
import { ChevronLeftIcon, CloseIcon, HomeIcon } from '../../../shared/ui';
import { rememberedInviteCode } from '../../../shared/invite';
import { useFinishLogin, type PanelMode } from '../lib/use-login-flow';
import { CountrySheet } from './country-picker';
import { PosterWall } from './poster-wall';
import { RegisterView } from './register-view';
import { ChooserView, EmailLoginView, UsernameLoginView } from './views';
import './login-panel.css';

export interface LoginPanelProps {
  mode: PanelMode;
  initialView: LoginView;
  /** The e-mail login alone (`/pages/login/onelylogin`): no chooser, no other views. */
  emailOnly?: boolean;
  /** Hidden when the login page is the only page (opened directly). */
  showClose: boolean;
  onClose: () => void;
  /** `isMobile=1`: a Home button that goes to the website. */
  showHome?: boolean;
  /** Prefills registration (an `inviteCode` link); else the remembered `inviteInfo` cookie. */
  inviteCode?: string | undefined;
}

/**
 * The login panel (spec section 2): a full-screen layer over a drifting poster wall; on wide
 * screens the picture is on the left and the form on the right. Views: chooser, e-mail login,
 * username login, register (E-mail and Username tabs); the back arrow returns to the chooser.
 */
export function LoginPanel({
  mode,
  initialView,
  emailOnly = false,
  showClose,
  onClose,
  showHome = false,
  inviteCode,
}: LoginPanelProps) {
  const t = useT();
  const tenantName = useSession((s) => s.tenantName);
  // The Home button goes to the tenant's website (set in the console), else to the app itself.
  const website = useTenantConfig().data?.websiteUrl ?? '/';
  const [view, setView] = useState<LoginView>(emailOnly ? 'email' : initialView);
  const [countriesOpen, setCountriesOpen] = useState(false);
  const [invite] = useState(() => inviteCode ?? rememberedInviteCode());
  const finish = useFinishLogin(mode);
  const viewProps = { go: setView, finish, openCountries: () => setCountriesOpen(true) };

  return (
    <div
      className="ds-login"
      style={{ zIndex: LIMITS.loginPopupZIndex }}
      role="dialog"
      aria-modal="true"
      aria-label={t('auth.panelLabel')}
      data-testid="login-panel"
      data-mode={mode}
    >
      <div className="ds-login__art">
        <PosterWall />
        <div className="ds-login__tagline">
          <p className="ds-login__tagline-title">{t('auth.taglineTitle')}</p>
          <p className="ds-login__tagline-text">{t('auth.taglineText')}</p>
        </div>
      </div>
      <div className="ds-login__main">
        <div className="ds-login__bar">
          <div className="ds-login__bar-side">
            {view !== 'chooser' && !emailOnly && (
              <button
                type="button"
                className="ds-icon-button"
                aria-label={t('common.back')}
                data-testid="login-back"
                onClick={() => setView('chooser')}
              >
                <ChevronLeftIcon />
              </button>
            )}
          </div>
          <div className="ds-login__logo">
            <img src="/logo.svg" alt="" width={30} height={30} />
            <span>{tenantName}</span>
          </div>
          <div className="ds-login__bar-side ds-login__bar-side--right">
            {showHome && (
              <a
                className="ds-icon-button"
                href={website}
                aria-label={t('auth.goWebsite')}
                data-testid="login-home"
              >
                <HomeIcon />
              </a>
            )}
            {showClose && (
              <button
                type="button"
                className="ds-icon-button"
                aria-label={t('common.close')}
                data-testid="login-close"
                onClick={onClose}
              >
                <CloseIcon />
              </button>
            )}
          </div>
        </div>
        <div className="ds-login__card">
          {view === 'chooser' && <ChooserView go={setView} />}
          {view === 'email' && <EmailLoginView {...viewProps} only={emailOnly} />}
          {view === 'username' && <UsernameLoginView {...viewProps} />}
          {view === 'register' && <RegisterView {...viewProps} invite={invite} />}
        </div>
        <p className="ds-login__terms">{t('auth.terms')}</p>
      </div>
      <CountrySheet visible={countriesOpen} onClose={() => setCountriesOpen(false)} />
    </div>
  );
}
