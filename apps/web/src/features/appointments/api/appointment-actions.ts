import type { TAppointment, TSaveAppointment, TVisitConfirmation } from '@portal/domain/appointments/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { http } from '../../../lib/http.ts';
import { MESSAGES_KEY } from '../../messages/api/keys.ts';
import { APPOINTMENTS_KEY } from './appointment-list.ts';

type TAction = { id: string; version: number; remark?: string };

/** POST visitConfirmation / updateVisitConfirmation, cancel and finish: each answers the appointment. */
const ACTIONS = {
  confirm: (input: TVisitConfirmation) =>
    http.post<TAppointment>('/smartportal/appointDetail/visitConfirmation', input),
  updateConfirmation: (input: TVisitConfirmation) =>
    http.post<TAppointment>('/smartportal/appointDetail/updateVisitConfirmation', input),
  save: (input: TSaveAppointment) =>
    http.post<TAppointment>('/smartportal/appointmentBasic/saveAppointMentInfo', input),
  cancel: (input: TAction) => http.post<TAppointment>('/smartportal/appointmentBasic/cancel', input),
  finish: (input: TAction) => http.post<TAppointment>('/smartportal/appointmentBasic/finish', input),
};

function useAction<T>(fn: (input: T) => Promise<TAppointment>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: APPOINTMENTS_KEY }),
  });
}

export const useConfirmVisit = () => useAction(ACTIONS.confirm);
export const useUpdateVisitConfirmation = () => useAction(ACTIONS.updateConfirmation);
/** saveAppointMentInfo: books (no id) or changes an appointment still to be treated (id and version). */
export const useSaveAppointment = () => useAction(ACTIONS.save);
export const useCancelAppointment = () => useAction(ACTIONS.cancel);
export const useFinishAppointment = () => useAction(ACTIONS.finish);

/** POST /smartportal/appointmentMessage/haveReadMessage: silent. */
export function markAppointmentsRead(ids: string[]): Promise<number> {
  return http.post<number>('/smartportal/appointmentMessage/haveReadMessage', { ids });
}

/**
 * Marks appointments read, then lowers the message-centre badge at once: unread appointments
 * count as appointment messages (03). Failures stay silent (the detail still shows).
 */
export function useMarkAppointmentsRead() {
  const client = useQueryClient();
  return useCallback(
    (ids: string[]) =>
      markAppointmentsRead(ids)
        .then((changed) => {
          if (changed > 0) void client.invalidateQueries({ queryKey: [...MESSAGES_KEY, 'collect'] });
        })
        .catch(() => undefined),
    [client],
  );
}
