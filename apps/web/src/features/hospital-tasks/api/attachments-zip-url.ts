import { PROVIDER_TASK_ATTACH_BIZ_TYPE } from '@portal/domain/files/rules';
import { API_BASE } from '../../../lib/http.ts';
import { useSessionStore } from '../../../lib/session-store.ts';

/**
 * GET /file/attachment/download/{bizType}/{bizId}?token=&tenant=: every attachment of a task
 * as one zip, for a plain link (links cannot send headers, so the token travels in the query).
 */
export function attachmentsZipUrl(taskId: string): string {
  const { token, tenant } = useSessionStore.getState();
  const query = new URLSearchParams();
  if (token) query.set('token', token);
  if (tenant) query.set('tenant', tenant);
  return `${API_BASE}/file/attachment/download/${PROVIDER_TASK_ATTACH_BIZ_TYPE}/${encodeURIComponent(taskId)}?${query.toString()}`;
}
