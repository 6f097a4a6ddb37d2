import type { FastifyBaseLogger } from 'fastify';
import type { TAuthCache } from './auth/auth-cache.ts';
import type { TTokenService } from './auth/tokens.ts';
import type { TConfig } from './config.ts';
import type { TDatabase, TDb } from './db/client.ts';
import type { TJobRunner } from './jobs/jobs.ts';
import type { TKv } from './kv/kv.ts';
import type { TSecurityEventWriter } from './security-events/security-events.ts';

/** What services need from the platform; built once in buildApp and handed to every feature. */
export interface TPlatform {
  config: TConfig;
  database: TDatabase;
  db: TDb;
  kv: TKv;
  tokens: TTokenService;
  /** Verified clients and live sessions in memory; every change to them calls `invalidate`. */
  authCache: TAuthCache;
  log: FastifyBaseLogger;
  /** Writes a security event: an append-only row and a structured log line (decision 0021). */
  securityEvent: TSecurityEventWriter;
  /** Scheduled jobs: features define theirs when their routes are built (platform/jobs). */
  jobs: TJobRunner;
}
