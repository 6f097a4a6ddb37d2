/**
 * Work started with the session, so the screens do not wait for it: the dictionaries that
 * code labels come from load (in one request, or not at all when this browser keeps a fresh
 * copy) right after sign-in and when the app starts with a session.
 */
import type { QueryClient } from '@tanstack/react-query';
import { queryClient as defaultQueryClient } from '../lib/query-client.ts';
import { useSessionStore } from '../lib/session-store.ts';

/** Loads the code label dictionaries of the signed-in tenant into the query cache. */
export async function prefetchCodeLabels(client: QueryClient = defaultQueryClient): Promise<void> {
  // Loaded on demand so the first screen (login) does not carry the hospital rules.
  const [{ prefetchCodeTypes }, { DETAIL_CODE_TYPES }] = await Promise.all([
    import('../features/dictionaries/api/lookup-codes.ts'),
    import('../features/hospital-tasks/detail-code-types.ts'),
  ]);
  prefetchCodeTypes(client, useSessionStore.getState().tenant, DETAIL_CODE_TYPES);
}
