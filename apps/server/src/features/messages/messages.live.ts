/**
 * Live delivery of message changes (decision 0032, amended): a server-sent event stream per
 * signed-in user. A change (send, modify, withdraw, a start or expiry the job records) is
 * published on the KV broadcast channel `msg:changed` with its tenant, its kind and the messages'
 * ids; Redis pub/sub carries it to every instance when REDIS_URL is set. Each instance looks up,
 * in two queries for all its open streams of that tenant, which of them receive those messages
 * and which have read them, and tells only those: a message that appeared (sent, started) or
 * left (withdrawn, expired) travels on the event with whether it is unread, so the browser
 * updates its counts and notices without re-reading them; a modification, or a change without
 * ids, is a bare event and the browser re-reads as before. A stream only ever carries messages
 * its user receives.
 */
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import {
  MSG_STATUS_SENT,
  type TMsgCategoryCode,
  type TMsgLevelCode,
  type TMsgTypeCode,
} from '@portal/domain/messages/codes';
import type { TMsgLiveEvent, TMsgLiveMessage } from '@portal/domain/messages/rules';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { TActor } from '../../platform/auth/access.ts';
import { withTenant } from '../../platform/db/db-scope.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { messageReads, messageRecipients, messages } from './messages.tables.ts';

export const MSG_CHANGED_CHANNEL = 'msg:changed';
/** A stream ticket is good for this long, once (EventSource cannot send the token header). */
export const STREAM_TICKET_SECONDS = 30;
const HEARTBEAT_MS = 25_000;

interface TStreamTicket {
  tenantId: string;
  userId: string;
  sessionId: string;
  /** The user's provider (provider staff), null for operator staff: who they receive as. */
  providerId?: string | null;
}

/**
 * What changed: messages that appeared to their recipients (sent, started), left them
 * (withdrawn, expired), or changed otherwise (modified: recipients and texts may differ).
 */
export type TMsgChangeKind = 'appeared' | 'left' | 'changed';
export interface TMsgChange {
  kind: TMsgChangeKind;
  ids: string[];
}

/**
 * A list of values as one parameter (a JSON array), so 10,000 connected providers are one bind
 * parameter, not 10,000 (PostgreSQL allows 65,535 per statement).
 */
const textList = (values: string[]) =>
  sql`(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
const uuidList = (values: string[]) =>
  sql`(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb)::uuid)`;

/** Above this many messages in one change the event is bare and browsers re-read. */
const MAX_IDS_PER_EVENT = 50;

/** Publishes that a tenant's messages changed; every instance's streams of the tenant hear it. */
export async function publishMessagesChanged(
  p: TPlatform,
  tenantId: string,
  change?: TMsgChange,
): Promise<void> {
  try {
    await p.kv.publish(MSG_CHANGED_CHANNEL, JSON.stringify({ tenantId, ...change }));
  } catch (error) {
    // The change is committed; the 15-second refresh remains the fallback.
    p.log.warn({ err: error }, 'publishing a message change failed');
  }
}

/** Issues a single-use ticket for the actor's stream. */
export async function issueStreamTicket(
  p: TPlatform,
  actor: TActor,
): Promise<{ ticket: string; expiresIn: number }> {
  const ticket = randomBytes(24).toString('base64url');
  const value: TStreamTicket = {
    tenantId: actor.tenantId,
    userId: actor.userId,
    sessionId: actor.sessionId,
    providerId: actor.providerId ?? null,
  };
  await p.kv.set(`msg-stream:${ticket}`, JSON.stringify(value), STREAM_TICKET_SECONDS);
  return { ticket, expiresIn: STREAM_TICKET_SECONDS };
}

/** Takes a ticket (a second use finds nothing). */
export async function takeStreamTicket(p: TPlatform, ticket: string): Promise<TStreamTicket | null> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(ticket)) return null;
  const raw = await p.kv.take(`msg-stream:${ticket}`);
  return raw ? (JSON.parse(raw) as TStreamTicket) : null;
}

/** The open streams of this instance, by tenant. */
export interface TMessageHub {
  open(ticket: TStreamTicket, res: ServerResponse): void;
  /** How many streams are open (tests, metrics). */
  size(): number;
  close(): void;
}

interface TOpenStream {
  res: ServerResponse;
  ticket: TStreamTicket;
}

const BARE_EVENT = 'event: messages\ndata: {}\n\n';

/**
 * The event of each open stream of a tenant for a change: appeared or left messages that stream's
 * user receives, with whether each is unread; streams receiving none of them get nothing. Two
 * queries for all streams: the recipient rows that match any of them, and their users' reads.
 */
async function eventsFor(
  p: TPlatform,
  tenantId: string,
  change: TMsgChange,
  streams: TOpenStream[],
): Promise<Map<TOpenStream, string>> {
  const ids = [...new Set(change.ids)];
  const userIds = [...new Set(streams.map((s) => s.ticket.userId))];
  const providerIds = [
    ...new Set(streams.flatMap((s) => (s.ticket.providerId ? [s.ticket.providerId] : []))),
  ];
  const now = new Date();
  const [rows, recipients, reads] = await withTenant(tenantId, () =>
    Promise.all([
      p.db
        .select()
        .from(messages)
        .where(and(eq(messages.tenantId, tenantId), inArray(messages.id, ids))),
      p.db
        .select({
          messageId: messageRecipients.messageId,
          kind: messageRecipients.kind,
          target: messageRecipients.target,
        })
        .from(messageRecipients)
        .where(
          and(
            eq(messageRecipients.tenantId, tenantId),
            inArray(messageRecipients.messageId, ids),
            or(
              inArray(messageRecipients.kind, ['allProviders', 'allOperators']),
              and(
                eq(messageRecipients.kind, 'provider'),
                sql`${messageRecipients.target} in ${textList(providerIds)}`,
              ),
              and(
                eq(messageRecipients.kind, 'user'),
                sql`${messageRecipients.target} in ${textList(userIds)}`,
              ),
            ),
          ),
        ),
      p.db
        .select({ messageId: messageReads.messageId, userId: messageReads.userId })
        .from(messageReads)
        .where(
          and(
            eq(messageReads.tenantId, tenantId),
            inArray(messageReads.messageId, ids),
            sql`${messageReads.userId} in ${uuidList(userIds)}`,
          ),
        ),
    ]),
  );
  // A message that appeared is announced only while it is visible: sent and within its validity.
  const visible = (m: (typeof rows)[number]) =>
    m.status === MSG_STATUS_SENT && m.validFrom <= now && (m.validTo === null || m.validTo > now);
  const byId = new Map(rows.filter((m) => change.kind !== 'appeared' || visible(m)).map((m) => [m.id, m]));
  const read = new Set(reads.map((r) => `${r.messageId}:${r.userId}`));
  const audience = new Map<string, { users: Set<string>; providers: Set<string>; all: Set<string> }>();
  for (const r of recipients) {
    const a = audience.get(r.messageId) ?? { users: new Set(), providers: new Set(), all: new Set() };
    audience.set(r.messageId, a);
    if (r.kind === 'user') a.users.add(r.target);
    else if (r.kind === 'provider') a.providers.add(r.target);
    else a.all.add(r.kind);
  }
  // Streams told the same thing share one event, written as text once (10,000 streams of a
  // send to all providers are one or two distinct events: unread or already read).
  const shared = new Map<string, string>();
  const events = new Map<TOpenStream, string>();
  for (const stream of streams) {
    const { userId, providerId } = stream.ticket;
    const mine: TMsgLiveMessage[] = [];
    for (const [id, m] of byId) {
      const a = audience.get(id);
      const receives =
        a !== undefined &&
        (a.users.has(userId) ||
          (providerId
            ? a.providers.has(providerId) || a.all.has('allProviders')
            : a.all.has('allOperators')));
      if (!receives) continue;
      mine.push({
        id: m.id,
        code: m.code as TMsgCategoryCode,
        msgType: m.msgType as TMsgTypeCode,
        msgLevel: m.msgLevel as TMsgLevelCode,
        title: m.name,
        titleEn: m.nameEn,
        content: m.content,
        enContent: m.enContent,
        createdAt: m.sentAt.toISOString(),
        unread: !read.has(`${id}:${userId}`),
      });
    }
    if (mine.length === 0) continue;
    const key = mine.map((m) => `${m.id}:${m.unread ? 1 : 0}`).join(',');
    let text = shared.get(key);
    if (text === undefined) {
      const event: TMsgLiveEvent = change.kind === 'appeared' ? { added: mine } : { removed: mine };
      text = `event: messages\ndata: ${JSON.stringify(event)}\n\n`;
      shared.set(key, text);
    }
    events.set(stream, text);
  }
  return events;
}

/** Subscribes once to the broadcast channel and fans each change out to this instance's streams. */
export async function createMessageHub(p: TPlatform): Promise<TMessageHub> {
  const streams = new Map<string, Set<TOpenStream>>();
  let total = 0;
  // Changes of one tenant are told in the order they were published.
  const queues = new Map<string, Promise<void>>();
  const tell = async (tenantId: string, change: TMsgChange | null) => {
    const open = [...(streams.get(tenantId) ?? [])];
    if (open.length === 0) return;
    if (
      !change ||
      change.kind === 'changed' ||
      change.ids.length === 0 ||
      change.ids.length > MAX_IDS_PER_EVENT
    ) {
      for (const s of open) s.res.write(BARE_EVENT);
      return;
    }
    try {
      const events = await eventsFor(p, tenantId, change, open);
      for (const [s, text] of events) if (!s.res.writableEnded) s.res.write(text);
    } catch (error) {
      // Could not work out who is concerned: tell everyone to re-read.
      p.log.warn({ err: error }, 'message change lookup failed; streams re-read');
      for (const s of open) s.res.write(BARE_EVENT);
    }
  };
  await p.kv.subscribe(MSG_CHANGED_CHANNEL, (message) => {
    let parsed: { tenantId: string; kind?: TMsgChangeKind; ids?: string[] };
    try {
      parsed = JSON.parse(message) as typeof parsed;
    } catch {
      return;
    }
    const { tenantId } = parsed;
    if (!streams.has(tenantId)) return;
    const change = parsed.kind && Array.isArray(parsed.ids) ? { kind: parsed.kind, ids: parsed.ids } : null;
    const next = (queues.get(tenantId) ?? Promise.resolve()).then(() => tell(tenantId, change));
    queues.set(tenantId, next);
    void next.finally(() => {
      if (queues.get(tenantId) === next) queues.delete(tenantId);
    });
  });
  return {
    open(ticket, res) {
      const set = streams.get(ticket.tenantId) ?? new Set();
      streams.set(ticket.tenantId, set);
      const stream: TOpenStream = { res, ticket };
      set.add(stream);
      total += 1;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write(`retry: 3000\nevent: ready\ndata: {}\n\n`);
      const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
      res.on('close', () => {
        clearInterval(heartbeat);
        set.delete(stream);
        total -= 1;
        if (set.size === 0) streams.delete(ticket.tenantId);
      });
    },
    size: () => total,
    close() {
      for (const set of streams.values()) for (const s of set) s.res.end();
      streams.clear();
    },
  };
}
