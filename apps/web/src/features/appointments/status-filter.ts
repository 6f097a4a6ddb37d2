/**
 * The appointment list's status filter, remembered in localStorage (spec section 4): ['01'] (to
 * be treated) until the user searches with another choice; an empty choice means every status.
 */
import {
  APPOINTMENT_STATUS_CODES,
  DEFAULT_STATUS_FILTER,
  type TAppointmentStatus,
} from '@portal/domain/appointments/rules';
import { PORTAL_STORAGE_KEYS, readJson, writeJson } from '../../lib/storage.ts';

const KEY = PORTAL_STORAGE_KEYS.APPOINTMENT_SEARCH_STATUS;

export function readStatusFilter(): TAppointmentStatus[] {
  const stored = readJson<unknown>(KEY);
  if (!Array.isArray(stored)) return [...DEFAULT_STATUS_FILTER];
  return stored.filter((code): code is TAppointmentStatus =>
    (APPOINTMENT_STATUS_CODES as readonly string[]).includes(code as string),
  );
}

export function writeStatusFilter(status: readonly string[]): void {
  writeJson(KEY, status);
}
