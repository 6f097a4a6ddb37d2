import { ERRORS, formatMessage, type TErrorEntry, type TErrorKey } from '@portal/domain/errors/catalogue';

export interface TFieldError {
  msg: string;
  msg_en: string;
}

/** An error with a stable catalogue code; the error handler turns it into the envelope. */
export class AppError extends Error {
  readonly entry: TErrorEntry;
  readonly msgZh: string;
  readonly msgEn: string;
  readonly data: unknown;

  constructor(
    key: TErrorKey,
    options: { params?: Record<string, string | number>; data?: unknown; zh?: string; en?: string } = {},
  ) {
    const entry = ERRORS[key];
    const en = options.en ?? formatMessage(entry.en, options.params);
    super(en);
    this.name = 'AppError';
    this.entry = entry;
    this.msgZh = options.zh ?? formatMessage(entry.zh, options.params);
    this.msgEn = en;
    this.data = options.data ?? null;
  }

  get status(): number {
    return this.entry.status;
  }

  get code(): number {
    return this.entry.code;
  }
}

/** A 400 with per-field bilingual messages in data.fieldErrors. */
export function validationError(fieldErrors: Record<string, TFieldError>): AppError {
  const first = Object.values(fieldErrors)[0];
  return new AppError('VALIDATION', {
    data: { fieldErrors },
    zh: first ? first.msg : undefined,
    en: first ? first.msg_en : undefined,
  });
}
