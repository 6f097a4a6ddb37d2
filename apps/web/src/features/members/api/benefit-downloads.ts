import type { TBenefitUsedBody, TPolicyRefBody } from '@portal/domain/members/rules';
import { http } from '../../../lib/http.ts';

/** POST (blob) /smartportal/download/downloadBenefitUsedList: balances and usage lines as .xlsx. */
export function downloadBenefitUsedList(body: TBenefitUsedBody) {
  return http.download('/smartportal/download/downloadBenefitUsedList', { method: 'POST', body });
}

/** POST (blob) /smartportal/download/downloadBenefitRider: the policy's riders as .xlsx. */
export function downloadBenefitRider(body: TPolicyRefBody) {
  return http.download('/smartportal/download/downloadBenefitRider', { method: 'POST', body });
}
