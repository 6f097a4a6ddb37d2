import type { FastifyInstance } from 'fastify';
import { afterAll, describe } from 'vitest';
import { buildApp } from '../app.ts';
import { createTestApp, type TTestApp } from './test-app.ts';

/**
 * What the cross-instance tests (`*.redis.test.ts`) need: a Redis server (TEST_REDIS_URL or
 * REDIS_URL) and, for two app instances, a PostgreSQL database both share (TEST_DATABASE_URL or
 * DATABASE_URL). Undefined: those tests skip.
 */
export const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;
export const postgresUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

/**
 * Asks `check` every 10 ms until it holds or `timeoutMs` passes (a broadcast on its way to another
 * instance), and says whether it held.
 */
export async function eventually(
  check: () => boolean | Promise<boolean>,
  timeoutMs = 3000,
): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return false;
}

export interface TTwoInstances {
  /** A test app (its `platform.db` arranges and inspects rows) with Redis between it and `second`. */
  first: TTestApp;
  /** A second app on the first one's configuration: the same database and Redis. */
  second: FastifyInstance;
  close(): Promise<void>;
}

/** Two app instances on one PostgreSQL database (postgresUrl) with Redis (redisUrl) between them. */
export async function twoInstances(): Promise<TTwoInstances> {
  const first = await createTestApp({ REDIS_URL: redisUrl! });
  let second: FastifyInstance;
  try {
    second = (await buildApp(first.config)).app;
    await second.ready();
  } catch (error) {
    await first.close();
    throw error;
  }
  return {
    first,
    second,
    async close() {
      await second.close();
      await first.close();
    },
  };
}

/**
 * A describe block of cross-instance tests: it runs when Redis and a shared PostgreSQL database
 * are there (else it skips), `instances()` starts the two apps on first use, and the block
 * closes them after its tests.
 */
export function describeTwoInstances(name: string, body: (instances: () => Promise<TTwoInstances>) => void) {
  describe.skipIf(!redisUrl || !postgresUrl)(name, () => {
    let started: Promise<TTwoInstances> | undefined;
    afterAll(async () => {
      // A start that failed has closed what it opened (twoInstances) and failed its test already.
      await started?.then(
        (instances) => instances.close(),
        () => {},
      );
    });
    body(() => {
      started ??= twoInstances();
      return started;
    });
  });
}
