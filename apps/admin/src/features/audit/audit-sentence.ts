import { CURRENCIES, type CurrencyKey, formatMinor, parseMinor } from '@dramastar/contract';

/** What the audit log shows of one entry (the call's answer). */
export interface AuditLike {
  operator: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  reason: string | null;
}

type Rec = Record<string, unknown>;

const isRecord = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCurrency = (v: unknown): v is CurrencyKey => typeof v === 'string' && v in CURRENCIES;

/** Words of a key: `withdrawal_refund` / `matchedReference` → "withdrawal refund" / "matched reference". */
export function words(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.]+/g, ' ')
    .trim()
    .toLowerCase();
}

/** The target's name as read: `withdrawal:W123` → "withdrawal W123", `operator:ana` → "operator ana". */
function targetWords(target: string): string {
  const i = target.indexOf(':');
  if (i < 0) return target;
  if (target.startsWith('export:')) return words(target.slice(i + 1));
  return `${words(target.slice(0, i))} ${target.slice(i + 1)}`;
}

/** Amount fields of a money record, and the currency each is in. */
const MONEY_KEYS: Record<string, 'currency' | 'payCurrency'> = {
  amount: 'currency',
  creditAmount: 'currency',
  fee: 'currency',
  total: 'currency',
  receivedAmount: 'currency',
  amountReceived: 'currency',
  receivedMinor: 'currency',
  amountMinor: 'currency',
};

/**
 * An amount as the operator reads it: ₱315.00. Records of recharges and withdrawals keep integer
 * minor units (`minor`); a value with a decimal point is already in currency units.
 */
export function money(value: unknown, currency: CurrencyKey, minor: boolean): string {
  const text = String(value);
  const amount = /^-?\d+$/.test(text) && minor ? BigInt(text) : parseMinor(text, currency);
  if (amount === null) return text;
  // USDT's sign ($) reads as dollars: name it.
  return currency === 'USDT'
    ? `${formatMinor(amount, currency, { symbol: false })} USDT`
    : formatMinor(amount, currency);
}

/** Whether the entry's before/after are stored rows of a money record (amounts in minor units). */
const minorUnits = (action: string) => /^(recharge|withdrawal)\./.test(action);

/** The currency of a record's amount field. */
function currencyOf(rec: Rec, key: string): CurrencyKey | null {
  const field = MONEY_KEYS[key];
  if (!field) return null;
  // A recharge's `amount` is what the user paid (payCurrency); its credit is in the tenant's.
  const c = key === 'amount' && isCurrency(rec.payCurrency) ? rec.payCurrency : rec[field];
  return isCurrency(c) ? c : null;
}

/** The recorded amount of a recharge or withdrawal, in words with its currency (or null). */
function amountOf(e: AuditLike): string | null {
  const rec = isRecord(e.after) ? e.after : isRecord(e.before) ? e.before : null;
  if (!rec || rec.amount === undefined) return null;
  const currency = currencyOf(rec, 'amount');
  return currency ? money(rec.amount, currency, minorUnits(e.action)) : null;
}

/** The transfer reference an operator typed or a record carries (whatever the field is named). */
function referenceOf(e: AuditLike): string | null {
  const after = isRecord(e.after) ? e.after : {};
  for (const key of ['matchedReference', 'paidReference', 'transferReference', 'reference']) {
    const before = isRecord(e.before) ? e.before[key] : undefined;
    const value = after[key];
    if (typeof value === 'string' && value && value !== before) return value;
  }
  if (e.reason?.startsWith('reference: ')) return e.reason.slice('reference: '.length);
  return null;
}

const VERBS: Record<string, string> = {
  'recharge.confirm': 'confirmed',
  'recharge.reject': 'rejected',
  'withdrawal.approve': 'approved',
  'withdrawal.process': 'started paying',
  'withdrawal.pay': 'marked paid',
  'withdrawal.reject': 'rejected',
  'withdrawal.fail': 'marked failed',
  'withdrawal.payout_account_view': 'looked at the payout account of',
  'operator.create': 'created',
  'operator.update': 'changed the role and tenants of',
  'operator.disable': 'disabled',
  'operator.enable': 'enabled',
  'operator.password_reset': 'reset the password of',
  'operator.totp_reset': 'reset the authenticator of',
  'user.freeze': 'froze',
  'user.unfreeze': 'unfroze',
  'user.session.revoke': 'signed out',
  'series.create': 'created',
  'series.update': 'edited',
  'series.cover': 'changed the cover of',
  'series.publish': 'published',
  'series.unpublish': 'unpublished',
  'series.banner': 'changed the banner of',
  'episode.upload': 'uploaded',
  'episode.reorder': 'reordered the episodes of',
  'episode.delete': 'deleted',
  'chat.assign': 'took',
  'chat.reply': 'replied in',
  'chat.close': 'closed',
  'tenant.create': 'created',
  'export.csv': 'downloaded the CSV of',
  'tenant.domains': 'changed the domains of',
};

/** Actions about the operator's own account, said in the first person of the log. */
const OWN: Record<string, string> = {
  'operator.sign_in': 'signed in',
  'operator.sign_in_failed': 'failed to sign in',
  'operator.password_change': 'changed their password',
  'operator.totp_start': 'started setting up an authenticator app',
  'operator.totp_enable': 'turned on two-factor sign-in',
  'operator.totp_disable': 'turned off two-factor sign-in',
  'operator.recovery_codes_regenerate': 'made new recovery codes',
  'operator.session_revoke': 'signed out one of their sessions',
  'operator.sessions_revoke_others': 'signed out their other sessions',
};

/**
 * One audit entry as a sentence: "ana rejected withdrawal W123 of ₱315.00: wrong account".
 * Unknown actions still read: "ana did “thing update” on thing 7".
 */
export function auditSentence(e: AuditLike): string {
  const who = e.operator;
  const own = OWN[e.action];
  const after = isRecord(e.after) ? e.after : {};
  const before = isRecord(e.before) ? e.before : {};
  let sentence: string;
  if (own) {
    sentence = `${who} ${own}`;
    if (e.action === 'operator.sign_in' && typeof after.method === 'string')
      sentence += ` with ${after.method}`;
    if (e.action === 'operator.sign_in_failed' && e.target === 'operator:unknown')
      sentence = 'Someone failed to sign in';
    if (typeof after.ip === 'string') sentence += ` from ${after.ip}`;
    if (typeof after.recoveryCodesLeft === 'number')
      sentence += ` (${after.recoveryCodesLeft} recovery codes left)`;
  } else if (e.action.startsWith('config.')) {
    const [, section = '', what = ''] = e.action.split('.');
    sentence = `${who} ${what === 'reset' ? 'reset' : 'changed'} the ${words(section)} settings of ${targetWords(e.target)}`;
  } else {
    const verb = VERBS[e.action];
    sentence = verb
      ? `${who} ${verb} ${targetWords(e.target)}`
      : `${who} did “${words(e.action)}” on ${targetWords(e.target)}`;
    const amount = minorUnits(e.action) ? amountOf(e) : null;
    if (amount) sentence += ` of ${amount}`;
    if (e.action === 'operator.update' && typeof after.role === 'string') {
      const tenants =
        Array.isArray(after.tenantIds) && after.tenantIds.length ? ` in ${after.tenantIds.join(', ')}` : '';
      sentence += `: ${words(typeof before.role === 'string' ? before.role : '?')} → ${words(after.role)}${tenants}`;
    }
  }
  const reference = referenceOf(e);
  if (reference) sentence += ` (reference ${reference})`;
  const reason = e.reason?.startsWith('reference: ') ? null : e.reason;
  if (reason) sentence += `: ${reason}`;
  return sentence;
}

/** Fields a reader never needs (internal keys, hashes, ids already in the sentence). */
const HIDDEN = new Set([
  'id',
  'requestId',
  'requestHash',
  'instructions',
  'operatorId',
  'tenantId',
  'purpose',
]);

const LABELS: Record<string, string> = {
  creditAmount: 'Credited',
  amount: 'Amount',
  fee: 'Fee',
  total: 'Total',
  payCurrency: 'Paid in',
  matchedReference: 'Reference typed at confirmation',
  paidReference: "Bank's transfer reference",
  tenantIds: 'Tenants',
  totpEnabled: 'Two-factor sign-in',
  mustChangePassword: 'Must change password',
  ip: 'Address',
  userAgent: 'Browser',
  recoveryCodesLeft: 'Recovery codes left',
};

/** A field's label: known ones by name, others from their key ("Matched reference"). */
export function fieldLabel(key: string): string {
  const known = LABELS[key];
  if (known) return known;
  const w = words(key);
  return w.charAt(0).toUpperCase() + w.slice(1);
}

function display(rec: Rec, key: string, minor: boolean): string {
  const value = rec[key];
  if (value === null || value === undefined || value === '') return '—';
  const currency = currencyOf(rec, key);
  if (currency && (typeof value === 'string' || typeof value === 'number'))
    return money(value, currency, minor);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value))
    return value.replace('T', ' ').slice(0, 19);
  if (typeof value === 'string') return /^[a-z]+(_[a-z]+)+$/.test(value) ? words(value) : value;
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object')) return value.join(', ') || '—';
  return JSON.stringify(value);
}

export interface AuditField {
  key: string;
  label: string;
  before: string;
  after: string;
  changed: boolean;
}

/** Before and after as labelled fields, changed ones first; amounts in currency units. */
export function auditFields(e: AuditLike): AuditField[] {
  const before = isRecord(e.before) ? e.before : null;
  const after = isRecord(e.after) ? e.after : null;
  const minor = minorUnits(e.action);
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter(
    (k) => !HIDDEN.has(k),
  );
  const fields = keys.map((key) => {
    const b = before && key in before ? display(before, key, minor) : '—';
    const a = after && key in after ? display(after, key, minor) : '—';
    return {
      key,
      label: fieldLabel(key),
      before: b,
      after: a,
      changed: before !== null && after !== null && b !== a,
    };
  });
  return [...fields.filter((f) => f.changed), ...fields.filter((f) => !f.changed)];
}
