export {
  useCardPurchase,
  type PurchaseOutcome,
  type PurchaseResult,
} from '../../../shared/api/card-purchase';
