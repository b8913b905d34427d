import { api, AVATAR_MAX_BYTES, AVATAR_TYPES, type MessageKey } from '@dramastar/contract';
import { userInfoQueryKey } from '../../../shared/api/user-info';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/store/session';
import type { QueryClient } from '@tanstack/react-query';

/** Refuses an avatar before any upload: PNG, JPEG or WebP, at most AVATAR_MAX_BYTES. */
export function checkAvatar(file: File): MessageKey | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'ImageInvalid';
  if (file.size > AVATAR_MAX_BYTES) return 'ImageTooLarge';
  return null;
}

export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string'
        ? resolve(reader.result)
        : reject(new Error('The file could not be read'));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** Uploads the avatar, then saves its path on the profile; the session gets the new profile. */
export async function uploadAvatar(file: File, queryClient: QueryClient) {
  const image = await readAsDataUrl(file);
  const { avatar } = await request(api.user.uploadAvatar, { body: { image } });
  return updateProfile({ avatar }, queryClient);
}

export async function updateProfile(
  changes: { nickname?: string; avatar?: string | null },
  queryClient: QueryClient,
) {
  const info = await request(api.user.update, { body: changes });
  // The answer is the new profile: no need to ask /user/info again.
  useSession.getState().setUserInfo(info);
  queryClient.setQueriesData({ queryKey: userInfoQueryKey }, info);
  return info;
}
