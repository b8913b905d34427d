import { toastIfNoAnswer } from '../api/network-toast';
import { useSubmitOnce } from './use-submit-once';
import type { ZodForm } from './use-zod-form';

export interface FormSubmitOptions {
  /**
   * Asked after every field was checked, valid or not: false stops the submit (a missing phone
   * prefix is toasted even while a field is still wrong).
   */
  precheck?: () => boolean;
  /** Runs after a refusal was shown (e.g. a single-use captcha is replaced). */
  onError?: () => void;
}

/**
 * The submit of an account form: runs once at a time, checks every field first and, when the
 * server refuses, shows the refusal at its field and toasts a lost connection (spec sections 4, 5).
 */
export function useFormSubmit<K extends string>(
  form: ZodForm<K>,
  run: () => Promise<void>,
  { precheck, onError }: FormSubmitOptions = {},
) {
  return useSubmitOnce(async () => {
    const valid = form.validate();
    if (precheck && !precheck()) return;
    if (!valid) return;
    try {
      await run();
    } catch (error) {
      form.showServerError(error);
      toastIfNoAnswer(error);
      onError?.();
    }
  });
}
