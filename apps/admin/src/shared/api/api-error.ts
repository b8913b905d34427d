/** The contract client's error: `api` for a refusal (`body` is its envelope), `network` for no usable answer. */
export { ApiError, isApiError, type ApiErrorKind, type ErrorBody } from '@dramastar/contract';
import { currentLanguage, translate } from '../i18n';

/** What to show an operator for a failed call. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return translate(currentLanguage(), 'error.unknown');
}
