import { currentLanguage, translate } from '../i18n';
import { showNotify } from '../ui/toast';
import { isApiError } from './api-error';

/**
 * The request helper toasts refusals but stays silent when no answer came (spec section 8); a
 * form the user just submitted still owes them a word, so forms call this in their catch.
 */
export function toastIfNoAnswer(error: unknown): void {
  if (isApiError(error) && error.kind === 'api') return;
  showNotify(translate(currentLanguage(), 'common.networkError'));
}
