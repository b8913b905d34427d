import { Component, useEffect, type ReactNode } from 'react';
import { type Location, Outlet, type RouteObject, useLocation, useRoutes } from 'react-router-dom';
import { LoginPopup } from './login-popup';
import { ROUTES } from '../shared/routes';
import { rememberInviteCode } from '../shared/invite';
import { useSession } from '../shared/store/session';
import { lazyPage } from './lazy-page';
import { RouteError } from './route-error';
import { TabShell } from './tab-shell';

const HomePage = lazyPage(() => import('../features/drama/pages/home-page'));
// The two pages a shared link or the tab bar opens to play load antd-mobile only on demand
// (route-preload.ts fails the build if their chunks hold it).
const ShortsPage = lazyPage(() => import('../features/drama/pages/shorts-page'), { antdTexts: false });
const VideoDetailsPage = lazyPage(() => import('../features/drama/pages/video-details-page'), {
  antdTexts: false,
});
const SearchPage = lazyPage(() => import('../features/drama/pages/search-page'));
const HistoryPage = lazyPage(() => import('../features/drama/pages/history-page'));
const PromotePage = lazyPage(() => import('../features/drama/pages/promote-page'));
const DrainagePage = lazyPage(() => import('../features/drama/pages/drainage-page'));
const EarnPage = lazyPage(() => import('../features/earn/pages/earn-page'));
const ProfilePage = lazyPage(() => import('../features/profile/pages/profile-page'));
const PrivacyPage = lazyPage(() => import('../features/privacy/pages/privacy-page'));
const WebViewPage = lazyPage(() => import('../features/common/pages/web-view-page'));
const OpenLocationPage = lazyPage(() => import('../features/common/pages/open-location-page'));
const ChooseLocationPage = lazyPage(() => import('../features/auth/pages/choose-location-page'));
const HomeNavbarPage = lazyPage(() => import('../features/drama/pages/home-navbar-page'));
const SettingsPage = lazyPage(() => import('../features/settings/pages/settings-page'));
const LanguagePage = lazyPage(() => import('../features/settings/pages/language-page'));
const AboutUsPage = lazyPage(() => import('../features/settings/pages/about-us-page'));
const BindMethodsPage = lazyPage(() => import('../features/settings/pages/bind-methods-page'));
const InviteCodePage = lazyPage(() => import('../features/settings/pages/invite-code-page'));
const ChangePasswordPage = lazyPage(() => import('../features/settings/pages/change-password-page'));
const AccountCancellationPage = lazyPage(
  () => import('../features/settings/pages/account-cancellation-page'),
);
const EditUserPage = lazyPage(() => import('../features/profile/pages/edit-user-page'));
const MessagesPage = lazyPage(() => import('../features/profile/pages/messages-page'));
const ContactUsPage = lazyPage(() => import('../features/profile/pages/contact-us-page'));
const AddToPage = lazyPage(() => import('../features/profile/pages/add-to-page'));
const WalletPage = lazyPage(() => import('../features/wallet/pages/wallet-page'));
const WalletListPage = lazyPage(() => import('../features/wallet/pages/wallet-list-page'));
const WalletPayPage = lazyPage(() => import('../features/wallet/pages/wallet-pay-page'));
const WithdrawPage = lazyPage(() => import('../features/wallet/pages/withdraw-page'));
const AddBankCardPage = lazyPage(() => import('../features/wallet/pages/add-bank-card-page'));
const CardListPage = lazyPage(() => import('../features/wallet/pages/card-list-page'));
const WithdrawDetailsPage = lazyPage(() => import('../features/wallet/pages/withdraw-details-page'));
const RechargePage = lazyPage(() => import('../features/wallet/pages/recharge-page'));
const RechargeOfficialPage = lazyPage(() => import('../features/wallet/pages/recharge-official-page'));
const UsdtPage = lazyPage(() => import('../features/wallet/pages/usdt-page'));
const UsdtCodePage = lazyPage(() => import('../features/wallet/pages/usdt-code-page'));
const MyTeamPage = lazyPage(() => import('../features/team/pages/my-team-page'));
const TeamSearchPage = lazyPage(() => import('../features/team/pages/team-search-page'));
const InviteDetailsPage = lazyPage(() => import('../features/team/pages/invite-details-page'));
const InviteFriendPage = lazyPage(() => import('../features/team/pages/invite-friend-page'));
const CopyrightCenterPage = lazyPage(() => import('../features/team/pages/copyright-center-page'));
const CopyrightRecordPage = lazyPage(() => import('../features/team/pages/copyright-record-page'));
const CopyrightInvitationsPage = lazyPage(() => import('../features/team/pages/copyright-invitations-page'));
const MonthlySalaryPage = lazyPage(() => import('../features/team/pages/monthly-salary-page'));
const SalaryRecordPage = lazyPage(() => import('../features/team/pages/salary-record-page'));
const DividendPage = lazyPage(() => import('../features/team/pages/dividend-page'));
const LeaderPage = lazyPage(() => import('../features/team/pages/leader-page'));
const StarCardsPage = lazyPage(() => import('../features/membership/pages/star-cards-page'));
const PointsTrialPage = lazyPage(() => import('../features/membership/pages/points-trial-page'));
const TaskPage = lazyPage(() => import('../features/earn/pages/task-page'));
const RedPacketSendPage = lazyPage(() => import('../features/earn/pages/red-packet-send-page'));
const RedPacketReceivePage = lazyPage(() => import('../features/earn/pages/red-packet-receive-page'));
const RankPage = lazyPage(() => import('../features/earn/pages/rank-page'));
const CustomerServicePage = lazyPage(() => import('../features/earn/pages/customer-service-page'));
const ChatPage = lazyPage(() => import('../features/chat/pages/chat-page'));
const LoginPage = lazyPage(() => import('../features/auth/pages/login-page'));
const ThreePage = lazyPage(() => import('../features/auth/pages/three-page'));
const SelectAreaPage = lazyPage(() => import('../features/auth/pages/select-area-page'));
const NotFoundPage = lazyPage(() => import('../features/not-found/pages/not-found-page'));

/**
 * A shared link may name its sharer's invite code on any page (`?inviteCode=`: an episode, a
 * Shorts item, the landing page): a guest who opens it keeps the code for a later sign-up.
 */
function InviteFromLink() {
  const { search } = useLocation();
  const hasLogin = useSession((s) => s.hasLogin);
  const code = new URLSearchParams(search).get('inviteCode');
  useEffect(() => {
    if (code && !hasLogin) rememberInviteCode(code);
  }, [code, hasLogin]);
  return null;
}

/** Every page, plus the login popup that any page may open. */
function RootLayout() {
  return (
    <>
      <InviteFromLink />
      <Outlet />
      <LoginPopup />
    </>
  );
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
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
      { path: ROUTES.videoDetails, element: <VideoDetailsPage /> },
      { path: ROUTES.search, element: <SearchPage /> },
      { path: ROUTES.history, element: <HistoryPage /> },
      { path: ROUTES.dramas, element: <PromotePage /> },
      { path: ROUTES.drainage, element: <DrainagePage /> },
      { path: ROUTES.privacy, element: <PrivacyPage /> },
      { path: ROUTES.webView, element: <WebViewPage /> },
      { path: ROUTES.webViewAlias, element: <WebViewPage /> },
      { path: ROUTES.homeNavbar, element: <HomeNavbarPage /> },
      { path: ROUTES.chooseLocation, element: <ChooseLocationPage /> },
      { path: ROUTES.openLocation, element: <OpenLocationPage /> },
      { path: ROUTES.settings, element: <SettingsPage /> },
      { path: ROUTES.language, element: <LanguagePage /> },
      { path: ROUTES.aboutUs, element: <AboutUsPage /> },
      { path: ROUTES.bindMethods, element: <BindMethodsPage /> },
      { path: ROUTES.inviteCode, element: <InviteCodePage /> },
      { path: ROUTES.changePassword, element: <ChangePasswordPage /> },
      { path: ROUTES.accountCancellation, element: <AccountCancellationPage /> },
      { path: ROUTES.editUser, element: <EditUserPage /> },
      { path: ROUTES.messages, element: <MessagesPage /> },
      { path: ROUTES.contactUs, element: <ContactUsPage /> },
      { path: ROUTES.addTo, element: <AddToPage /> },
      { path: ROUTES.wallet, element: <WalletPage /> },
      { path: ROUTES.walletList, element: <WalletListPage /> },
      { path: ROUTES.walletPay, element: <WalletPayPage /> },
      { path: ROUTES.withdraw, element: <WithdrawPage /> },
      { path: ROUTES.addBankCard, element: <AddBankCardPage /> },
      { path: ROUTES.cardList, element: <CardListPage /> },
      { path: ROUTES.withdrawDetails, element: <WithdrawDetailsPage /> },
      { path: ROUTES.withdrawDetailsAlias, element: <WithdrawDetailsPage /> },
      { path: ROUTES.recharge, element: <RechargePage /> },
      { path: ROUTES.rechargeOfficial, element: <RechargeOfficialPage /> },
      { path: ROUTES.usdt, element: <UsdtPage /> },
      { path: ROUTES.usdtCode, element: <UsdtCodePage /> },
      { path: ROUTES.myTeam, element: <MyTeamPage /> },
      { path: ROUTES.myTeamSearch, element: <TeamSearchPage /> },
      { path: ROUTES.inviteDetails, element: <InviteDetailsPage /> },
      { path: ROUTES.inviteFriend, element: <InviteFriendPage /> },
      { path: ROUTES.copyrightCenter, element: <CopyrightCenterPage /> },
      { path: ROUTES.copyrightRecord, element: <CopyrightRecordPage /> },
      { path: ROUTES.copyrightInvitations, element: <CopyrightInvitationsPage /> },
      { path: ROUTES.monthlySalary, element: <MonthlySalaryPage /> },
      { path: ROUTES.salaryRecord, element: <SalaryRecordPage /> },
      { path: ROUTES.dividend, element: <DividendPage /> },
      { path: ROUTES.millionLeader, element: <LeaderPage /> },
      { path: ROUTES.starCards, element: <StarCardsPage /> },
      { path: ROUTES.pointsTrial, element: <PointsTrialPage /> },
      { path: ROUTES.tasks, element: <TaskPage /> },
      { path: ROUTES.redPacketSend, element: <RedPacketSendPage /> },
      { path: ROUTES.redPacketReceive, element: <RedPacketReceivePage /> },
      { path: ROUTES.earnRank, element: <RankPage /> },
      { path: ROUTES.earnCustomerService, element: <CustomerServicePage /> },
      { path: ROUTES.chat, element: <ChatPage /> },
      { path: ROUTES.loginRegister, element: <LoginPage /> },
      { path: ROUTES.loginChooser, element: <LoginPage /> },
      { path: ROUTES.loginEmailOnly, element: <LoginPage /> },
      { path: ROUTES.loginThree, element: <ThreePage /> },
      { path: ROUTES.selectArea, element: <SelectAreaPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

interface BoundaryProps {
  location: Location;
  children: ReactNode;
}

/**
 * A page that throws while rendering shows RouteError instead of the app; going elsewhere clears
 * it (what a data router's errorElement does, which the app does without: `createHashRouter`
 * brings ~16 KB gzipped of loaders, actions and fetchers it does not use).
 */
export class RouteErrorBoundary extends Component<BoundaryProps, { failed: boolean; location: Location }> {
  override state = { failed: false, location: this.props.location };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { failed: boolean; location: Location }) {
    return props.location === state.location ? null : { failed: false, location: props.location };
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/** The app's pages, inside a HashRouter. */
export function AppRoutes() {
  const location = useLocation();
  const element = useRoutes(routes);
  return <RouteErrorBoundary location={location}>{element}</RouteErrorBoundary>;
}
