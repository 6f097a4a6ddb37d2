/** The TanStack Query client: server state of every feature. */
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './http.ts';

/** Failures the client already reported are not retried (a retry would repeat the toast). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
