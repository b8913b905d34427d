import { type CurrencyKey, formatMinor, MEMBERSHIP_TIERS, parseMinor } from '@dramastar/contract';
import type { Change } from './diff';

/** How a setting's value reads: an amount of the tenant's currency, a fee or rate, a number… */
type Kind = 'amount' | 'usdt' | 'bps' | 'minutes' | 'hours' | 'days' | 'count' | 'switch' | 'text';

/** Settings by path (`*` for a list index) with their label in words and how their value reads. */
const LABELS: Record<string, [string, Kind]> = {
  // wallet
  'recharge.gateway.enabled': ['Card gateway recharge', 'switch'],
  'recharge.gateway.minAmount': ['Smallest card recharge', 'amount'],
  'recharge.gateway.maxAmount': ['Largest card recharge', 'amount'],
  'recharge.gateway.quickAmounts.*': ['Card recharge quick amount', 'amount'],
  'recharge.official.enabled': ['Official bank transfer', 'switch'],
  'recharge.official.minAmount': ['Smallest bank transfer', 'amount'],
  'recharge.official.windowMinutes': ['Bank transfer to be made within', 'minutes'],
  'recharge.official.bankName': ['Collection bank', 'text'],
  'recharge.official.accountName': ['Collection account name', 'text'],
  'recharge.official.accountNumber': ['Collection account number', 'text'],
  'recharge.usdt.enabled': ['USDT recharge', 'switch'],
  'recharge.usdt.address': ['USDT deposit address', 'text'],
  'recharge.usdt.minAmount': ['Smallest USDT deposit', 'usdt'],
  'recharge.usdt.rate': ['Credited per 1 USDT', 'amount'],
  'withdrawal.minAmount': ['Smallest withdrawal', 'amount'],
  'withdrawal.divisibleBy': ['Withdrawals in steps of', 'count'],
  'withdrawal.bankFeeBps': ['Bank withdrawal fee', 'bps'],
  'withdrawal.usdtEnabled': ['USDT withdrawals', 'switch'],
  'withdrawal.usdtFeeBps': ['USDT withdrawal fee', 'bps'],
  'withdrawal.usdtMinFee': ['Smallest USDT withdrawal fee', 'usdt'],
  'withdrawal.quickAmounts.*': ['Withdrawal quick amount', 'amount'],
  'banks.*.code': ['Bank code', 'text'],
  'banks.*.name': ['Bank name', 'text'],
  // Star Cards
  giftTrialCards: ['Trial cards given per period', 'count'],
  giftPeriodDays: ['Trial card period', 'days'],
  trialCardHours: ['Trial card length', 'hours'],
  // team
  salaryIntervalDays: ['Days between salaries', 'days'],
  'dividend.shareUnit': ['Spent per dividend share', 'amount'],
  'dividend.shareValue': ['Dividend share value', 'amount'],
  'dividend.months': ['Dividends paid after (months)', 'count'],
  leaderGoal: ['Leader goal (team purchases)', 'amount'],
  // earn
  'checkinRewards.*': ['Check-in reward', 'amount'],
  'redPacket.minShare': ['Smallest red packet share', 'amount'],
  'redPacket.maxAmount': ['Largest red packet', 'amount'],
  'redPacket.maxShares': ['Most red packet shares', 'count'],
  'redPacket.expiryHours': ['Red packet refunded after', 'hours'],
};

/** Labels that need the list index (tiers by name, team levels by number). */
function indexed(path: string): [string, Kind] | null {
  const parts = path.split('.');
  const [head, index, leaf] = parts;
  const i = Number(index);
  if (head === 'tiers' && leaf) {
    const tier = MEMBERSHIP_TIERS[i] ?? `tier ${i + 1}`;
    const what: Record<string, [string, Kind]> = {
      price: [`${tier} card price`, 'amount'],
      days: [`${tier} card length`, 'days'],
      enabled: [`${tier} card on sale`, 'switch'],
      rewardLevels: [`${tier} card team levels rewarded`, 'count'],
    };
    const found = what[leaf];
    return found ? [found[0].charAt(0).toUpperCase() + found[0].slice(1), found[1]] : null;
  }
  if ((head === 'referralBps' || head === 'welfareBps') && parts.length === 2)
    return [`${head === 'referralBps' ? 'Referral' : 'Welfare'} rate, level ${i + 1}`, 'bps'];
  if (head === 'salaryLevels' && leaf === 'amount') return [`Salary of level ${i + 1}`, 'amount'];
  if (head === 'dailyAward' && index) return [`Daily award of ${index} card holders`, 'amount'];
  if (head === 'points' && index) return [`Points: ${index}`, 'count'];
  return null;
}

/** A setting's label in words, or its path when it has none. */
export function labelOf(path: string): [string, Kind] {
  return LABELS[path] ?? LABELS[path.replace(/\.\d+(?=\.|$)/g, '.*')] ?? indexed(path) ?? [path, 'text'];
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

function valueText(value: string, kind: Kind, currency: CurrencyKey): string {
  if (value === '—') return value;
  switch (kind) {
    case 'amount':
      return moneyText(value, currency);
    case 'usdt':
      return moneyText(value, 'USDT');
    case 'bps':
      return Number.isFinite(Number(value)) ? bpsToPercent(Number(value)) : value;
    case 'minutes':
      return `${value} min`;
    case 'hours':
      return `${value} h`;
    case 'days':
      return `${value} days`;
    case 'switch':
      return value === 'true' ? 'on' : value === 'false' ? 'off' : value;
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

export function inWords(change: Change, currency: CurrencyKey): ChangeInWords {
  const [label, kind] = labelOf(change.path);
  return {
    path: change.path,
    label,
    before: valueText(change.before, kind, currency),
    after: valueText(change.after, kind, currency),
  };
}

/** Where users pay: changing any of these asks for the operator's TOTP code again. */
export const COLLECTION_PATHS = [
  'recharge.official.bankName',
  'recharge.official.accountName',
  'recharge.official.accountNumber',
  'recharge.usdt.address',
] as const;
