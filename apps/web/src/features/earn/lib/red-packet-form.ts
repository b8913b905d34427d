import {
  CURRENCIES,
  defaultEarnSettings,
  type CurrencyKey,
  type MessageKey,
  type RedPacket,
} from '@dramastar/contract';
import type { TranslationKey } from '../../../shared/i18n';
import { formatMinor, parseAmount, readAmountInput } from '../../../shared/money';
import { ROUTES } from '../../../shared/routes';

export interface RedPacketRules {
  /** The smallest share, a decimal string of major units. */
  minShare: string;
  /** The largest packet. */
  maxAmount: string;
  maxShares: number;
  /** After this many hours what is left goes back to the sender. */
  expiryHours: number;
}

/**
 * The default red packet rules of a currency. The send page announces the tenant's own rules
 * (`/redP/rules`, its configuration); the server has the last word (its refusals are shown).
 */
export function redPacketRules(currency: CurrencyKey): RedPacketRules {
  return defaultEarnSettings(currency).redPacket;
}

/** A problem with a field: a server message of the contract, or one of the app's texts. */
export type FieldError =
  | { message: MessageKey; params?: Record<string, string | number> }
  | { text: TranslationKey; params?: Record<string, string | number> };

export interface RedPacketCheck {
  /** The total in minor units (null while it is not a valid amount). */
  amount: bigint | null;
  /** The number of shares (null while it is not a whole number in range). */
  shares: number | null;
  amountError: FieldError | null;
  sharesError: FieldError | null;
  /** Each share when split equally: the smallest one (the remainder goes to the first shares). */
  equalShare: bigint | null;
  ok: boolean;
}

/**
 * Reads the form against the rules: a valid amount of the currency within the maximum, 1 to
 * maxShares whole shares, each share at least the minimum (so amount ≥ minimum × shares), and
 * not more than the balance. Empty fields are errors too (the form shows them once submitted).
 */
export function checkRedPacket(
  input: { amount: string; shares: string },
  rules: RedPacketRules,
  currency: CurrencyKey,
  balance: string | null,
): RedPacketCheck {
  let amount: bigint | null = null;
  let amountError: FieldError | null = null;
  const read = readAmountInput(input.amount, currency);
  if (!read.ok) {
    amountError =
      read.error === 'TooManyDecimals'
        ? { message: 'TooManyDecimals', params: { currency, digits: CURRENCIES[currency].minorDigits } }
        : { message: 'InvalidAmount' };
  } else if (read.minor <= 0n) {
    amountError = { message: 'InvalidAmount' };
  } else {
    amount = read.minor;
  }

  let shares: number | null = null;
  let sharesError: FieldError | null = null;
  const sharesText = input.shares.trim();
  const count = /^\d{1,6}$/.test(sharesText) ? Number(sharesText) : NaN;
  if (!Number.isInteger(count) || count < 1 || count > rules.maxShares) {
    sharesError = { text: 'redPacket.sharesRange', params: { max: rules.maxShares } };
  } else {
    shares = count;
  }

  const max = parseAmount(rules.maxAmount, currency);
  const min = parseAmount(rules.minShare, currency) ?? 0n;
  if (amount !== null && amountError === null) {
    if (max !== null && amount > max) {
      amountError = { message: 'AmountAboveMaximum', params: { amount: formatMinor(max, currency) } };
    } else if (shares !== null && amount < min * BigInt(shares)) {
      amountError = {
        text: 'redPacket.minTotal',
        params: {
          amount: formatMinor(min * BigInt(shares), currency),
          shares,
          min: formatMinor(min, currency),
        },
      };
    } else if (balance !== null) {
      const available = parseAmount(balance, currency);
      if (available !== null && amount > available) amountError = { message: 'InsufficientFunds' };
    }
  }

  const equalShare = amount !== null && shares !== null ? amount / BigInt(shares) : null;
  return {
    amount,
    shares,
    amountError,
    sharesError,
    equalShare,
    ok: amountError === null && sharesError === null && amount !== null && shares !== null,
  };
}

/** The link others open to claim a share. */
export function redPacketLink(id: string, origin: string = window.location.origin): string {
  return `${origin}/#${ROUTES.redPacketReceive}?redPacketId=${encodeURIComponent(id)}`;
}

/** The in-app path of a packet. */
export function redPacketPath(id: string): string {
  return `${ROUTES.redPacketReceive}?redPacketId=${encodeURIComponent(id)}`;
}

export type PacketTone = 'open' | 'done' | 'over';

export const PACKET_STATE_LABELS: Record<RedPacket['state'], TranslationKey> = {
  opened: 'redPacket.stateOpened',
  claimed: 'redPacket.stateClaimed',
  expired: 'redPacket.stateExpired',
};

export function packetTone(state: RedPacket['state']): PacketTone {
  return state === 'opened' ? 'open' : state === 'claimed' ? 'done' : 'over';
}

/** What the viewer can do with a packet before opening it. */
export type PacketOutlook = 'own' | 'received' | 'claimedOut' | 'expired' | 'openable';

export function packetOutlook(packet: Pick<RedPacket, 'mine' | 'myClaim' | 'state'>): PacketOutlook {
  if (packet.mine) return 'own';
  if (packet.myClaim !== null) return 'received';
  if (packet.state === 'claimed') return 'claimedOut';
  if (packet.state === 'expired') return 'expired';
  return 'openable';
}

/** The refusals of opening a packet, each with its own message (spec section 8 for the first two). */
const RECEIVE_REFUSALS: readonly MessageKey[] = [
  'RedPacketClaimed',
  'RedPacketExpired',
  'RedPacketAlreadyClaimed',
  'RedPacketOwn',
  'RedPacketNotFound',
  'EarnDisabled',
];

export function receiveRefusalKey(errorKey: string | undefined): MessageKey | null {
  return RECEIVE_REFUSALS.find((key) => key === errorKey) ?? null;
}
