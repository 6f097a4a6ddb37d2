import { hash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { TKv } from '../kv/kv.ts';
import type { TActor } from './access.ts';

/** The broadcast channel of invalidations (Redis pub/sub when REDIS_URL is set). */
export const AUTH_INVALIDATE_CHANNEL = 'auth:invalidate';

/** What a change makes stale: one session, every session of a user or tenant, or a client. */
export type TAuthScope =
  | { sessionId: string }
  | { tenantId: string; userId: string }
  /** Every session of a provider's staff (its status, signed state or switches changed). */
  | { tenantId: string; providerId: string }
  | { tenantId: string }
  | { clientId: string }
  | { all: true };

/** A live session as the request hook needs it. */
export interface TSessionEntry {
  actor: TActor;
  /** The session's absolute end; checked on every hit, so an expired session is refused from memory too. */
  expiresAt: Date;
  /**
   * The session's last activity as this instance knows it (the row's `last_seen_at`, moved on by
   * this instance's touches); the idle check reads it, and re-reads the row before ending a session.
   */
  lastSeenAt: Date;
}

/** A verified client: the tenant it serves (null: every tenant, the built-in web client). */
export interface TVerifiedClient {
  tenantId: string | null;
}

export interface TAuthCache {
  /** The client when the id and secret verified recently; `verify` asks the database otherwise (null: refused). */
  verifiedClient(
    clientId: string,
    secret: string,
    verify: () => Promise<TVerifiedClient | null>,
  ): Promise<TVerifiedClient | null>;
  /** The live session `sessionId`, from memory or loaded by `load` (which throws when it is gone). */
  session(sessionId: string, load: () => Promise<TSessionEntry>): Promise<TSessionEntry>;
  /**
   * The request path's synchronous reads: the verified client, or the session's entry when
   * `fits` accepts it, when it is in memory, loaded and within the TTL; undefined otherwise (a
   * miss, a load still running, an unusable cache), and the caller asks `verifiedClient` or
   * `session`, which decide as before. A hit counts as one.
   */
  knownClient(key: string): TVerifiedClient | undefined;
  knownSession(sessionId: string, fits: (entry: TSessionEntry) => boolean): TSessionEntry | undefined;
  /**
   * Drops what `scope` names here at once and tells every other instance to drop it too. Call
   * it after the change is committed: logout, revocation, password change, user or tenant
   * enabled/disabled, roles or permissions changed, client changed.
   */
  invalidate(scope: TAuthScope): Promise<void>;
  /** Counters for tests and diagnostics. */
  readonly stats: { hits: number; loads: number; bypassed: number };
}

interface TSlot<T> {
  value: Promise<T>;
  loadedAt: number;
  /** The value once the load has settled and was kept. */
  settled?: { value: T };
}

/** A Map kept in use order: a hit moves the key to the end, the oldest is evicted past `max`. */
class Lru<T> {
  readonly map = new Map<string, TSlot<T>>();
  readonly max: number;
  /** The key moved to the end last: a hit on it moves nothing (one client, a page's burst of calls). */
  private newest: string | undefined;
  constructor(max: number) {
    this.max = max;
  }
  get(key: string): TSlot<T> | undefined {
    const slot = this.map.get(key);
    if (slot && key !== this.newest) {
      this.map.delete(key);
      this.map.set(key, slot);
      this.newest = key;
    }
    return slot;
  }
  set(key: string, slot: TSlot<T>): void {
    this.map.delete(key);
    this.map.set(key, slot);
    this.newest = key;
    while (this.map.size > this.max) this.map.delete(this.map.keys().next().value as string);
  }
}

const sha256 = (value: string) => hash('sha256', value, 'base64url');
/** A client's cache key: its id and a hash of the secret, never the secret. */
export const clientKey = (clientId: string, secret: string) => `${clientId}\n${sha256(secret)}`;

/**
 * The in-process cache of the request path (docs/decisions/0018-auth-cache.md): verified client
 * credentials (by client id and a hash of the secret, never the secret) and live sessions'
 * actors, in a small LRU with a short safety TTL. Changes invalidate through `invalidate`, which
 * broadcasts over the KV's channel; while that channel is down (Redis unreachable) every lookup
 * goes to the database, and when it comes back the cache starts empty, since broadcasts may
 * have been missed meanwhile.
 */
export function createAuthCache({
  kv,
  log,
  ttlSeconds,
  maxEntries,
  now = Date.now,
}: {
  kv: TKv;
  log: FastifyBaseLogger;
  /** 0 turns the cache off. */
  ttlSeconds: number;
  maxEntries: number;
  now?: () => number;
}): TAuthCache {
  const instanceId = randomUUID();
  const ttlMs = ttlSeconds * 1000;
  const clients = new Lru<TVerifiedClient | null>(maxEntries);
  const sessions = new Lru<TSessionEntry>(maxEntries);
  const stats = { hits: 0, loads: 0, bypassed: 0 };
  let epoch: number | null = null;

  const drop = (scope: TAuthScope) => {
    if ('all' in scope) {
      clients.map.clear();
      sessions.map.clear();
    } else if ('clientId' in scope) {
      for (const key of [...clients.map.keys()])
        if (key.startsWith(`${scope.clientId}\n`)) clients.map.delete(key);
    } else if ('sessionId' in scope) {
      sessions.map.delete(scope.sessionId);
    } else {
      const userId = 'userId' in scope ? scope.userId : null;
      const providerId = 'providerId' in scope ? scope.providerId : null;
      for (const [key, slot] of [...sessions.map]) {
        // A load still running is dropped too: it may have read the rows before the change.
        const actor = slot.settled?.value.actor;
        if (
          !actor ||
          (actor.tenantId === scope.tenantId &&
            (userId === null || actor.userId === userId) &&
            (providerId === null || actor.providerId === providerId))
        )
          sessions.map.delete(key);
      }
    }
  };

  kv.subscribe(AUTH_INVALIDATE_CHANNEL, (message) => {
    try {
      const { origin, scope } = JSON.parse(message) as { origin: string; scope: TAuthScope };
      if (origin !== instanceId && scope && typeof scope === 'object') drop(scope);
    } catch {
      // a message that is not ours: nothing to drop
    }
  }).catch((error: unknown) =>
    log.error({ err: error }, 'auth cache: subscribing to invalidations failed; using the database'),
  );

  /** False while broadcasts cannot be heard; a new subscription empties the cache. */
  const usable = (): boolean => {
    if (ttlMs <= 0) return false;
    const current = kv.broadcastEpoch();
    if (current === null) {
      if (epoch !== null) drop({ all: true });
      epoch = null;
      return false;
    }
    if (current !== epoch) {
      drop({ all: true });
      epoch = current;
    }
    return true;
  };

  async function remember<T>(
    lru: Lru<T>,
    key: string,
    load: () => Promise<T>,
    keep: (value: T) => boolean,
  ): Promise<T> {
    if (!usable()) {
      stats.bypassed++;
      return load();
    }
    const slot = lru.get(key);
    if (slot && now() - slot.loadedAt < ttlMs) {
      stats.hits++;
      return slot.value;
    }
    stats.loads++;
    // Promise.resolve: a thenable (a drizzle query runs again on every `then`) is run once here.
    const fresh: TSlot<T> = { value: Promise.resolve(load()), loadedAt: now() };
    lru.set(key, fresh);
    // A failed or unwanted result is not kept: the next request asks the database again.
    fresh.value.then(
      (value) => {
        if (!keep(value)) {
          if (lru.map.get(key) === fresh) lru.map.delete(key);
        } else fresh.settled = { value };
      },
      () => {
        if (lru.map.get(key) === fresh) lru.map.delete(key);
      },
    );
    return fresh.value;
  }

  function known<T>(lru: Lru<T>, key: string, fits: (value: T) => boolean): T | undefined {
    if (!usable()) return undefined;
    const slot = lru.get(key);
    if (!slot?.settled || now() - slot.loadedAt >= ttlMs || !fits(slot.settled.value)) return undefined;
    stats.hits++;
    return slot.settled.value;
  }

  return {
    stats,
    verifiedClient(clientId, secret, verify) {
      // Only successes are kept: a wrong secret never fills the cache.
      return remember(clients, clientKey(clientId, secret), verify, (client) => client !== null);
    },
    session(sessionId, load) {
      return remember(sessions, sessionId, load, () => true);
    },
    knownClient(key) {
      // Refusals are never kept (verifiedClient), so a settled client is one that verified.
      return known(clients, key, () => true) ?? undefined;
    },
    knownSession(sessionId, fits) {
      return known(sessions, sessionId, fits);
    },
    async invalidate(scope) {
      drop(scope);
      // The change is committed: a failed broadcast is logged, and the other instances, which
      // then cannot hear broadcasts either, answer from the database until theirs is back.
      await kv
        .publish(AUTH_INVALIDATE_CHANNEL, JSON.stringify({ origin: instanceId, scope }))
        .catch((error: unknown) => log.error({ err: error, scope }, 'auth cache broadcast failed'));
    },
  };
}
