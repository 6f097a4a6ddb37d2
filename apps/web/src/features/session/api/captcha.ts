import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { randomUuid } from '../../../lib/browser.ts';
import { http } from '../../../lib/http.ts';

/** A blob as a data URL (base64), without FileReader so it behaves the same everywhere. */
export async function blobToDataUrl(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  const type = blob.type.split(';')[0] || 'image/svg+xml';
  return `data:${type};base64,${btoa(binary)}`;
}

/**
 * GET /oauth/anno/captcha?key= as a data URL for an <img>. The call needs the tenant header,
 * which an <img src> cannot send, so the image is fetched and inlined.
 */
export async function getCaptchaImage(tenant: string, key: string, signal?: AbortSignal): Promise<string> {
  const blob = await http.getBlob('/oauth/anno/captcha', {
    params: { key },
    tenant,
    anonymous: true,
    silent: true,
    signal,
  });
  return blobToDataUrl(blob);
}

export const captchaQueryKey = (tenant: string, key: string) => ['session', 'captcha', tenant, key] as const;

export function captchaQueryOptions(tenant: string, key: string) {
  return queryOptions({
    queryKey: captchaQueryKey(tenant, key),
    queryFn: ({ signal }) => getCaptchaImage(tenant, key, signal),
    enabled: Boolean(tenant && key),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
}

/** The captcha image of one key; a new key means a new image. */
export function useCaptchaImage(tenant: string, key: string) {
  return useQuery(captchaQueryOptions(tenant, key));
}

let prefetched: { tenant: string; key: string } | null = null;

/**
 * Starts fetching the login form's first captcha while the page still renders (the image is
 * the login page's largest paint). The form takes the key with takePrefetchedCaptchaKey.
 */
export function prefetchLoginCaptcha(client: QueryClient, tenant: string): void {
  if (!tenant) return;
  const key = randomUuid();
  prefetched = { tenant, key };
  // Kept a minute without an observer: the form mounts a moment later.
  void client.prefetchQuery({ ...captchaQueryOptions(tenant, key), gcTime: 60_000 });
}

/** The prefetched captcha key for this tenant, once; null if none. */
export function takePrefetchedCaptchaKey(tenant: string): string | null {
  const found = prefetched?.tenant === tenant ? prefetched.key : null;
  prefetched = null;
  return found;
}
