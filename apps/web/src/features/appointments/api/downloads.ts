import type { TAppointmentFilter } from '@portal/domain/appointments/rules';
import { http } from '../../../lib/http.ts';

/** POST /smartportal/appointmentBasic/downloadAppointmentList: the filtered list (.xlsx). */
export function downloadAppointmentList(model: TAppointmentFilter) {
  return http.download('/smartportal/appointmentBasic/downloadAppointmentList', {
    method: 'POST',
    body: { model },
  });
}

/** POST /smartportal/download/downloadAppointInfoList: the chosen appointments (.xlsx). */
export function downloadAppointInfoList(ids: string[]) {
  return http.download('/smartportal/download/downloadAppointInfoList', {
    method: 'POST',
    body: { ids },
  });
}

/** POST /smartportal/download/downloadDBClaimForm: the direct-billing claim form (PDF), 1 to 49 records. */
export function downloadClaimForm(ids: string[]) {
  return http.download('/smartportal/download/downloadDBClaimForm', {
    method: 'POST',
    body: { ids },
  });
}

/** POST /smartportal/download/downloadClaimBill: the visit's bill (PDF). */
export function downloadClaimBill(id: string) {
  return http.download('/smartportal/download/downloadClaimBill', {
    method: 'POST',
    body: { id },
  });
}
