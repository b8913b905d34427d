import {
  adminCopyrightProduct,
  adminUserDetail,
  adminUserSession,
  CHAT_CONVERSATION_STATUSES,
  LEDGER_ACCOUNT_KINDS,
  LEDGER_SYSTEM_ACCOUNTS,
  TRANSFER_KINDS,
  USER_STATUSES,
} from '@dramastar/contract';
import { describe, expect, it } from 'vitest';
import type { Language } from '@dramastar/contract';
import { isTranslationKey, type Translator, translate, type TranslationKey } from './i18n';
import { codeText, keyWords } from './words';

const translator = (language: Language) =>
  Object.assign((key: TranslationKey) => translate(language, key), {
    message: () => undefined,
    language,
  }) as Translator;

describe('keyWords', () => {
  it('reads ledger kinds and other keys as words', () => {
    expect(keyWords('withdrawal_refund')).toBe('Withdrawal refund');
    expect(keyWords('recharge')).toBe('Recharge');
    expect(keyWords('membershipBuy')).toBe('Membership buy');
    expect(keyWords('red_packet.claim')).toBe('Red packet claim');
  });
});

describe('codeText', () => {
  it('speaks the operator’s language for a known code and the code’s words for a new one', () => {
    expect(codeText(translator('vn'), 'transfer.kind', 'withdrawal_refund')).toBe('Hoàn tiền rút');
    expect(codeText(translator('id'), 'card.source', 'gift')).toBe('Hadiah dari anggota tim');
    expect(codeText(translator('vn'), 'login.method', 'google')).toBe('Google');
  });

  it('has a text for every status and kind the server sends', () => {
    const detail = adminUserDetail.shape.membership.shape;
    const codes: Record<string, readonly string[]> = {
      'transfer.kind': TRANSFER_KINDS,
      'user.status': USER_STATUSES,
      'chat.status': CHAT_CONVERSATION_STATUSES,
      'session.status': adminUserSession.shape.status.options,
      'card.status': detail.cards.element.shape.status.options,
      'trial.status': detail.trialCards.element.shape.status.options,
      'copyright.state': adminCopyrightProduct.shape.state.options,
      'card.source': ['purchase', 'signup', 'gift'],
      'login.method': ['email', 'username'],
      'ledger.system': LEDGER_SYSTEM_ACCOUNTS,
      'ledger.accountKind': LEDGER_ACCOUNT_KINDS,
    };
    // The locale test holds vn and id to en's keys: a key in en is a text in each language.
    const missing = Object.entries(codes).flatMap(([prefix, list]) =>
      list.map((code) => `${prefix}.${code}`).filter((key) => !isTranslationKey(key)),
    );
    expect(missing).toEqual([]);
  });
});
