/**
 * The HTTP client of the portal (spec section 7 conventions, section 8 error handling).
 *
 * - Every path is under /saasapi and gets a `ts` query parameter. GET sends its payload as
 *   query; other methods send JSON, `postForm` form-encoded (null fields dropped) and
 *   `upload` multipart with the field `file`.
 * - Headers: the portal's client Basic authorization, `token: Bearer <access token>` when
 *   signed in, `tenant` and `language`.
 * - Answers are the envelope {isSuccess, code, msg, msg_en, data}; the functions resolve to
 *   `data` and reject with ApiError. A failure is shown as an error toast (3 s; 404 5 s)
 *   unless the call is `silent`. Session codes and HTTP 401 show the 'remind' dialog once,
 *   then clear the session and reload on the login page; `anonymous` calls (login, captcha,
 *   logout) opt out of that and of the token refresh.
 * - When under 5 minutes remain before the access token expires and a refresh token exists,
 *   the token is refreshed first: one refresh in flight per tab (shared by all waiting calls)
 *   and serialized across tabs with the Web Locks API where the browser has it.
 */
import { SESSION_CODES } from '@portal/domain/errors/catalogue';
import { currentPathWithSearch, hardNavigate, saveBlob } from './browser.ts';
import { feedback } from './feedback.ts';
import { currentLanguage, i18n } from './i18n.ts';
import { type TLoginResult, useSessionStore } from './session-store.ts';

export const API_BASE = '/saasapi';
export const CLIENT_ID = 'portal-web';
const CLIENT_SECRET = 'portal-web-secret';
/** `Authorization` header naming the web portal as the calling client application. */
export const BASIC_AUTHORIZATION = `Basic ${btoa(`${CLIENT_ID}:${CLIENT_SECRET}`)}`;
export const DEFAULT_TIMEOUT_MS = 120_000;
export const DOWNLOAD_TIMEOUT_MS = 300_000;
export const REFRESH_WINDOW_MS = 5 * 60_000;
export const DEFAULT_DOWNLOAD_NAME = 'download file.zip';
const ERROR_TOAST_SECONDS = 3;
const NOT_FOUND_TOAST_SECONDS = 5;
const JSON_TYPE = 'application/json;charset=UTF-8';
const FORM_TYPE = 'application/x-www-form-urlencoded;charset=UTF-8';
const REFRESH_LOCK = 'portal-token-refresh';

export interface TEnvelope<T = unknown> {
  isSuccess: boolean;
  code: number;
  msg?: string | null;
  msg_en?: string | null;
  data: T;
}

export type TQueryValue = string | number | boolean | null | undefined | Date;
export type TQuery = Record<string, TQueryValue | readonly TQueryValue[]>;

export interface TRequestOptions {
  /** Query parameters (GET sends its whole payload here). */
  params?: TQuery;
  headers?: Record<string, string>;
  /** Milliseconds; 120 s by default, 300 s for downloads. */
  timeout?: number;
  signal?: AbortSignal;
  /** No error toast (the call still rejects with ApiError). */
  silent?: boolean;
  /**
   * A call made without the session (login, captcha, logout, token refresh): no token
   * header, no refresh first, and session codes are ordinary failures (no 'remind' dialog).
   */
  anonymous?: boolean;
  /** Tenant code sent instead of the stored one (the login page). */
  tenant?: string;
}

export interface TDownloadOptions extends TRequestOptions {
  method?: 'GET' | 'POST';
  /** JSON body for POST downloads. */
  body?: unknown;
  /** Name to save under; else the Content-Disposition name, else 'download file.zip'. */
  fileName?: string;
  /** false returns the blob without saving it. */
  save?: boolean;
}

export type TApiErrorKind = 'business' | 'session' | 'http' | 'timeout' | 'network' | 'aborted';

/** A failed call: a business failure (isSuccess false), a session problem, an HTTP error, a time-out or no answer. */
export class ApiError extends Error {
  readonly kind: TApiErrorKind;
  readonly status: number | null;
  readonly code: number | null;
  /** Message in Chinese and English. */
  readonly msg: string;
  readonly msgEn: string;
  readonly data: unknown;
  /** True once the user has been told (toast or dialog). */
  notified: boolean;

  constructor(init: {
    kind: TApiErrorKind;
    msg: string;
    msgEn: string;
    status?: number | null;
    code?: number | null;
    data?: unknown;
    notified?: boolean;
  }) {
    super(init.msgEn || init.msg);
    this.name = 'ApiError';
    this.kind = init.kind;
    this.msg = init.msg;
    this.msgEn = init.msgEn;
    this.status = init.status ?? null;
    this.code = init.code ?? null;
    this.data = init.data;
    this.notified = init.notified ?? false;
  }

  /** The message in the current language. */
  localizedMessage(): string {
    return currentLanguage() === 'en' ? this.msgEn || this.msg : this.msg || this.msgEn;
  }
}

/** The message of any error in the current language. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.localizedMessage();
  if (error instanceof Error && error.message) return error.message;
  return i18n.t('common:http.unknownError');
}

function bilingual(key: string, params: Record<string, unknown> = {}): { msg: string; msgEn: string } {
  return {
    msg: i18n.t(key, { ...params, lng: 'zh' }),
    msgEn: i18n.t(key, { ...params, lng: 'en' }),
  };
}

export function isEnvelope(value: unknown): value is TEnvelope {
  return typeof value === 'object' && value !== null && 'isSuccess' in value && 'code' in value;
}

// ---------------------------------------------------------------------------------------------
// Request building

function appendQueryValue(search: URLSearchParams, key: string, value: TQueryValue): void {
  if (value === null || value === undefined) return;
  search.append(key, value instanceof Date ? value.toISOString() : String(value));
}

/** The full URL of an API path with its query and the `ts` timestamp. */
export function buildUrl(path: string, params?: TQuery, now = Date.now()): string {
  const base =
    /^https?:\/\//.test(path) || path.startsWith(`${API_BASE}/`)
      ? path
      : `${API_BASE}/${path.replace(/^\/+/, '')}`;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (Array.isArray(value)) for (const item of value) appendQueryValue(search, key, item);
    else appendQueryValue(search, key, value as TQueryValue);
  }
  search.set('ts', String(now));
  return `${base}${base.includes('?') ? '&' : '?'}${search.toString()}`;
}

/** Form-encoded body; null and undefined fields are dropped, arrays repeat their key. */
export function toFormBody(fields: Record<string, unknown>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) {
      for (const item of value) if (item !== null && item !== undefined) body.append(key, String(item));
    } else body.append(key, String(value));
  }
  return body;
}

/** Multipart body with the file under `file` and the other fields beside it (null dropped). */
export function toMultipartBody(
  file: Blob,
  fields: Record<string, unknown> = {},
  fileName?: string,
): FormData {
  const body = new FormData();
  if (fileName) body.append('file', file, fileName);
  else body.append('file', file);
  for (const [key, value] of Object.entries(fields)) {
    if (value === null || value === undefined) continue;
    body.append(
      key,
      typeof value === 'object' && !(value instanceof Blob)
        ? JSON.stringify(value)
        : (value as string | Blob),
    );
  }
  return body;
}

function buildHeaders(options: TRequestOptions, contentType?: string): Record<string, string> {
  const session = useSessionStore.getState();
  const headers: Record<string, string> = {
    Accept: 'application/json, text/plain, */*',
    Authorization: BASIC_AUTHORIZATION,
    language: currentLanguage(),
  };
  const tenant = options.tenant ?? session.tenant;
  if (tenant) headers.tenant = tenant;
  if (!options.anonymous && session.token) headers.token = `Bearer ${session.token}`;
  if (contentType) headers['Content-Type'] = contentType;
  return { ...headers, ...options.headers };
}

// ---------------------------------------------------------------------------------------------
// Session expiry and token refresh

let sessionExpiring = false;
let leavingPage = false;

/**
 * Called right before a full page load that ends the session (logout, session expiry): calls
 * still running or started meanwhile fail quietly, without toasts or the 'remind' dialog.
 */
export function markLeavingPage(): void {
  leavingPage = true;
}

/** The login page URL with a redirect back to `path` (none for the home page). */
export function loginUrl(path?: string | null): string {
  if (!path || path === '/' || path.startsWith('/login')) return '/login';
  return `/login?redirect=${encodeURIComponent(path)}`;
}

/** Clears the stored session and loads the login page (a full reload), redirecting back afterwards. */
export function endSessionAndGoToLogin(): void {
  const back = currentPathWithSearch();
  markLeavingPage();
  useSessionStore.getState().clearSession();
  hardNavigate(loginUrl(back));
}

/** The 'remind' dialog, shown once however many calls fail, then logout to the login page. */
export function expireSession(message?: string): void {
  if (sessionExpiring || leavingPage) return;
  sessionExpiring = true;
  feedback.alert({
    title: i18n.t('common:http.remind'),
    content: message || i18n.t('common:http.loginExpired'),
    okText: i18n.t('common:actions.confirm'),
    onOk: endSessionAndGoToLogin,
  });
}

function tokenNeedsRefresh(now = Date.now()): boolean {
  const { token, refreshToken, expireTime } = useSessionStore.getState();
  return Boolean(token && refreshToken && expireTime !== null && expireTime - now < REFRESH_WINDOW_MS);
}

interface TRefreshAnswer extends Partial<TLoginResult> {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
}

async function exchangeRefreshToken(force: boolean): Promise<void> {
  const store = useSessionStore.getState();
  // Another tab may have refreshed while this one waited for the lock.
  store.syncTokensFromStorage();
  if (!force && !tokenNeedsRefresh()) return;
  const { refreshToken, tenant } = useSessionStore.getState();
  if (!refreshToken) {
    throw new ApiError({ kind: 'session', ...bilingual('common:http.loginExpired') });
  }
  const answer = await http.postForm<TRefreshAnswer>(
    '/authority/anno/login',
    { grant_type: 'refresh_token', refresh_token: refreshToken },
    { anonymous: true, silent: true, tenant },
  );
  const token = answer.token ?? answer.access_token;
  const nextRefresh = answer.refreshToken ?? answer.refresh_token;
  if (!token || !nextRefresh || answer.userId === undefined || !answer.account) {
    throw new ApiError({ kind: 'session', ...bilingual('common:http.loginExpired') });
  }
  useSessionStore.getState().applyLogin(
    {
      ...answer,
      token,
      refreshToken: nextRefresh,
      expiresIn: answer.expiresIn ?? answer.expires_in ?? null,
      userId: answer.userId,
      account: answer.account,
      name: answer.name ?? answer.account,
    },
    answer.tenant ?? tenant,
  );
}

let refreshInFlight: Promise<void> | null = null;

/**
 * Exchanges the refresh token for a new session and stores it. Concurrent callers share one
 * exchange; `force` refreshes even when the token is still fresh (clear cache).
 */
export function refreshAccessToken(options: { force?: boolean } = {}): Promise<void> {
  if (refreshInFlight) return refreshInFlight;
  const force = options.force ?? false;
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const exchange = (): Promise<void> =>
    locks?.request
      ? locks.request(REFRESH_LOCK, () => exchangeRefreshToken(force)).then(() => undefined)
      : exchangeRefreshToken(force);
  const inFlight = exchange().finally(() => {
    refreshInFlight = null;
  });
  refreshInFlight = inFlight;
  return inFlight;
}

/** Refreshes first when the token is about to expire; a failed refresh ends the session. */
async function ensureFreshToken(): Promise<void> {
  useSessionStore.getState().syncTokensFromStorage();
  if (!tokenNeedsRefresh()) return;
  try {
    await refreshAccessToken();
  } catch (error) {
    expireSession(
      error instanceof ApiError && error.kind !== 'session' ? error.localizedMessage() : undefined,
    );
    throw new ApiError({ kind: 'session', ...bilingual('common:http.loginExpired'), notified: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Sending and reading

type TBodyReader<R> = (response: Response) => Promise<R>;

async function readJsonBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function isJsonResponse(response: Response): boolean {
  return /json/i.test(response.headers.get('content-type') ?? '');
}

function abortedError(): ApiError {
  return new ApiError({ kind: 'aborted', ...bilingual('common:http.aborted'), notified: true });
}

function notify(error: ApiError, options: TRequestOptions, seconds = ERROR_TOAST_SECONDS): ApiError {
  if (!error.notified && !options.silent && !sessionExpiring && !leavingPage) {
    feedback.error(error.localizedMessage(), seconds);
    error.notified = true;
  }
  return error;
}

async function send<R>(
  method: string,
  path: string,
  body: BodyInit | undefined,
  contentType: string | undefined,
  options: TRequestOptions,
  read: TBodyReader<R>,
  defaultTimeout = DEFAULT_TIMEOUT_MS,
): Promise<{ response: Response; result: R }> {
  if (!options.anonymous) await ensureFreshToken();
  if (options.signal?.aborted) throw abortedError();
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeout ?? defaultTimeout);
  const forwardAbort = () => controller.abort();
  options.signal?.addEventListener('abort', forwardAbort, { once: true });
  try {
    const response = await fetch(buildUrl(path, options.params), {
      method,
      headers: buildHeaders(options, contentType),
      body,
      signal: controller.signal,
      credentials: 'same-origin',
    });
    const result = await read(response);
    return { response, result };
  } catch (error) {
    if (timedOut)
      throw notify(new ApiError({ kind: 'timeout', ...bilingual('common:http.timeout') }), options);
    if (options.signal?.aborted) throw abortedError();
    if (error instanceof ApiError) throw error;
    throw notify(new ApiError({ kind: 'network', ...bilingual('common:http.network') }), options);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }
}

/**
 * Turns a failed answer into an ApiError after telling the user: the 'remind' dialog for
 * session problems, otherwise a toast. `fallbackKey` names the message when the answer has none.
 */
function failure(
  response: Response,
  body: unknown,
  options: TRequestOptions,
  fallbackKey?: string,
): ApiError {
  const envelope = isEnvelope(body) ? body : null;
  const status = response.status;
  const code = envelope && typeof envelope.code === 'number' ? envelope.code : null;
  const serverMsg = envelope?.msg?.trim() || '';
  const serverMsgEn = envelope?.msg_en?.trim() || '';
  const fromServer =
    serverMsg || serverMsgEn ? { msg: serverMsg || serverMsgEn, msgEn: serverMsgEn || serverMsg } : null;
  const data = envelope?.data;

  const sessionProblem = status === 401 || (code !== null && SESSION_CODES.includes(code));
  if (sessionProblem && !options.anonymous) {
    const text = fromServer ?? bilingual('common:http.loginExpired');
    expireSession(currentLanguage() === 'en' ? text.msgEn : text.msg);
    return new ApiError({ kind: 'session', ...text, status, code, data, notified: true });
  }

  if (status === 404) {
    return notify(
      new ApiError({ kind: 'http', ...bilingual('common:http.notFound'), status, code, data }),
      options,
      NOT_FOUND_TOAST_SECONDS,
    );
  }
  if (status >= 500) {
    const base = fromServer ?? bilingual('common:http.internalError');
    const requestId = requestIdOf(data);
    const text = requestId
      ? {
          msg: i18n.t('common:http.withRequestId', { message: base.msg, requestId, lng: 'zh' }),
          msgEn: i18n.t('common:http.withRequestId', { message: base.msgEn, requestId, lng: 'en' }),
        }
      : base;
    return notify(new ApiError({ kind: 'http', ...text, status, code, data }), options);
  }
  if (status === 403 && !fromServer) {
    return notify(
      new ApiError({ kind: 'http', ...bilingual('common:http.noPermission'), status, code, data }),
      options,
    );
  }
  const text =
    fromServer ??
    (fallbackKey
      ? bilingual(fallbackKey)
      : response.ok
        ? bilingual('common:http.invalidResponse')
        : bilingual('common:http.requestFailed', { status }));
  const kind: TApiErrorKind = envelope ? 'business' : 'http';
  return notify(new ApiError({ kind, ...text, status, code, data }), options);
}

function requestIdOf(data: unknown): string | null {
  if (typeof data === 'object' && data !== null && 'requestId' in data) {
    const id = (data as { requestId?: unknown }).requestId;
    return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
  }
  return null;
}

async function call<T>(
  method: string,
  path: string,
  body: BodyInit | undefined,
  contentType: string | undefined,
  options: TRequestOptions = {},
): Promise<T> {
  const { response, result } = await send(method, path, body, contentType, options, readJsonBody);
  if (response.ok && isEnvelope(result) && result.isSuccess) return result.data as T;
  throw failure(response, result, options);
}

/** Fetches a binary answer; a JSON answer instead is an error envelope and is shown as one. */
async function fetchBlob(
  path: string,
  options: TDownloadOptions,
): Promise<{ blob: Blob; response: Response }> {
  const method = options.method ?? 'GET';
  const hasBody = method !== 'GET' && options.body !== undefined;
  const { response, result } = await send(
    method,
    path,
    hasBody ? JSON.stringify(options.body) : undefined,
    hasBody ? JSON_TYPE : undefined,
    options,
    async (res): Promise<{ json: unknown } | { blob: Blob }> =>
      isJsonResponse(res) ? { json: await readJsonBody(res) } : { blob: await res.blob() },
    DOWNLOAD_TIMEOUT_MS,
  );
  if ('json' in result) {
    throw failure(response, result.json, options, 'common:http.downloadFailed');
  }
  if (!response.ok) throw failure(response, null, options, 'common:http.downloadFailed');
  return { blob: result.blob, response };
}

/** The file name of a Content-Disposition header (RFC 5987 `filename*` first), or null. */
export function fileNameFromContentDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  if (!plain) return null;
  const raw = (plain[2] ?? plain[1]).trim();
  if (!raw) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export const http = {
  /** GET; the payload travels as query parameters. */
  get<T>(path: string, params?: TQuery, options: TRequestOptions = {}): Promise<T> {
    return call<T>('GET', path, undefined, undefined, {
      ...options,
      params: { ...options.params, ...params },
    });
  },
  /** POST with a JSON body. */
  post<T>(path: string, body?: unknown, options?: TRequestOptions): Promise<T> {
    return call<T>('POST', path, body === undefined ? undefined : JSON.stringify(body), JSON_TYPE, options);
  },
  /** PUT with a JSON body. */
  put<T>(path: string, body?: unknown, options?: TRequestOptions): Promise<T> {
    return call<T>('PUT', path, body === undefined ? undefined : JSON.stringify(body), JSON_TYPE, options);
  },
  /** PATCH with a JSON body. */
  patch<T>(path: string, body?: unknown, options?: TRequestOptions): Promise<T> {
    return call<T>('PATCH', path, body === undefined ? undefined : JSON.stringify(body), JSON_TYPE, options);
  },
  /** DELETE, with an optional JSON body. */
  delete<T>(path: string, body?: unknown, options?: TRequestOptions): Promise<T> {
    return call<T>('DELETE', path, body === undefined ? undefined : JSON.stringify(body), JSON_TYPE, options);
  },
  /** POST form-encoded (the auth and generic helpers); null fields are dropped. */
  postForm<T>(path: string, fields: Record<string, unknown>, options?: TRequestOptions): Promise<T> {
    return call<T>('POST', path, toFormBody(fields), FORM_TYPE, options);
  },
  /** POST multipart with the file in the field `file`. */
  upload<T>(
    path: string,
    file: Blob,
    fields?: Record<string, unknown>,
    options?: TRequestOptions & { fileName?: string },
  ): Promise<T> {
    return call<T>('POST', path, toMultipartBody(file, fields, options?.fileName), undefined, options);
  },
  /** A binary answer as a Blob (images, previews) without saving it. */
  async getBlob(path: string, options: TDownloadOptions = {}): Promise<Blob> {
    return (await fetchBlob(path, options)).blob;
  },
  /** Downloads a file and saves it under the server's name (default 'download file.zip'). */
  async download(path: string, options: TDownloadOptions = {}): Promise<{ blob: Blob; fileName: string }> {
    const { blob, response } = await fetchBlob(path, options);
    const fileName =
      options.fileName ??
      fileNameFromContentDisposition(response.headers.get('content-disposition')) ??
      DEFAULT_DOWNLOAD_NAME;
    if (options.save !== false) saveBlob(blob, fileName);
    return { blob, fileName };
  },
};
