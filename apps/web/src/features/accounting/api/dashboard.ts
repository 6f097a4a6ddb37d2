import type { TAccDashboard } from '@portal/domain/accounting/rules';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { ACCOUNTING_KEY } from './pay-batches.ts';

/** GET /claim/acc/dashboard: the home board's finance figures; not asked for without the permission. */
export function useAccDashboard(enabled: boolean) {
  return useQuery({
    queryKey: [...ACCOUNTING_KEY, 'dashboard'],
    queryFn: () => http.get<TAccDashboard>('/claim/acc/dashboard', undefined, { silent: true }),
    enabled,
    staleTime: 30_000,
  });
}
