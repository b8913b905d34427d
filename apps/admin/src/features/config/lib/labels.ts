import {
  type CurrencyKey,
  formatMinor,
  isMembershipTier,
  MEMBERSHIP_TIERS,
  parseMinor,
} from '@dramastar/contract';
import type { TranslationKey, TranslationParams } from '../../../shared/i18n';
import type { Change } from './diff';

/** How a setting's value reads: an amount of the tenant's currency, a fee or rate, a number… */
type Kind = 'amount' | 'usdt' | 'bps' | 'minutes' | 'hours' | 'days' | 'count' | 'switch' | 'text';

/** Settings by path (`*` for a list index) with how their value reads; their label is `change.<path>`. */
const KINDS: Record<string, Kind> = {
  'recharge.gateway.enabled': 'switch',
  'recharge.gateway.minAmount': 'amount',
  'recharge.gateway.maxAmount': 'amount',
  'recharge.gateway.quickAmounts.*': 'amount',
  'recharge.official.enabled': 'switch',
  'recharge.official.minAmount': 'amount',
  'recharge.official.windowMinutes': 'minutes',
  'recharge.official.bankName': 'text',
  'recharge.official.accountName': 'text',
  'recharge.official.accountNumber': 'text',
  'recharge.usdt.enabled': 'switch',
  'recharge.usdt.address': 'text',
  'recharge.usdt.minAmount': 'usdt',
  'recharge.usdt.rate': 'amount',
  'withdrawal.minAmount': 'amount',
  'withdrawal.divisibleBy': 'count',
  'withdrawal.bankFeeBps': 'bps',
  'withdrawal.usdtEnabled': 'switch',
  'withdrawal.usdtFeeBps': 'bps',
  'withdrawal.usdtMinFee': 'usdt',
  'withdrawal.quickAmounts.*': 'amount',
  'banks.*.code': 'text',
  'banks.*.name': 'text',
  giftTrialCards: 'count',
  giftPeriodDays: 'days',
  trialCardHours: 'hours',
  salaryIntervalDays: 'days',
  'dividend.shareUnit': 'amount',
  'dividend.shareValue': 'amount',
  'dividend.months': 'count',
  leaderGoal: 'amount',
  'checkinRewards.*': 'amount',
  'redPacket.minShare': 'amount',
  'redPacket.maxAmount': 'amount',
  'redPacket.maxShares': 'count',
  'redPacket.expiryHours': 'hours',
};

/** The console's words for one language (`translate` bound to it). */
export type ConfigWords = (key: TranslationKey, params?: TranslationParams) => string;

/** A Star Card tier by its name in the operator's language (`tier.<tier>`), else as stored. */
function cardName(tier: string | undefined, t: ConfigWords): string {
  return isMembershipTier(tier) ? t(`tier.${tier}`) : String(tier);
}

/** Labels that need the list index (tiers by name, team levels by number). */
function indexed(path: string, t: ConfigWords): [string, Kind] | null {
  const parts = path.split('.');
  const [head, index, leaf] = parts;
  const i = Number(index);
  if (head === 'tiers' && leaf) {
    const kinds: Record<string, Kind> = {
      price: 'amount',
      days: 'days',
      enabled: 'switch',
      rewardLevels: 'count',
    };
    const kind = kinds[leaf];
    return kind
      ? [t(`change.tier.${leaf}` as TranslationKey, { card: cardName(MEMBERSHIP_TIERS[i], t) }), kind]
      : null;
  }
  if ((head === 'referralBps' || head === 'welfareBps') && parts.length === 2)
    return [t(head === 'referralBps' ? 'change.referral' : 'change.welfare', { n: i + 1 }), 'bps'];
  if (head === 'salaryLevels' && leaf === 'amount') return [t('change.salary', { n: i + 1 }), 'amount'];
  if (head === 'dailyAward' && index) return [t('change.dailyAward', { card: cardName(index, t) }), 'amount'];
  if (head === 'points' && index) return [t('change.points', { what: index }), 'count'];
  return null;
}

/** A setting's label in words, or its path when it has none. */
export function labelOf(path: string, t: ConfigWords): [string, Kind] {
  const pattern = KINDS[path] ? path : path.replace(/\.\d+(?=\.|$)/g, '.*');
  const kind = KINDS[pattern];
  if (kind) return [t(`change.${pattern}` as TranslationKey), kind];
  return indexed(path, t) ?? [path, 'text'];
}

/** Basis points as a percentage: 500 → "5 %", 250 → "2.5 %". */
export function bpsToPercent(bps: number): string {
  return `${Number((bps / 100).toFixed(2))} %`;
}

/** An amount of the tenant's currency as people read it (₱5,000.00), or as typed when it is none. */
export function moneyText(amount: string, currency: CurrencyKey): string {
  const minor = parseMinor(amount, currency);
  return minor === null ? amount : formatMinor(minor, currency);
}

function valueText(value: string, kind: Kind, currency: CurrencyKey, t: ConfigWords): string {
  if (value === '—') return value;
  switch (kind) {
    case 'amount':
      return moneyText(value, currency);
    case 'usdt':
      return moneyText(value, 'USDT');
    case 'bps':
      return Number.isFinite(Number(value)) ? bpsToPercent(Number(value)) : value;
    case 'minutes':
      return t('change.minutes', { value });
    case 'hours':
      return t('change.hours', { value });
    case 'days':
      return t('change.days', { value });
    case 'switch':
      return value === 'true' ? t('change.on') : value === 'false' ? t('change.off') : value;
    case 'count':
    case 'text':
      return value;
  }
}

/** A change in words: "Bank withdrawal fee: 5 % → 50 %". */
export interface ChangeInWords {
  path: string;
  label: string;
  before: string;
  after: string;
}

export function inWords(change: Change, currency: CurrencyKey, t: ConfigWords): ChangeInWords {
  const [label, kind] = labelOf(change.path, t);
  return {
    path: change.path,
    label,
    before: valueText(change.before, kind, currency, t),
    after: valueText(change.after, kind, currency, t),
  };
}

/** Where users pay: changing any of these asks for the operator's TOTP code again. */
export const COLLECTION_PATHS = [
  'recharge.official.bankName',
  'recharge.official.accountName',
  'recharge.official.accountNumber',
  'recharge.usdt.address',
] as const;
