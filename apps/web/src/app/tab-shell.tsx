import type { ComponentType, SVGProps } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { useT, type TranslationKey } from '../shared/i18n';
import { ROUTES } from '../shared/routes';
import { ChatUnreadBadge } from '../shared/support/chat-unread';
import { GiftIcon, HomeIcon, PlayIcon, UserIcon } from '../shared/ui';

interface Tab {
  key: 'home' | 'shorts' | 'earn' | 'profile';
  path: string;
  label: TranslationKey;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}

const TABS: readonly Tab[] = [
  { key: 'home', path: ROUTES.home, label: 'tab.home', Icon: HomeIcon },
  { key: 'shorts', path: ROUTES.shorts, label: 'tab.shorts', Icon: PlayIcon },
  { key: 'earn', path: ROUTES.earn, label: 'tab.earn', Icon: GiftIcon },
  { key: 'profile', path: ROUTES.profile, label: 'tab.profile', Icon: UserIcon },
];

/** The four tab pages with the bottom tab bar. Switching tabs replaces history, as tabs do in apps. */
export function TabShell() {
  const t = useT();
  const { pathname } = useLocation();
  const current = pathname === ROUTES.homeAlias ? ROUTES.home : pathname;
  return (
    <div className="ds-tab-shell">
      <div className="ds-tab-shell__content">
        <Outlet />
      </div>
      <nav className="ds-tabbar" aria-label={t('tab.label')}>
        {TABS.map(({ key, path, label, Icon }) => {
          const active = current === path;
          return (
            <Link
              key={key}
              to={path}
              replace
              data-testid={`tab-${key}`}
              aria-current={active ? 'page' : undefined}
              className={active ? 'ds-tabbar__item ds-tabbar__item--active' : 'ds-tabbar__item'}
            >
              <Icon className="ds-tabbar__icon" />
              <span className="ds-tabbar__label">{t(label)}</span>
              {key === 'profile' && <ChatUnreadBadge testId="tab-profile-chat-unread" />}
            </Link>
          );
        })}
      </nav>
    </div>
  );
}
