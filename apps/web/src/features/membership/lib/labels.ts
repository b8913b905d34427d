import { localeOf, type Language, type TierOffer, type TRIAL_CARD_STATES } from '@dramastar/contract';
import type { TranslationKey, TranslationParams } from '../../../shared/i18n';

export type QuoteAction = TierOffer['quote']['action'];
export type CardStatus = 'active' | 'upcoming' | 'expired' | 'replaced';
export type TrialStatus = (typeof TRIAL_CARD_STATES)[number];

/** The buy button of a tier, by what buying it now would do. */
export const ACTION_LABELS: Record<QuoteAction, TranslationKey> = {
  buy: 'membership.actionBuy',
  renew: 'membership.actionRenew',
  upgrade: 'membership.actionUpgrade',
  lower: 'membership.actionLower',
};

/** The title of the confirmation sheet, by action. */
export const CONFIRM_TITLES: Record<Exclude<QuoteAction, 'lower'>, TranslationKey> = {
  buy: 'membership.confirmBuy',
  renew: 'membership.confirmRenew',
  upgrade: 'membership.confirmUpgrade',
};

/** The headline of a finished purchase, by what it did. */
export const RESULT_TITLES: Record<Exclude<QuoteAction, 'lower'>, TranslationKey> = {
  buy: 'membership.resultBuy',
  renew: 'membership.resultRenew',
  upgrade: 'membership.resultUpgrade',
};

export const CARD_STATUS_LABELS: Record<CardStatus, TranslationKey> = {
  active: 'membership.statusActive',
  upcoming: 'membership.statusUpcoming',
  expired: 'membership.statusExpired',
  replaced: 'membership.statusReplaced',
};

export const TRIAL_STATUS_LABELS: Record<TrialStatus, TranslationKey> = {
  unused: 'pointsTrial.statusUnused',
  active: 'pointsTrial.statusActive',
  expired: 'pointsTrial.statusExpired',
  gifted: 'pointsTrial.statusGifted',
};

export type Tone = 'success' | 'pending' | 'muted';

export function cardTone(status: CardStatus): Tone {
  if (status === 'active') return 'success';
  if (status === 'upcoming') return 'pending';
  return 'muted';
}

export function trialTone(status: TrialStatus): Tone {
  if (status === 'active') return 'success';
  if (status === 'unused') return 'pending';
  return 'muted';
}

const POINT_KINDS: Record<string, TranslationKey> = {
  paid_episode: 'pointsTrial.kindPaidEpisode',
  share_new_user: 'pointsTrial.kindShareNewUser',
  share_primary: 'pointsTrial.kindSharePrimary',
  share_premium: 'pointsTrial.kindSharePremium',
  share_director: 'pointsTrial.kindShareDirector',
};

/** The translation of a points entry's kind, or null for a kind this app does not know (shown raw). */
export function pointKindLabel(kind: string): TranslationKey | null {
  return Object.hasOwn(POINT_KINDS, kind) ? (POINT_KINDS[kind] ?? null) : null;
}

export interface Line {
  key: TranslationKey;
  params?: TranslationParams;
}

/** "1–3" for team levels 1 to 3, "1" for level 1 alone. */
export function levelRange(levels: number): string {
  return levels <= 1 ? '1' : `1–${levels}`;
}

/**
 * What a tier unlocks, in words, from the privileges the server derives from the tier (so the
 * page never promises what the server does not do). Viewing always comes first.
 */
export function privilegeLines(offer: TierOffer, periodDays: number): Line[] {
  const lines: Line[] = [];
  const has = (privilege: TierOffer['privileges'][number]) => offer.privileges.includes(privilege);
  if (has('viewing')) lines.push({ key: 'membership.privViewing' });
  if (has('welfare') && offer.rewardLevels > 0) {
    lines.push({ key: 'membership.privWelfare', params: { levels: levelRange(offer.rewardLevels) } });
  }
  if (has('referral') && offer.rewardLevels > 0) {
    lines.push({ key: 'membership.privReferral', params: { levels: levelRange(offer.rewardLevels) } });
  }
  if (has('trialCards') && offer.trialCardsPerPeriod > 0) {
    lines.push({
      key: 'membership.privTrialCards',
      params: { count: offer.trialCardsPerPeriod, days: periodDays },
    });
  }
  if (has('gifting')) lines.push({ key: 'membership.privGifting' });
  if (has('withdrawal')) lines.push({ key: 'membership.privWithdrawal' });
  return lines;
}

/** What a viewing-only tier leaves out (said plainly, so nobody buys it for rewards). */
export function missingLine(offer: TierOffer): Line | null {
  return offer.privileges.length === 1 && offer.privileges[0] === 'viewing'
    ? { key: 'membership.privViewingOnly' }
    : null;
}

/** "12 Dec 2026" in the user's language. */
export function dateFormat(language: Language): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium' });
}

/** "12 Dec 2026, 09:52" in the user's language. */
export function dateTimeFormat(language: Language): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeStyle: 'short' });
}
