import type { TierOffer } from '@dramastar/contract';
import type { TranslationKey } from '../../../shared/i18n';
import { ACTION_LABELS } from './labels';

export {
  balanceShortfall,
  checkPayment,
  paymentMethods,
  preferredMethod,
  quoteNumbers,
  type PaymentMethod,
  type PaymentRefusal,
  type QuoteNumbers,
} from '../../../shared/purchase';

/** The buy button of a tier: Buy / Renew / Upgrade, or disabled when the active card is higher. */
export function buyButton(offer: Pick<TierOffer, 'quote'>): { label: TranslationKey; disabled: boolean } {
  return { label: ACTION_LABELS[offer.quote.action], disabled: offer.quote.action === 'lower' };
}
