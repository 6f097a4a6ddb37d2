/**
 * Live delivery of message changes (decision 0032, amended): a server-sent event stream opened
 * with a single-use ticket. A `messages` event that carries the messages that appeared or left
 * updates the badge counts and the notices in place, so 10,000 providers told at once do not all
 * come back to re-read; an event without them (a modification) re-reads the counts, notices and
 * lists. When the stream fails it is closed and opened again with a fresh ticket after a growing
 * pause (1 s doubling up to 30 s). The 15-second refresh stays as the fallback.
 */
import { MSG_TYPE_POP_UP, MSG_TYPE_ROLLING } from '@portal/domain/messages/codes';
import {
  applyLiveChange,
  type TGlobalMsg,
  type TMsgCollectResult,
  type TMsgLiveEvent,
  type TMsgLiveMessage,
  type TPopUpMsg,
} from '@portal/domain/messages/rules';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
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
  /**
   * The user's messages changed: with the event's data when it says what changed, with nothing
   * when the browser must re-read (a bare event, or the stream came back after a gap).
   */
  onChange: (event?: TMsgLiveEvent) => void;
}

/** The data of a `messages` event when it lists what changed; undefined for a bare event. */
export function readLiveEvent(data: unknown): TMsgLiveEvent | undefined {
  if (typeof data !== 'string' || data === '') return undefined;
  try {
    const value = JSON.parse(data) as Partial<Record<'added' | 'removed', unknown>>;
    if (Array.isArray(value.added)) return { added: value.added as TMsgLiveMessage[] };
    if (Array.isArray(value.removed)) return { removed: value.removed as TMsgLiveMessage[] };
  } catch {
    // not JSON: treated as a bare event
  }
  return undefined;
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
    next.addEventListener('messages', (event) => onChange(readLiveEvent((event as MessageEvent).data)));
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

const toPopUp = (m: TMsgLiveMessage): TPopUpMsg => ({
  id: m.id,
  code: m.code,
  title: m.title,
  titleEn: m.titleEn,
  content: m.content,
  enContent: m.enContent,
  msgLevel: m.msgLevel,
  createdAt: m.createdAt,
});

/** The global message once messages appeared or left; null when only a re-read can tell (which rolling notice shows). */
export function applyLiveGlobal(global: TGlobalMsg, event: TMsgLiveEvent): TGlobalMsg | null {
  if ('removed' in event) {
    const gone = new Set(event.removed.map((m) => m.id));
    if (global.scrollMsg && gone.has(global.scrollMsg.id)) return null;
    return { ...global, popUpMsg: global.popUpMsg.filter((m) => !gone.has(m.id)) };
  }
  let { scrollMsg, popUpMsg } = global;
  for (const m of event.added) {
    if (m.msgType === MSG_TYPE_POP_UP && m.unread && !popUpMsg.some((p) => p.id === m.id)) {
      popUpMsg = [...popUpMsg, toPopUp(m)];
    }
    // The rolling notice is the highest level, the newest sent among equals, read or not; the
    // event does not say which of two of one level was sent later, so that case is re-read.
    if (m.msgType === MSG_TYPE_ROLLING && m.id !== scrollMsg?.id) {
      if (scrollMsg && m.msgLevel === scrollMsg.msgLevel) return null;
      if (!scrollMsg || m.msgLevel > scrollMsg.msgLevel) {
        scrollMsg = {
          id: m.id,
          title: m.title,
          titleEn: m.titleEn,
          content: m.content,
          enContent: m.enContent,
          msgLevel: m.msgLevel,
        };
      }
    }
  }
  popUpMsg = [...popUpMsg].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  return { scrollMsg, popUpMsg: popUpMsg.slice(0, 50) };
}

/**
 * Applies an event to the cached counts and notices; what cannot be updated in place (nothing
 * cached yet, a read in flight whose answer would overwrite it, the rolling notice leaving) is
 * re-read. Message lists are re-read when shown (an inactive list is only marked stale).
 */
export function applyLiveEvent(client: QueryClient, event: TMsgLiveEvent | undefined): void {
  const reread = (kinds: string[]) =>
    void client.invalidateQueries({
      queryKey: MESSAGES_KEY,
      predicate: (query) => kinds.includes(String(query.queryKey[1])),
    });
  if (!event) {
    reread([...LIVE_QUERIES]);
    return;
  }
  const changed = 'added' in event ? event.added : event.removed;
  const direction = 'added' in event ? 1 : -1;
  const stale: string[] = ['list'];
  for (const query of client.getQueryCache().findAll({ queryKey: MESSAGES_KEY })) {
    const kind = String(query.queryKey[1]);
    if (kind !== 'collect' && kind !== 'global') continue;
    if (query.state.data === undefined || query.state.fetchStatus === 'fetching') {
      stale.push(kind);
      continue;
    }
    if (kind === 'collect') {
      client.setQueryData(
        query.queryKey,
        applyLiveChange(query.state.data as TMsgCollectResult, changed, direction),
      );
    } else {
      const next = applyLiveGlobal(query.state.data as TGlobalMsg, event);
      if (next) client.setQueryData(query.queryKey, next);
      else stale.push(kind);
    }
  }
  reread(stale);
}

/** Opens the live stream while a user who may see messages is signed in; closes at sign-out. */
export function useMessageStream(): void {
  const client = useQueryClient();
  const userId = useSessionStore((s) => s.user?.userId ?? null);
  const allowed = usePermission().has(MSG_CENTER_VIEW);
  // One stream per signed-in user: another user's sign-in opens a stream with that user's ticket.
  const streamUser = allowed && typeof EventSource !== 'undefined' ? userId : null;
  useEffect(() => {
    if (streamUser === null) return;
    return openMessageStream({ onChange: (event) => applyLiveEvent(client, event) });
  }, [streamUser, client]);
}
