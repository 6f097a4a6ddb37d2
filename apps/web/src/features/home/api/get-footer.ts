import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useSessionStore } from '../../../lib/session-store.ts';

export interface TShellFooter {
  /** '/privacy' (the portal's statement) or another site's address. */
  privacyUrl: string;
  licenceUrl: string;
  filingNumbers: string[];
  fraudMailbox: string;
  operationGuideUrl: string;
}

/**
 * GET /drsystem/homePage/getFooter: the tenant's footer links (client credentials and the
 * tenant header; no session needed). Silent: the footer simply stays empty on failure.
 */
export function getFooter(tenant: string): Promise<TShellFooter> {
  return http.get<TShellFooter>('/drsystem/homePage/getFooter', undefined, {
    silent: true,
    anonymous: true,
    tenant,
  });
}

export function footerQueryOptions(tenant: string) {
  return queryOptions({
    queryKey: ['home', 'footer', tenant],
    queryFn: () => getFooter(tenant),
    staleTime: 10 * 60_000,
  });
}

/** The footer of the current tenant. */
export function useFooter() {
  const tenant = useSessionStore((s) => s.tenant);
  return useQuery(footerQueryOptions(tenant));
}
