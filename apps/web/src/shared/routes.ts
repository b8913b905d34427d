/** Hash routes of the app (spec section 2). Paths keep the original app's names so old links work. */
export const ROUTES = {
  home: '/',
  homeAlias: '/pages/home/index',
  shorts: '/pages/shorts/index',
  earn: '/pages/earn/index',
  profile: '/pages/profile/index',
  privacy: '/pages/privacy/index',
  webView: '/pages/common/webView',
  webViewAlias: '/pages/webview/index',
  homeNavbar: '/pages/home/components/homeNavbar',
  chooseLocation: '/choose-location',
  openLocation: '/open-location',
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
  wallet: '/pages/profile/wallet/index',
  walletList: '/pages/profile/wallet/list',
  walletPay: '/pages/profile/wallet/walletPay',
  withdraw: '/pages/profile/withdraw/index',
  addBankCard: '/pages/profile/withdraw/addBankCard',
  cardList: '/pages/profile/withdraw/cardList',
  withdrawDetails: '/pages/profile/withdraw/details/index',
  withdrawDetailsAlias: '/pages/profile/withdraw-details/index',
  recharge: '/pages/profile/recharge/index',
  rechargeOfficial: '/pages/profile/recharge/official',
  usdt: '/pages/profile/usdt/index',
  usdtCode: '/pages/profile/usdt/ercode',
  /** Team, invitations, copyrights, salary, dividend and leaders (features/team). */
  myTeam: '/pages/profile/myTeam/index',
  myTeamSearch: '/pages/profile/myTeam/search',
  inviteDetails: '/pages/profile/myTeam/inviteDetails',
  inviteFriend: '/pages/profile/inviteFriend/index',
  copyrightCenter: '/pages/profile/copyright-center/index',
  copyrightRecord: '/pages/profile/copyright-center/copyright-record/index',
  copyrightInvitations: '/pages/profile/copyright-center/invitation-details/index',
  monthlySalary: '/pages/profile/monthly-salary/index',
  salaryRecord: '/pages/profile/monthly-salary/record',
  dividend: '/pages/profile/dividend/index',
  millionLeader: '/pages/profile/components/millionLeader',
  /** Star Card Privilege: tiers, buying, renewing, upgrading (features/membership). */
  starCards: '/pages/earn/strategy',
  /** Points & Trial Card (features/membership). */
  pointsTrial: '/pages/profile/pointsTrial/index',
  /** Earn: tasks, red packets, the rank board, customer service (features/earn). */
  earnCustomerService: '/pages/earn/customerService',
  earnRank: '/pages/earn/rank',
  tasks: '/pages/profile/task/index',
  redPacketSend: '/pages/profile/redPacket/openp',
  redPacketReceive: '/pages/profile/redPacket/receive/index',
  /** Customer-service chat in real time (features/chat). */
  chat: '/pages/profile/chat/index',
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
