import { getTrialCardForm, sendTrialCardForm, type MessageKey } from '@dramastar/contract';
import type { TranslationKey } from '../../../shared/i18n';

/** To a member of one's team by invite code, or as a code any friend can redeem. */
export type GiftMode = 'member' | 'code';

export type FieldCheck =
  { ok: true; value: string } | { ok: false; error: { message: MessageKey } | { text: TranslationKey } };

const inviteCodeSchema = sendTrialCardForm.shape.inviteCode.unwrap();
const trialCodeSchema = getTrialCardForm.shape.code.unwrap();

/**
 * The gift form before anything is sent. A code gift needs nothing; a gift to a team member needs
 * their 8-character invite code (the contract's rule), never one's own.
 */
export function checkGift(
  mode: GiftMode,
  inviteCode: string,
  ownInviteCode: string | null,
): FieldCheck | null {
  if (mode === 'code') return null;
  if (inviteCode.trim() === '') return { ok: false, error: { text: 'pointsTrial.enterInviteCode' } };
  const parsed = inviteCodeSchema.safeParse(inviteCode);
  if (!parsed.success) return { ok: false, error: { message: 'InvalidInviteCode' } };
  if (ownInviteCode !== null && parsed.data === ownInviteCode.toUpperCase()) {
    return { ok: false, error: { message: 'TrialCardSelf' } };
  }
  return { ok: true, value: parsed.data };
}

/** A gift code to redeem: "TC" and 8 characters (spaces and case do not matter). */
export function checkTrialCode(code: string): FieldCheck {
  if (code.trim() === '') return { ok: false, error: { text: 'pointsTrial.enterCode' } };
  const parsed = trialCodeSchema.safeParse(code.replace(/\s+/g, ''));
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, error: { message: 'TrialCardCodeInvalid' } };
}

/**
 * When the next gift becomes possible after the limit was reached: the period is rolling, so the
 * oldest gift still inside it leaves it `periodDays` after it was made.
 */
export function nextGiftAt(
  sent: readonly { createdAt: string }[],
  periodDays: number,
  now: number,
): Date | null {
  const period = periodDays * 86_400_000;
  const inPeriod = sent
    .map((card) => Date.parse(card.createdAt))
    .filter((at) => !Number.isNaN(at) && at > now - period);
  if (inPeriod.length === 0) return null;
  return new Date(Math.min(...inPeriod) + period);
}
