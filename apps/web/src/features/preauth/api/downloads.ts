import type { TPreauthListBody } from '@portal/domain/preauth/rules';
import { http } from '../../../lib/http.ts';
import type { TPreauthArea } from './preauth-list.ts';

/** POST /preauth/{area}/export: the cases of the list filter (.xlsx). */
export function downloadCaseList(area: TPreauthArea, model: TPreauthListBody['model']) {
  return http.download(`/preauth/${area}/export`, { method: 'POST', body: { model } });
}

/** GET /preauth/{area}/guaranteeLetter/{id}: the guarantee-of-payment letter of an approved case (PDF). */
export function downloadGuaranteeLetter(area: TPreauthArea, id: string) {
  return http.download(`/preauth/${area}/guaranteeLetter/${id}`);
}
