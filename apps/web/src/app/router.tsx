import { createHashRouter, type RouteObject } from 'react-router-dom';
import { ROUTES } from '../shared/routes';
import { lazyPage } from './lazy-page';
import { RouteError } from './route-error';
import { TabShell } from './tab-shell';

const HomePage = lazyPage(() => import('../features/home/pages/home-page'));
const ShortsPage = lazyPage(() => import('../features/shorts/pages/shorts-page'));
const EarnPage = lazyPage(() => import('../features/earn/pages/earn-page'));
const ProfilePage = lazyPage(() => import('../features/profile/pages/profile-page'));
const PrivacyPage = lazyPage(() => import('../features/privacy/pages/privacy-page'));
const SettingsPage = lazyPage(() => import('../features/settings/pages/settings-page'));
const LanguagePage = lazyPage(() => import('../features/settings/pages/language-page'));
const NotFoundPage = lazyPage(() => import('../features/not-found/pages/not-found-page'));

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      {
        element: <TabShell />,
        children: [
          { path: ROUTES.home, element: <HomePage /> },
          { path: ROUTES.homeAlias, element: <HomePage /> },
          { path: ROUTES.shorts, element: <ShortsPage /> },
          { path: ROUTES.earn, element: <EarnPage /> },
          { path: ROUTES.profile, element: <ProfilePage /> },
        ],
      },
      { path: ROUTES.privacy, element: <PrivacyPage /> },
      { path: ROUTES.settings, element: <SettingsPage /> },
      { path: ROUTES.language, element: <LanguagePage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createHashRouter(routes);
}
