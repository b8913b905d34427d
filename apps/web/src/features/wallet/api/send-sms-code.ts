import { api, type CallResult } from '@dramastar/contract';
import { request } from '../../../shared/api/request';

export type SentCode = CallResult<typeof api.account.sendSmsCode>;

/** Sends the payment-password code to the account's e-mail (the spec calls it SMS); answers the masked address. */
export function sendPayPasswordCode(): Promise<SentCode> {
  return request(api.account.sendSmsCode);
}
