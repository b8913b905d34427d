import { CURRENCIES, type CurrencyKey, formatMinor, parseMinor } from '@dramastar/contract';
import type { TranslationKey, TranslationParams } from '../../shared/i18n';
import en from '../../locales/en.json';

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

/** The sentence's words in the operator's language (the console's `translate` for one language). */
export type AuditWords = (key: TranslationKey, params?: TranslationParams) => string;

/** Actions with a sentence of their own (`audit.action.<action>` in the catalogues). */
const actionKey = (action: string): TranslationKey | null => {
  const key = `audit.action.${action}`;
  return key in en ? (key as TranslationKey) : null;
};

/** Actions about the operator's own account: the target is the operator. */
const isOwn = (action: string) =>
  /^operator\.(sign_in|sign_in_failed|password_change|totp_start|totp_enable|totp_disable|recovery_codes_regenerate|session_revoke|sessions_revoke_others)$/.test(
    action,
  );

/** The target's name as read: `withdrawal:W123` → "withdrawal W123" (the kind in the operator's language). */
function targetWords(target: string, t: AuditWords): string {
  const i = target.indexOf(':');
  if (i < 0) return target;
  if (target.startsWith('export:')) return words(target.slice(i + 1));
  const kind = target.slice(0, i);
  const key = `audit.kind.${kind}`;
  return `${key in en ? t(key as TranslationKey) : words(kind)} ${target.slice(i + 1)}`;
}

/** The server's fixed words of a console sign-in (its method, a failure's reason). */
const SIGN_IN_WORDS: Record<string, TranslationKey> = {
  password: 'audit.signIn.password',
  'recovery code': 'audit.signIn.recoveryCode',
  'password and authenticator code': 'audit.signIn.passwordTotp',
  'unknown user name': 'audit.signIn.unknownUser',
  'wrong password': 'audit.signIn.wrongPassword',
  'account disabled': 'audit.signIn.disabled',
  'wrong recovery code': 'audit.signIn.wrongRecovery',
  'wrong authenticator code': 'audit.signIn.wrongTotp',
  'locked after repeated failed sign-ins': 'audit.signIn.locked',
};
const signInWords = (text: string, t: AuditWords) => {
  const key = SIGN_IN_WORDS[text];
  return key ? t(key) : text;
};

/**
 * One audit entry as a sentence in the operator's language: "ana rejected withdrawal W123 of
 * ₱315.00: wrong account". Unknown actions still read: "ana did “thing update” on thing 7".
 */
export function auditSentence(e: AuditLike, t: AuditWords): string {
  const who = e.operator;
  const after = isRecord(e.after) ? e.after : {};
  const before = isRecord(e.before) ? e.before : {};
  const target = targetWords(e.target, t);
  const key = actionKey(e.action);
  let sentence: string;
  if (key && isOwn(e.action)) {
    sentence = t(key, { who });
    if (e.action === 'operator.sign_in' && typeof after.method === 'string')
      sentence += t('audit.s.with', { method: signInWords(after.method, t) });
    if (e.action === 'operator.sign_in_failed' && e.target === 'operator:unknown')
      sentence = t('audit.s.someoneFailed');
    if (typeof after.ip === 'string') sentence += t('audit.s.from', { ip: after.ip });
    if (typeof after.recoveryCodesLeft === 'number')
      sentence += t('audit.s.codesLeft', { count: after.recoveryCodesLeft });
  } else if (e.action.startsWith('config.')) {
    const [, section = '', what = ''] = e.action.split('.');
    sentence = t(what === 'reset' ? 'audit.s.configReset' : 'audit.s.configChanged', {
      who,
      section: words(section),
      target,
    });
  } else {
    sentence = key ? t(key, { who, target }) : t('audit.s.unknown', { who, action: words(e.action), target });
    const amount = minorUnits(e.action) ? amountOf(e) : null;
    if (amount) sentence += t('audit.s.amount', { amount });
    if (e.action === 'operator.update' && typeof after.role === 'string') {
      sentence += t('audit.s.role', {
        from: words(typeof before.role === 'string' ? before.role : '?'),
        to: words(after.role),
      });
      if (Array.isArray(after.tenantIds) && after.tenantIds.length)
        sentence += t('audit.s.inTenants', { tenants: after.tenantIds.join(', ') });
    }
  }
  const reference = referenceOf(e);
  if (reference) sentence += t('audit.s.reference', { reference });
  const reason = e.reason?.startsWith('reference: ') ? null : e.reason;
  if (reason) sentence += `: ${e.action.startsWith('operator.sign_in') ? signInWords(reason, t) : reason}`;
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

/** A field's label: known ones by name (`audit.label.<key>`), others from their key ("Matched reference"). */
export function fieldLabel(key: string, t: AuditWords): string {
  const known = `audit.label.${key}`;
  if (known in en) return t(known as TranslationKey);
  const w = words(key);
  return w.charAt(0).toUpperCase() + w.slice(1);
}

function display(rec: Rec, key: string, minor: boolean, t: AuditWords): string {
  const value = rec[key];
  if (value === null || value === undefined || value === '') return '—';
  const currency = currencyOf(rec, key);
  if (currency && (typeof value === 'string' || typeof value === 'number'))
    return money(value, currency, minor);
  if (typeof value === 'boolean') return t(value ? 'audit.yes' : 'audit.no');
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
export function auditFields(e: AuditLike, t: AuditWords): AuditField[] {
  const before = isRecord(e.before) ? e.before : null;
  const after = isRecord(e.after) ? e.after : null;
  const minor = minorUnits(e.action);
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter(
    (k) => !HIDDEN.has(k),
  );
  const fields = keys.map((key) => {
    const b = before && key in before ? display(before, key, minor, t) : '—';
    const a = after && key in after ? display(after, key, minor, t) : '—';
    return {
      key,
      label: fieldLabel(key, t),
      before: b,
      after: a,
      changed: before !== null && after !== null && b !== a,
    };
  });
  return [...fields.filter((f) => f.changed), ...fields.filter((f) => !f.changed)];
}
