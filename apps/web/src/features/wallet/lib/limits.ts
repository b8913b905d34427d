/**
 * At most this many bank cards per user (the server refuses a sixth with BankCardLimit). The
 * contract has no constant for it yet; the server's is MAX_BANK_CARDS in bank-card.service.ts.
 */
export const MAX_BANK_CARDS = 5;
