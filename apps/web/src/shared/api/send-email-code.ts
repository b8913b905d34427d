import { api, type EmailCodePurpose } from '@dramastar/contract';
import { useSession } from '../store/session';
import { toastIfNoAnswer } from './network-toast';
import { request } from './request';

/**
 * Sends an e-mail code for a purpose (login, register, bind, cancel). Resolves true when it went
 * out; a refusal (e.g. ResendTooSoon) is toasted by the request helper and resolves false.
 */
export async function sendEmailCode(email: string, purpose: EmailCodePurpose): Promise<boolean> {
  try {
    await request(api.auth.sendEmailCode, {
      body: {
        email: email.trim(),
        isRegister: purpose === 'register' ? 1 : 0,
        type: purpose,
        tenantId: useSession.getState().tenantId,
      },
    });
    return true;
  } catch (error) {
    toastIfNoAnswer(error);
    return false;
  }
}
