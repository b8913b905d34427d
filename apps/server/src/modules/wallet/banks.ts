import type { CurrencyKey } from '@dramastar/contract';

/**
 * The banks and e-wallets withdrawals go to, per currency (names in English letters and spaces,
 * as the bank card form requires). Operators will edit a tenant's list in the console; until then
 * every tenant uses its currency's list.
 */
export const BANKS: Record<CurrencyKey, { code: string; name: string }[]> = {
  PHP: [
    { code: 'BDO', name: 'BDO Unibank' },
    { code: 'BPI', name: 'Bank of the Philippine Islands' },
    { code: 'MBT', name: 'Metrobank' },
    { code: 'LBP', name: 'Land Bank of the Philippines' },
    { code: 'GCASH', name: 'GCash' },
    { code: 'MAYA', name: 'Maya' },
  ],
  VND: [
    { code: 'VCB', name: 'Vietcombank' },
    { code: 'CTG', name: 'VietinBank' },
    { code: 'BIDV', name: 'BIDV' },
    { code: 'TCB', name: 'Techcombank' },
    { code: 'MB', name: 'MB Bank' },
    { code: 'ACB', name: 'ACB' },
  ],
  PKR: [
    { code: 'HBL', name: 'Habib Bank Limited' },
    { code: 'UBL', name: 'United Bank Limited' },
    { code: 'MCB', name: 'MCB Bank' },
    { code: 'MEEZAN', name: 'Meezan Bank' },
    { code: 'JAZZCASH', name: 'JazzCash' },
    { code: 'EASYPAISA', name: 'Easypaisa' },
  ],
  IDR: [
    { code: 'BCA', name: 'Bank Central Asia' },
    { code: 'MANDIRI', name: 'Bank Mandiri' },
    { code: 'BNI', name: 'Bank Negara Indonesia' },
    { code: 'BRI', name: 'Bank Rakyat Indonesia' },
    { code: 'DANA', name: 'DANA' },
    { code: 'OVO', name: 'OVO' },
  ],
  USDT: [
    { code: 'CHASE', name: 'Chase' },
    { code: 'BOA', name: 'Bank of America' },
    { code: 'WELLS', name: 'Wells Fargo' },
  ],
};
