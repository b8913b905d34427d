import { createElement, type SVGProps } from 'react';
import {
  Award,
  Bell,
  Bookmark,
  CalendarCheck,
  Camera,
  ChartPie,
  Check,
  ChevronLeft,
  ChevronRight,
  CircleAlert,
  CircleArrowDown,
  CircleArrowUp,
  Clock,
  Coins,
  Compass,
  Copy,
  CreditCard,
  Download,
  Eye,
  EyeOff,
  Film,
  Gift,
  Globe,
  Headset,
  Heart,
  History,
  House,
  Image as LucideImage,
  Key,
  LayoutGrid,
  Link as LucideLink,
  ListChecks,
  Lock,
  type IconNode,
  Mail,
  Maximize,
  Megaphone,
  Pause,
  Pencil,
  Play,
  ReceiptText,
  RotateCw,
  Search,
  Settings,
  Share,
  Share2,
  ShieldCheck,
  SquarePlay,
  SquarePlus,
  Star,
  Ticket,
  Trash2,
  Trophy,
  User,
  UserPlus,
  Users,
  Volume2,
  VolumeX,
  Wallet,
  X,
} from 'lucide';

export type IconProps = SVGProps<SVGSVGElement>;

/** The one SVG wrapper the app's own drawings are in: 24×24, 1em, a 1.8 stroke in the text colour, hidden from assistive tech. */
export function Icon({ children, ...props }: IconProps) {
  return (
    <svg
      width="1em"
      height="1em"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

/**
 * A lucide icon (lucide's drawings as data, on the same 24-unit grid) drawn in `Icon`: 1em, a 1.8
 * stroke in the text colour, hidden from assistive tech; `defaults` are this icon's own (the
 * caller's props still win). Named imports only, so the build carries just the icons used here,
 * and no icon runtime: the shapes become React elements once, here.
 */
function fromLucide(node: IconNode, defaults: IconProps = {}) {
  const shapes = node.map(([tag, attrs], i) => createElement(tag, { key: i, ...attrs }));
  function LucideBased(props: IconProps) {
    return (
      <Icon {...defaults} {...props}>
        {shapes}
      </Icon>
    );
  }
  return LucideBased;
}

export const ChevronLeftIcon = fromLucide(ChevronLeft);
export const HomeIcon = fromLucide(House);
export const PlayIcon = fromLucide(SquarePlay);
export const GiftIcon = fromLucide(Gift);
export const UserIcon = fromLucide(User);
export const FilmIcon = fromLucide(Film);
export const SettingsIcon = fromLucide(Settings);
export const ShieldIcon = fromLucide(ShieldCheck);
export const ChevronRightIcon = fromLucide(ChevronRight);
export const CheckIcon = fromLucide(Check, { strokeWidth: 2.4 });
export const AlertIcon = fromLucide(CircleAlert);
export const CompassIcon = fromLucide(Compass);
export const CloseIcon = fromLucide(X);
export const MailIcon = fromLucide(Mail);
export const LockIcon = fromLucide(Lock);
export const EyeIcon = fromLucide(Eye);
export const EyeOffIcon = fromLucide(EyeOff);

/** Google's "G" in its own colours (brand guidelines ask for the coloured mark). */
export function GoogleIcon(props: IconProps) {
  return (
    <svg width="1em" height="1em" viewBox="0 0 48 48" aria-hidden="true" focusable="false" {...props}>
      <path
        fill="var(--ds-google-yellow)"
        d="M43.6 20.1H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 13 4 4 13 4 24s9 20 20 20 20-9 20-20c0-1.3-.1-2.6-.4-3.9z"
      />
      <path
        fill="var(--ds-google-red)"
        d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="var(--ds-google-green)"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="var(--ds-google-blue)"
        d="M43.6 20.1H42V20H24v8h11.3a12 12 0 0 1-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.6-.4-3.9z"
      />
    </svg>
  );
}

export const CopyIcon = fromLucide(Copy);
export const BellIcon = fromLucide(Bell);
export const EditIcon = fromLucide(Pencil);
export const CameraIcon = fromLucide(Camera);
export const ShareIcon = fromLucide(Share);
export const PlusSquareIcon = fromLucide(SquarePlus);
export const HeadsetIcon = fromLucide(Headset);
export const GlobeIcon = fromLucide(Globe);
export const RefreshIcon = fromLucide(RotateCw);
export const SearchIcon = fromLucide(Search);

const HeartOutline = fromLucide(Heart);
/** A heart; `filled` for a liked episode. */
export function HeartIcon({ filled = false, ...props }: IconProps & { filled?: boolean }) {
  return <HeartOutline fill={filled ? 'currentColor' : 'none'} {...props} />;
}

const BookmarkOutline = fromLucide(Bookmark);
/** A bookmark; `filled` for a followed series. */
export function BookmarkIcon({ filled = false, ...props }: IconProps & { filled?: boolean }) {
  return <BookmarkOutline fill={filled ? 'currentColor' : 'none'} {...props} />;
}

export const ShareLinkIcon = fromLucide(Share2);
/** The episode list (a grid of tiles). */
export const ListIcon = fromLucide(LayoutGrid);
export const FullScreenIcon = fromLucide(Maximize);
export const VolumeOffIcon = fromLucide(VolumeX);
export const VolumeOnIcon = fromLucide(Volume2);
export const PlayFilledIcon = fromLucide(Play, { fill: 'currentColor' });
export const PauseIcon = fromLucide(Pause, { fill: 'currentColor' });
export const TrashIcon = fromLucide(Trash2);
export const HistoryIcon = fromLucide(History);
export const MegaphoneIcon = fromLucide(Megaphone);
export const WalletIcon = fromLucide(Wallet);
export const BankCardIcon = fromLucide(CreditCard);
export const KeyIcon = fromLucide(Key);
export const ReceiptIcon = fromLucide(ReceiptText);
/** Money in (recharge). */
export const ArrowDownCircleIcon = fromLucide(CircleArrowDown);
/** Money out (withdraw). */
export const ArrowUpCircleIcon = fromLucide(CircleArrowUp);
export const ClockIcon = fromLucide(Clock);
/** Star Cards (memberships). */
export const StarIcon = fromLucide(Star);
/** Trial cards and points. */
export const TicketIcon = fromLucide(Ticket);
/** The team (My Team). */
export const UsersIcon = fromLucide(Users);
/** Inviting friends. */
export const UserPlusIcon = fromLucide(UserPlus);
/** Copyrights (a rosette). */
export const AwardIcon = fromLucide(Award);
/** The monthly salary (coins). */
export const CoinsIcon = fromLucide(Coins);
/** Dividend shares. */
export const PieChartIcon = fromLucide(ChartPie);
/** The leader programme. */
export const TrophyIcon = fromLucide(Trophy);
export const DownloadIcon = fromLucide(Download);
export const LinkIcon = fromLucide(LucideLink);

/**
 * A red envelope with its seal: the app's own drawing (no icon set has the hongbao; an envelope
 * or a gift would say mail or presents).
 */
export function RedPacketIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="5" y="3" width="14" height="18" rx="2" />
      <path d="M5 8.5c2 1.7 4.3 2.5 7 2.5s5-.8 7-2.5" />
      <circle cx="12" cy="11.5" r="2" />
    </Icon>
  );
}

/** The daily check-in. */
export const CalendarCheckIcon = fromLucide(CalendarCheck);
/** Tasks (a checklist). */
export const ChecklistIcon = fromLucide(ListChecks);
export const ImageIcon = fromLucide(LucideImage);
