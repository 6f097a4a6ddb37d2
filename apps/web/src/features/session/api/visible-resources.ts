import type { TAuthorityResource } from '@portal/domain/permissions';
import { http } from '../../../lib/http.ts';

/** GET /oauth/resource/visible: the authority-resource object of the signed-in user. */
export async function getVisibleResources(): Promise<TAuthorityResource> {
  const answer = await http.get<Partial<TAuthorityResource> | null>('/oauth/resource/visible');
  return {
    enabled: answer?.enabled !== false,
    caseSensitive: answer?.caseSensitive === true,
    resourceList: Array.isArray(answer?.resourceList) ? answer.resourceList : [],
    roleList: Array.isArray(answer?.roleList) ? answer.roleList : [],
  };
}
