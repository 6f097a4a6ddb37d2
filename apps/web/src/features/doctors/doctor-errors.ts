/**
 * The text of a refused doctor call. The http client shows every 404 as 'resource not found';
 * 'Doctor not matched' (40085) is a 404 whose own message offers the way on, so it is told
 * from the error catalogue instead.
 */
import { ERRORS } from '@portal/domain/errors/catalogue';
import { ApiError, errorMessage } from '../../lib/http.ts';
import { pickLanguage } from '../../lib/i18n.ts';

export function isDoctorNotMatched(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === ERRORS.DOCTOR_NOT_MATCHED.code;
}

export function doctorErrorText(error: unknown): string {
  return isDoctorNotMatched(error)
    ? pickLanguage(ERRORS.DOCTOR_NOT_MATCHED.zh, ERRORS.DOCTOR_NOT_MATCHED.en)
    : errorMessage(error);
}
