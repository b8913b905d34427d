import type { ReactNode } from 'react';
import { useT } from '../i18n';
import { ChevronLeftIcon } from './icons';
import { useGoBack } from './use-go-back';

export interface HeaderProps {
  title: ReactNode;
  /** Where back goes instead of the previous page: a tab is switched to, another page navigated to. */
  backUrl?: string;
  showBack?: boolean;
  /** Replaces the back behaviour entirely. */
  onBack?: () => void;
  right?: ReactNode;
}

/** The top bar of a page: back button, centred title, optional action on the right. */
export function Header({ title, backUrl, showBack = true, onBack, right }: HeaderProps) {
  const t = useT();
  const goBack = useGoBack();
  return (
    <header className="ds-header">
      <div className="ds-header__side">
        {showBack && (
          <button
            type="button"
            className="ds-icon-button"
            aria-label={t('common.back')}
            data-testid="header-back"
            onClick={onBack ?? (() => goBack({ backUrl }))}
          >
            <ChevronLeftIcon />
          </button>
        )}
      </div>
      <h1 className="ds-header__title">{title}</h1>
      <div className="ds-header__side ds-header__side--right">{right}</div>
    </header>
  );
}
