/**
 * What a database failure means for the caller. PostgreSQL errors carry a SQLSTATE (`code`);
 * node-postgres connection failures carry a Node error code or only a message; Drizzle wraps
 * both in an error holding the query text and its parameters (personal data: never logged).
 */

/** SQLSTATEs and classes that are not the caller's fault and may succeed when retried. */
const UNAVAILABLE_CLASSES = ['08', '53']; // connection exception, insufficient resources
const UNAVAILABLE_STATES = new Set([
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  '55P03', // lock_not_available
  '57014', // query_canceled (statement timeout)
  '57P01', // admin_shutdown (connection terminated by an administrator)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '57P05', // idle_session_timeout
]);
/** Node and node-postgres codes of a lost or impossible connection. */
const UNAVAILABLE_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
/** node-postgres and pg-pool messages that have no code. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error and is not queryable/i,
  /Cannot use a pool after calling end on the pool/i,
  /Client was closed and is not queryable/i,
  /^PGlite is closed/i,
];

export type TDbFailureKind = 'unavailable' | 'bad-input' | 'other';

export interface TDbFailure {
  kind: TDbFailureKind;
  /** SQLSTATE or Node error code, when there is one. */
  code?: string;
  /** The SQL text (placeholders, never values), when the failure came from a query. */
  query?: string;
  /** The database's own message (it names no parameter values for these classes). */
  message: string;
}

interface TErrorLike {
  code?: unknown;
  message?: unknown;
  query?: unknown;
  params?: unknown;
  cause?: unknown;
}

const isObject = (v: unknown): v is TErrorLike => typeof v === 'object' && v !== null;

/** The query text of a Drizzle query error anywhere in the cause chain. */
function queryOf(error: unknown): string | undefined {
  for (let e = error, i = 0; isObject(e) && i < 6; e = e.cause, i++) {
    if (typeof e.query === 'string' && 'params' in e) return e.query;
  }
  return undefined;
}

/** True when the error came from the database layer (a query, the pool or the driver). */
function isDatabaseError(e: TErrorLike): boolean {
  return (
    (typeof e.query === 'string' && 'params' in e) ||
    (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && 'severity' in e) ||
    (typeof e.code === 'string' && UNAVAILABLE_NODE_CODES.has(e.code)) ||
    UNAVAILABLE_MESSAGES.some((re) => re.test(String(e.message ?? '')))
  );
}

/** Classifies a database failure; null when the error is not one. */
export function classifyDbError(error: unknown): TDbFailure | null {
  const chain: TErrorLike[] = [];
  for (let e = error, i = 0; isObject(e) && i < 6; e = e.cause, i++) chain.push(e);
  if (!chain.some(isDatabaseError)) return null;
  const query = queryOf(error);
  // The innermost error is the driver's; Drizzle's message repeats the parameters.
  const root = [...chain].reverse().find((e) => typeof e.code === 'string') ?? chain[chain.length - 1];
  const code = typeof root.code === 'string' ? root.code : undefined;
  const messages = chain.map((e) => String(e.message ?? ''));
  let kind: TDbFailureKind = 'other';
  if (
    (code &&
      (UNAVAILABLE_STATES.has(code) ||
        UNAVAILABLE_CLASSES.includes(code.slice(0, 2)) ||
        UNAVAILABLE_NODE_CODES.has(code))) ||
    messages.some((m) => UNAVAILABLE_MESSAGES.some((re) => re.test(m)))
  ) {
    kind = 'unavailable';
  } else if (code?.startsWith('22')) {
    // Data exception (value too long, out of range, invalid text, NUL byte): the caller's input.
    kind = 'bad-input';
  }
  // Data-exception messages quote the offending value ('invalid input syntax for type uuid: "..."').
  const message =
    kind === 'bad-input'
      ? 'data exception'
      : String(root === chain[0] && query ? 'query failed' : (root.message ?? 'database error'));
  return { kind, code, query, message };
}

/** An error as the log shows it (the shape pino's own error serializer gives). */
export interface TLoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/**
 * A log-safe view of any error (the logger's `err` serializer): for database failures the
 * query text and SQLSTATE but never the parameter values (Drizzle puts them into its message
 * and stack); other errors as pino shows them (type, message, stack, own fields, cause).
 */
export function safeErrorForLog(error: unknown, depth = 0): TLoggedError {
  if (!isObject(error)) return { type: typeof error, message: String(error), stack: '' };
  const top = error as Error & Record<string, unknown>;
  const frames = typeof top.stack === 'string' ? top.stack.split('\n').filter((l) => /^\s+at /.test(l)) : [];
  const failure = classifyDbError(error);
  if (failure) {
    return {
      type: String(top.name ?? 'Error'),
      message: failure.query ? `Failed query: ${failure.query}` : failure.message,
      code: failure.code,
      dbMessage: failure.message,
      query: failure.query,
      kind: failure.kind,
      stack: frames.join('\n'),
    };
  }
  const own: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(top)) {
    if (key !== 'cause' && key !== 'params' && (typeof value !== 'object' || value === null))
      own[key] = value;
  }
  return {
    ...own,
    type: String(top.constructor?.name ?? top.name ?? 'Error'),
    message: String(top.message ?? ''),
    stack: typeof top.stack === 'string' ? top.stack : '',
    ...(top.cause && depth < 4 ? { cause: safeErrorForLog(top.cause, depth + 1) } : {}),
  };
}
