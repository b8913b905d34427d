import { DEVICE_ID_PATTERN } from '@dramastar/contract';
import { newRequestId } from './request-id';
import { readString, writeValue } from './store/local-storage';
import { STORAGE_KEYS } from './store/storage-keys';

/** The id made on this page, for when storage is unavailable (or was cleared meanwhile). */
let made: string | null = null;

/**
 * This browser's anonymous id: a random UUID made the first time it is asked for and kept in
 * local storage (`device_id`; signing in or out keeps it), sent with play calls so that the
 * server counts a guest's plays once per device and episode in 30 minutes rather than once per
 * address (several people behind one address are several viewers). It says nothing about the
 * person; where storage is unavailable it lives as long as the page.
 */
export function deviceId(): string {
  const stored = readString(STORAGE_KEYS.deviceId);
  if (stored !== null && DEVICE_ID_PATTERN.test(stored)) return stored;
  made ??= newRequestId();
  writeValue(STORAGE_KEYS.deviceId, made);
  return made;
}
