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
  aboutUs: '/pages/profile/setting/aboutUs',
  bindMethods: '/pages/profile/setting/bindOrContinueWith',
  inviteCode: '/pages/profile/setting/code',
  changePassword: '/pages/profile/setting/changePassword',
  accountCancellation: '/pages/profile/accountCancellation/index',
  editUser: '/pages/profile/editUser/index',
  messages: '/pages/profile/messages/index',
  contactUs: '/pages/profile/contactUs/index',
  addTo: '/pages/profile/addTo/index',
  loginThree: '/pages/login/three',
  loginRegister: '/pages/login/register',
  loginChooser: '/pages/login/loginRegister',
  loginEmailOnly: '/pages/login/onelylogin',
  selectArea: '/pages/login/selectAreaNum',
  videoDetails: '/pages/shorts/videoDetails',
  search: '/pages/search/index',
  history: '/pages/profile/history/index',
  dramas: '/pages/profile/dramas/index',
  drainage: '/pages/drainage/index',
} as const;

export const TAB_PATHS: readonly string[] = [
  ROUTES.home,
  ROUTES.homeAlias,
  ROUTES.shorts,
  ROUTES.earn,
  ROUTES.profile,
];

function pathOf(path: string): string {
  return path.split(/[?#]/)[0] ?? path;
}

export function isTabPath(path: string): boolean {
  return TAB_PATHS.includes(pathOf(path));
}

/** The routes that show the login panel as a page (the three-page and the area picker belong to it). */
export const LOGIN_PATHS: readonly string[] = [
  ROUTES.loginThree,
  ROUTES.loginRegister,
  ROUTES.loginChooser,
  ROUTES.loginEmailOnly,
  ROUTES.selectArea,
];

export function isLoginPath(path: string): boolean {
  return LOGIN_PATHS.includes(pathOf(path));
}
