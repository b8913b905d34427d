/** The contract client's error: `api` for a refusal (`body` is its envelope), `network` for no usable answer. */
export { ApiError, isApiError, type ApiErrorKind, type ErrorBody } from '@dramastar/contract';
