/**
 * Live delivery of message changes (decision 0032): a server-sent event stream per signed-in
 * user. A change (send, modify, withdraw, a start or expiry the job records) is published on the
 * KV broadcast channel `msg:changed` with its tenant only; Redis pub/sub carries it to every
 * instance when REDIS_URL is set. Each instance tells its open streams of that tenant, and each
 * browser then re-reads its own counts and notices through the ordinary calls, so nothing a
 * user may not see travels on the stream.
 */
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { TActor } from '../../platform/auth/access.ts';
import type { TPlatform } from '../../platform/platform.ts';

export const MSG_CHANGED_CHANNEL = 'msg:changed';
/** A stream ticket is good for this long, once (EventSource cannot send the token header). */
export const STREAM_TICKET_SECONDS = 30;
const HEARTBEAT_MS = 25_000;

interface TStreamTicket {
  tenantId: string;
  userId: string;
  sessionId: string;
}

/** Publishes that a tenant's messages changed; every instance's streams of the tenant hear it. */
export async function publishMessagesChanged(p: TPlatform, tenantId: string): Promise<void> {
  try {
    await p.kv.publish(MSG_CHANGED_CHANNEL, JSON.stringify({ tenantId }));
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
  const value: TStreamTicket = { tenantId: actor.tenantId, userId: actor.userId, sessionId: actor.sessionId };
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

/** Subscribes once to the broadcast channel and fans each change out to this instance's streams. */
export async function createMessageHub(p: TPlatform): Promise<TMessageHub> {
  const streams = new Map<string, Set<ServerResponse>>();
  let total = 0;
  await p.kv.subscribe(MSG_CHANGED_CHANNEL, (message) => {
    let tenantId: string;
    try {
      tenantId = (JSON.parse(message) as { tenantId: string }).tenantId;
    } catch {
      return;
    }
    for (const res of streams.get(tenantId) ?? []) res.write(`event: messages\ndata: {}\n\n`);
  });
  return {
    open(ticket, res) {
      const set = streams.get(ticket.tenantId) ?? new Set();
      streams.set(ticket.tenantId, set);
      set.add(res);
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
        set.delete(res);
        total -= 1;
        if (set.size === 0) streams.delete(ticket.tenantId);
      });
    },
    size: () => total,
    close() {
      for (const set of streams.values()) for (const res of set) res.end();
      streams.clear();
    },
  };
}
