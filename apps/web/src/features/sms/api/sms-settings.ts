import type { TSmsSettings } from '@portal/domain/sms/rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { SMS_KEY } from './sms-batch-page.ts';

/** GET /msg/sms/settings: the gateway's signature (counted by the segment counter). */
export function getSmsSettings(): Promise<TSmsSettings> {
  return http.get<TSmsSettings>('/msg/sms/settings');
}

export function smsSettingsQueryOptions() {
  return queryOptions({ queryKey: [...SMS_KEY, 'settings'], queryFn: getSmsSettings, staleTime: 5 * 60_000 });
}

export function useSmsSettings() {
  return useQuery(smsSettingsQueryOptions());
}
