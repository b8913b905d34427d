import { emailSchema, type EmailCodePurpose, type MessageKey } from '@dramastar/contract';
import { useState } from 'react';
import { sendEmailCode } from '../api/send-email-code';
import { useT } from '../i18n';
import { showToast } from '../ui';

/** What is wrong with an address before a code is sent to it (spec section 5). */
function emailIssue(email: string): MessageKey | undefined {
  const check = emailSchema.safeParse(email);
  if (check.success) return undefined;
  return check.error.issues[0]?.message === 'PleaseEnterEmail' ? 'PleaseEnterEmail' : 'InvalidEmailAddress';
}

/**
 * Sends an e-mail code after checking the address: a toast when it is not valid, "code sent" when
 * it went out. `check` replaces the address check (a form that marks its field as visited).
 */
export function useSendCode(
  email: string,
  purpose: EmailCodePurpose,
  check: () => MessageKey | undefined = () => emailIssue(email),
) {
  const t = useT();
  const [sent, setSent] = useState(false);
  const send = async () => {
    const issue = check();
    if (issue) {
      showToast(t.message(issue));
      return false;
    }
    const ok = await sendEmailCode(email, purpose);
    if (ok) {
      setSent(true);
      showToast(t('auth.codeSent'));
    }
    return ok;
  };
  return { sent, send };
}
