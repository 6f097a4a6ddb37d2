import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { PROFILE_KEY, type TUserProfile } from './get-profile.ts';

export interface TAvatarUpload {
  id: string;
  url: string;
  size: number;
  contentType: string;
}

/** POST /authority/user/avatar/upload (multipart field file; jpg or png, at most 10 MB). */
export function uploadAvatar(file: File): Promise<TAvatarUpload> {
  return http.upload<TAvatarUpload>('/authority/user/avatar/upload', file, undefined, {
    fileName: file.name,
  });
}

/** PUT /authority/user/avatar: sets your avatar to an uploaded image ('' clears it). */
export function setAvatar(avatar: string): Promise<TUserProfile> {
  return http.put<TUserProfile>('/authority/user/avatar', { avatar });
}

/** Uploads an image and makes it the avatar; the stored user (navbar avatar) follows. */
export function useChangeAvatar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => setAvatar((await uploadAvatar(file)).id),
    onSuccess: (profile) => {
      client.setQueryData([...PROFILE_KEY, profile.id], profile);
      useSessionStore.getState().updateUser({ avatar: profile.avatar || null });
    },
  });
}
