import { API_BASE } from '../../lib/http.ts';
import { useSessionStore } from '../../lib/session-store.ts';

/**
 * The inline view of a stored file for <img src> and previews: links cannot send headers, so
 * the access token and tenant travel in the query (GET /file/file/view/{id}?token=&tenant=).
 */
export function fileViewUrl(id: string): string {
  const { token, tenant } = useSessionStore.getState();
  const query = new URLSearchParams();
  if (token) query.set('token', token);
  if (tenant) query.set('tenant', tenant);
  return `${API_BASE}/file/file/view/${encodeURIComponent(id)}?${query.toString()}`;
}
