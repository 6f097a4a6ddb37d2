import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { http } from '../../lib/http.ts';

/** True for an avatar the browser can load by itself (another site, a data URL). */
function isDirect(avatar: string): boolean {
  return /^(https?:\/\/|data:image\/|blob:)/.test(avatar);
}

/**
 * The displayable source of an avatar value. Portal avatars (/saasapi/authority/user/avatar/..)
 * need the session headers, so they are fetched as a blob and shown through an object URL.
 */
export function useAvatarSrc(avatar: string | null | undefined): string | undefined {
  const value = avatar?.trim() ?? '';
  const fetchable = value !== '' && !isDirect(value);
  const { data: blob } = useQuery({
    queryKey: ['avatar', value],
    queryFn: () =>
      http.getBlob(value.startsWith('/') ? value : `/authority/user/avatar/${value}`, { silent: true }),
    enabled: fetchable,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const objectUrl = useMemo(() => (blob ? URL.createObjectURL(blob) : undefined), [blob]);
  useEffect(
    () => () => {
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    },
    [objectUrl],
  );
  if (!value) return undefined;
  return fetchable ? objectUrl : value;
}
