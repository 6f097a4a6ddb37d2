/**
 * Live delivery of message changes (decision 0032): a server-sent event stream opened with a
 * single-use ticket. On each `messages` event the counts, notices and lists are re-read; when
 * the stream fails it is closed and opened again with a fresh ticket after a growing pause
 * (1 s doubling up to 30 s). The 15-second refresh stays as the fallback.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { usePermission } from '../../components/permission/use-permission.ts';
import { buildUrl } from '../../lib/http.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { MESSAGES_KEY, MSG_CENTER_VIEW } from './api/keys.ts';
import { getStreamTicket } from './api/stream-ticket.ts';

export const STREAM_PATH = '/msg/msg/stream';
export const STREAM_RETRY_FIRST_MS = 1_000;
export const STREAM_RETRY_MAX_MS = 30_000;

/** The pause before reconnect attempt `attempt` (0-based): 1 s, 2 s, 4 s ... at most 30 s. */
export function streamRetryDelay(attempt: number): number {
  return Math.min(STREAM_RETRY_FIRST_MS * 2 ** attempt, STREAM_RETRY_MAX_MS);
}

interface TStreamHandlers {
  /** The tenant's messages changed (or the stream came back after a gap): re-read. */
  onChange: () => void;
}

/** Keeps one stream open until the returned function is called; reconnects with back-off. */
export function openMessageStream({ onChange }: TStreamHandlers): () => void {
  let closed = false;
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  let hadGap = false;

  const retry = () => {
    if (closed) return;
    source?.close();
    source = null;
    hadGap = true;
    timer = setTimeout(connect, streamRetryDelay(attempt));
    attempt += 1;
  };

  async function connect() {
    timer = null;
    let ticket: string;
    try {
      ticket = (await getStreamTicket()).ticket;
    } catch {
      retry();
      return;
    }
    if (closed) return;
    const next = new EventSource(buildUrl(STREAM_PATH, { ticket }));
    source = next;
    next.addEventListener('ready', () => {
      attempt = 0;
      // Changes made while the stream was down were not announced: re-read once.
      if (hadGap) onChange();
      hadGap = false;
    });
    next.addEventListener('messages', () => onChange());
    // The browser's own reconnect would reuse the spent ticket: take over with a fresh one.
    next.onerror = () => {
      if (source === next) retry();
    };
  }

  void connect();
  return () => {
    closed = true;
    if (timer) clearTimeout(timer);
    source?.close();
    source = null;
  };
}

/** What a change re-reads: counts, notices and lists (not a message being viewed or edited). */
const LIVE_QUERIES = new Set(['collect', 'global', 'list']);

/** Opens the live stream while a user who may see messages is signed in; closes at sign-out. */
export function useMessageStream(): void {
  const client = useQueryClient();
  const userId = useSessionStore((s) => s.user?.userId ?? null);
  const allowed = usePermission().has(MSG_CENTER_VIEW);
  // One stream per signed-in user: another user's sign-in opens a stream with that user's ticket.
  const streamUser = allowed && typeof EventSource !== 'undefined' ? userId : null;
  useEffect(() => {
    if (streamUser === null) return;
    return openMessageStream({
      onChange: () =>
        void client.invalidateQueries({
          queryKey: MESSAGES_KEY,
          predicate: (query) => LIVE_QUERIES.has(String(query.queryKey[1])),
        }),
    });
  }, [streamUser, client]);
}
