/** Hash routes of the app (spec section 2). Paths keep the original app's names so old links work. */
export const ROUTES = {
  home: '/',
  homeAlias: '/pages/home/index',
  shorts: '/pages/shorts/index',
  earn: '/pages/earn/index',
  profile: '/pages/profile/index',
  privacy: '/pages/privacy/index',
  settings: '/pages/profile/setting/index',
  language: '/pages/profile/setting/language',
} as const;

export const TAB_PATHS: readonly string[] = [
  ROUTES.home,
  ROUTES.homeAlias,
  ROUTES.shorts,
  ROUTES.earn,
  ROUTES.profile,
];

export function isTabPath(path: string): boolean {
  return TAB_PATHS.includes(path.split(/[?#]/)[0] ?? path);
}
