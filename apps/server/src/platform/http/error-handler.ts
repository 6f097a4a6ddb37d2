import { ERRORS, formatMessage, type TErrorKey } from '@portal/domain/errors/catalogue';
import { parseBilingual } from '@portal/domain/i18n/bilingual';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { classifyDbError, safeErrorForLog } from '../db/db-errors.ts';
import { AppError, type TFieldError } from './app-error.ts';

/** Seconds a client is asked to wait before retrying after a passing database failure. */
export const DB_RETRY_AFTER_SECONDS = 5;

/** The envelope of a catalogue error. */
export function errorBody(
  key: TErrorKey,
  params: Record<string, string | number> = {},
  data: unknown = null,
) {
  const entry = ERRORS[key];
  return {
    isSuccess: false,
    code: entry.code,
    msg: formatMessage(entry.zh, params),
    msg_en: formatMessage(entry.en, params),
    data,
  };
}

/** Framework (not route) failures by HTTP status: the catalogue entry that answers them. */
const FRAMEWORK_STATUS: Record<number, TErrorKey> = {
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  408: 'REQUEST_TIMEOUT',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  431: 'HEADERS_TOO_LARGE',
};

/** Turns every failure into the envelope; never leaks a stack trace. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      return reply.status(error.status).send({
        isSuccess: false,
        code: error.code,
        msg: error.msgZh,
        msg_en: error.msgEn,
        data: error.data,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: Record<string, TFieldError> = {};
      for (const issue of error.validation) {
        const nested = (issue.params as { issue?: { path?: PropertyKey[] } } | undefined)?.issue?.path;
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || nested?.join('.') || '_';
        const text = parseBilingual(issue.message ?? 'Incorrect Format');
        fieldErrors[path] ??= {
          msg: text.zh === text.en ? `格式不正确：${text.zh}` : text.zh,
          msg_en: text.en,
        };
      }
      const first = Object.values(fieldErrors)[0];
      return reply.status(400).send({
        isSuccess: false,
        code: ERRORS.VALIDATION.code,
        msg: first?.msg ?? ERRORS.VALIDATION.zh,
        msg_en: first?.msg_en ?? ERRORS.VALIDATION.en,
        data: { fieldErrors },
      });
    }
    const db = classifyDbError(error);
    if (db?.kind === 'unavailable') {
      // Not the caller's fault and likely to pass: 503 with a retry hint, the query but no values.
      request.log.warn({ err: safeErrorForLog(error) }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DB_RETRY_AFTER_SECONDS))
        .send(
          errorBody(
            'SERVICE_BUSY',
            { seconds: DB_RETRY_AFTER_SECONDS },
            { requestId: request.id, retryAfterSeconds: DB_RETRY_AFTER_SECONDS },
          ),
        );
    }
    if (db?.kind === 'bad-input') {
      // A value the schema let through but the column refuses (length, range, encoding).
      request.log.warn({ err: safeErrorForLog(error) }, 'database refused a value');
      return reply.status(400).send(errorBody('VALIDATION'));
    }
    const status = db ? 500 : (error.statusCode ?? 500);
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_FILES_LIMIT') {
      return reply.status(413).send({
        isSuccess: false,
        code: ERRORS.FILE_TOO_LARGE.code,
        msg: ERRORS.FILE_TOO_LARGE.zh,
        msg_en: ERRORS.FILE_TOO_LARGE.en,
        data: null,
      });
    }
    if (status === 429) {
      return reply.status(429).send({
        isSuccess: false,
        code: ERRORS.TOO_MANY_ATTEMPTS.code,
        msg: '请求过于频繁，请稍后再试',
        msg_en: 'Too many requests, try again later',
        data: null,
      });
    }
    if (FRAMEWORK_STATUS[status]) return reply.status(status).send(errorBody(FRAMEWORK_STATUS[status]));
    if (status >= 400 && status < 500) {
      return reply.status(status).send({
        isSuccess: false,
        code: ERRORS.VALIDATION.code,
        msg: ERRORS.VALIDATION.zh,
        msg_en: ERRORS.VALIDATION.en,
        data: null,
      });
    }
    request.log.error({ err: safeErrorForLog(error) }, 'unexpected error');
    return reply.status(500).send({
      isSuccess: false,
      code: ERRORS.INTERNAL.code,
      msg: ERRORS.INTERNAL.zh,
      msg_en: ERRORS.INTERNAL.en,
      data: { requestId: request.id },
    });
  });
}

/** The envelope for an unknown API path or resource. */
export function notFoundBody() {
  return {
    isSuccess: false,
    code: ERRORS.NOT_FOUND.code,
    msg: ERRORS.NOT_FOUND.zh,
    msg_en: ERRORS.NOT_FOUND.en,
    data: null,
  };
}

/** The envelope for a request that reaches an instance while it shuts down. */
export function shuttingDownBody() {
  return {
    isSuccess: false,
    code: ERRORS.MAINTENANCE.code,
    msg: ERRORS.MAINTENANCE.zh,
    msg_en: ERRORS.MAINTENANCE.en,
    data: null,
  };
}
