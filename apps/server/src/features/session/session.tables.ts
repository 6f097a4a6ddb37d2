import { boolean, index, integer, jsonb, pgTable, uuid, varchar } from 'drizzle-orm/pg-core';
import { at } from '../../platform/db/columns.ts';

/**
 * Registered client applications, named by Authorization: Basic clientId:secret. A client
 * belongs to one tenant and serves only that tenant's users; the built-in `portal-web` has no
 * tenant and serves every tenant (docs/decisions/0031-clients-and-logs.md). Client ids are
 * unique across tenants, since the Basic header names the client before any tenant is known.
 */
export const clientApps = pgTable(
  'client_apps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The owning tenant; null only for the built-in web client. */
    tenantId: uuid('tenant_id'),
    clientId: varchar('client_id', { length: 64 }).notNull().unique(),
    /** sha256 of the secret (secrets are long random values; the built-in one is configurable). */
    secretHash: varchar('secret_hash', { length: 64 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** A server that keeps its secret (true), or an app whose secret ships to users (false). */
    confidential: boolean('confidential').notNull().default(false),
    /**
     * A confidential client (a server keeping its secret) may use the password grant without a
     * captcha. Never true for `portal-web`: its secret ships in every browser.
     */
    captchaExempt: boolean('captcha_exempt').notNull().default(false),
    /** Grant types allowed: 'password', 'refresh_token'. */
    grantTypes: jsonb('grant_types').$type<string[]>().notNull().default(['password', 'refresh_token']),
    /** Lifetimes in seconds; null: the portal's defaults. */
    accessTokenSeconds: integer('access_token_seconds'),
    refreshTokenSeconds: integer('refresh_token_seconds'),
    createdAt: at('created_at').notNull().defaultNow(),
    createdBy: uuid('created_by'),
    updatedAt: at('updated_at'),
    updatedBy: uuid('updated_by'),
  },
  (t) => [index('client_apps_tenant_idx').on(t.tenantId)],
);

/** One signed-in session (a refresh-token family). Revoking it stops its access tokens at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull(),
    userId: uuid('user_id').notNull(),
    clientId: varchar('client_id', { length: 64 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 300 }),
    createdAt: at('created_at').notNull().defaultNow(),
    /** The absolute end: sign-in plus SESSION_MAX_HOURS. */
    expiresAt: at('expires_at').notNull(),
    /**
     * The last authenticated request or refresh, written at most once per
     * `config.session.touchSeconds` (so not once per request); idle past SESSION_IDLE_MINUTES ends it.
     */
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
    revokedAt: at('revoked_at'),
    /** 'logout' | 'reuse' | 'admin' | 'password' | 'idle' | 'absolute' */
    revokedReason: varchar('revoked_reason', { length: 20 }),
  },
  (t) => [index('sessions_tenant_idx').on(t.tenantId), index('sessions_user_idx').on(t.userId)],
);

/** Refresh tokens, stored hashed; each is used once and replaced (rotation). */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull(),
    sessionId: uuid('session_id').notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [
    index('refresh_tokens_session_idx').on(t.sessionId),
    index('refresh_tokens_tenant_idx').on(t.tenantId),
  ],
);
