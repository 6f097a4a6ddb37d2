/**
 * Unhandled front-end errors (spec section 8): in production builds they are kept in this
 * tab's error-log store, written to the console, and reported to POST /authority/errorLog
 * while someone is signed in, where SUPER_ADMIN reads them on the Error log page.
 */
import type { TErrorReport } from '@portal/domain/error-logs/rules';
import { create } from 'zustand';
import { ApiError, http } from './http.ts';
import { useSessionStore } from './session-store.ts';

/** Entries the tab keeps (oldest dropped first). */
export const LOCAL_ERROR_LOG_LIMIT = 50;
/** Reports sent per minute at most, so an error in a render loop cannot flood the server. */
const REPORTS_PER_MINUTE = 10;

export interface TLocalErrorLog {
  id: number;
  at: string;
  message: string;
  stack: string;
  url: string;
  /** Where it was caught: window error, unhandled rejection or a route's error boundary. */
  source: 'error' | 'unhandledrejection' | 'route';
  reported: boolean;
}

interface TErrorLogState {
  logs: TLocalErrorLog[];
  clear: () => void;
}

export const useErrorLogStore = create<TErrorLogState>()((set) => ({
  logs: [],
  clear: () => set({ logs: [] }),
}));

let nextId = 1;
let windowStart = 0;
let sentInWindow = 0;

function describe(error: unknown): { message: string; stack: string } {
  if (error instanceof Error) return { message: error.message || error.name, stack: error.stack ?? '' };
  if (typeof error === 'string') return { message: error, stack: '' };
  try {
    return { message: JSON.stringify(error) ?? String(error), stack: '' };
  } catch {
    return { message: String(error), stack: '' };
  }
}

function mayReport(now: number): boolean {
  if (now - windowStart > 60_000) {
    windowStart = now;
    sentInWindow = 0;
  }
  sentInWindow += 1;
  return sentInWindow <= REPORTS_PER_MINUTE;
}

/**
 * Keeps an error in the local store and reports it to the server when signed in. API failures
 * (ApiError) are not logged: the user has been told and the server knows them already.
 */
export function logError(
  error: unknown,
  source: TLocalErrorLog['source'],
  info?: Record<string, unknown>,
): void {
  if (error instanceof ApiError) return;
  const { message, stack } = describe(error);
  if (!message.trim()) return;
  const url = typeof window === 'undefined' ? '' : window.location.href;
  const signedIn = Boolean(useSessionStore.getState().token);
  const report = signedIn && mayReport(Date.now());
  const entry: TLocalErrorLog = {
    id: nextId++,
    at: new Date().toISOString(),
    message: message.slice(0, 2000),
    stack: stack.slice(0, 16_000),
    url: url.slice(0, 2000),
    source,
    reported: report,
  };
  useErrorLogStore.setState((s) => ({ logs: [entry, ...s.logs].slice(0, LOCAL_ERROR_LOG_LIMIT) }));
  console.error(`[${source}]`, error);
  if (!report) return;
  const body: TErrorReport = {
    message: entry.message,
    stack: entry.stack,
    url: entry.url,
    userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent.slice(0, 500),
    info: { source, ...info },
  };
  // A failed report must not raise another unhandled error.
  void http.post('/authority/errorLog', body, { silent: true }).catch(() => undefined);
}

/** Listens for unhandled errors and rejections of the window; returns the remover. */
export function installErrorLog(target: Window = window): () => void {
  const onError = (event: ErrorEvent) => logError(event.error ?? event.message, 'error');
  const onRejection = (event: PromiseRejectionEvent) => logError(event.reason, 'unhandledrejection');
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
