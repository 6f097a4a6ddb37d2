import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TConfig } from '../config.ts';
import { APP_ROLE, currentDbScope, scopeKey, scopeSql, type TDbScope } from './db-scope.ts';
import { installSqlTextWriter } from './sql-text.ts';

/** The database handle every store uses; the same type for PGlite and PostgreSQL. */
export type TDb = PgDatabase<PgQueryResultHKT>;
/** A transaction handle, usable wherever a TDb is. */
export type TTx = Parameters<Parameters<TDb['transaction']>[0]>[0];
export type TDbOrTx = TDb | TTx;

export interface TDatabase {
  /** Row-level security follows the scope of the calling code (db-scope.ts): requests, jobs, seed. */
  db: TDb;
  kind: 'pglite' | 'postgres';
  /**
   * A handle pinned to one scope whatever the calling code entered: tests use it for fixtures
   * and assertions (`{ kind: 'cross-tenant', reason: 'test fixtures' }`).
   */
  pinned(scope: TDbScope): TDb;
  /** Runs a trivial query; false when the database cannot be reached. */
  ping(): Promise<boolean>;
  /** PGlite only: a dump of the whole data directory, which `pgliteDataDir` can start from. */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

const migrationsFolder = join(import.meta.dirname, '../../db/migrations');

export interface TOpenDatabaseOptions {
  /** PGlite only: start from this dump of a data directory (`dumpDataDir`) instead of an empty one. */
  pgliteDataDir?: Blob;
  /** Called with the text of every query the application runs (tests count queries with it). */
  onQuery?: (sql: string) => void;
}

const queryLogger = ({ onQuery }: TOpenDatabaseOptions) =>
  onQuery ? { logQuery: (sql: string) => onQuery(sql) } : false;

/** Opens PGlite (DATABASE_URL unset) or a pg pool, and applies the committed migrations. */
export async function openDatabase(config: TConfig, options: TOpenDatabaseOptions = {}): Promise<TDatabase> {
  // Tests also run drizzle's own writer on every statement and fail on any difference.
  installSqlTextWriter({ verify: config.env === 'test' });
  if (config.databaseUrl) {
    // A request waits at most 10 s for a connection; then it answers 503 (pool exhausted).
    // JIT off: a list's walk that stops after ten rows is priced at the whole scope it might
    // walk, past jit_above_cost, and compiling it took 8-30 ms of a 0.1 ms query (decision
    // 0022, "no JIT"). `options` of the URL, if any, are kept before it.
    const urlOptions = new URL(config.databaseUrl).searchParams.get('options');
    const poolConfig = {
      connectionString: config.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 10_000,
      options: [urlOptions, '-c jit=off'].filter(Boolean).join(' '),
    };
    const pool = new ScopedPool(poolConfig, currentDbScope);
    // An idle client that loses its connection (server restart, database dropped) must not
    // crash the process; the pool replaces it on the next query.
    pool.on('error', () => {});
    const db = drizzleNodePg(pool as unknown as pg.Pool, { logger: queryLogger(options) }) as unknown as TDb;
    // Migrations run as the connecting role (they create tables, policies and the app role).
    const owner = new pg.Pool({ ...poolConfig, max: 1 });
    try {
      await migrateNodePg(drizzleNodePg(owner), { migrationsFolder });
      await checkBypassRole(owner);
    } finally {
      await owner.end();
    }
    const pinnedPools: ScopedPool[] = [];
    return {
      db,
      kind: 'postgres',
      pinned: (scope) => {
        const pinnedPool = new ScopedPool({ ...poolConfig, max: 2 }, () => scope);
        pinnedPool.on('error', () => {});
        pinnedPools.push(pinnedPool);
        return drizzleNodePg(pinnedPool as unknown as pg.Pool) as unknown as TDb;
      },
      ping: async () => {
        try {
          await pool.query('select 1');
          return true;
        } catch {
          return false;
        }
      },
      close: async () => {
        await Promise.all(pinnedPools.map((each) => each.end()));
        await pool.end();
      },
    };
  }
  if (!config.pgliteDir.startsWith('memory://')) mkdirSync(config.pgliteDir, { recursive: true });
  // pg_trgm and btree_gin: the lists' substring filters use trigram indexes led by the tenant
  // (migration 0049), as on PostgreSQL.
  const client = await PGlite.create(config.pgliteDir, {
    loadDataDir: options.pgliteDataDir,
    extensions: { btree_gin, pg_trgm },
  });
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  const db = drizzlePglite(new ScopedPglite(client, currentDbScope) as unknown as PGlite, {
    logger: queryLogger(options),
  }) as unknown as TDb;
  return {
    db,
    kind: 'pglite',
    pinned: (scope) =>
      drizzlePglite(new ScopedPglite(client, () => scope) as unknown as PGlite) as unknown as TDb,
    dumpDataDir: () => client.dumpDataDir('none'),
    ping: async () => {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: () => client.close(),
  };
}

type TPgClient = pg.PoolClient & { [appliedScope]?: string };
const appliedScope = Symbol('appliedScope');

/**
 * A pg pool whose connections are put in the caller's scope when they are checked out: one
 * simple-protocol message (`set role ...; select set_config('app.tenant_id', ...)`), sent only
 * when the connection's scope differs from the one it last had, so a run of requests of one
 * tenant costs no extra round trip. Drizzle checks a pool out for each statement outside a
 * transaction (`query`) and once per transaction (`connect`); both come through here.
 */
class ScopedPool extends pg.Pool {
  readonly #scope: () => TDbScope;
  constructor(config: pg.PoolConfig, scope: () => TDbScope) {
    super(config);
    this.#scope = scope;
  }

  // pg's overloads include the callback form, which drizzle never uses.
  override async connect(): Promise<pg.PoolClient> {
    const client = (await super.connect()) as TPgClient;
    const scope = this.#scope();
    const key = scopeKey(scope);
    if (client[appliedScope] !== key) {
      try {
        await client.query(scopeSql(scope, false));
        client[appliedScope] = key;
      } catch (error) {
        client.release(error as Error);
        throw error;
      }
    }
    return client;
  }

  // @ts-expect-error only the promise form (config or text, values) is used.
  override async query(config: string | pg.QueryConfig, values?: unknown[]) {
    const client = await this.connect();
    try {
      return await client.query(config, values);
    } finally {
      client.release();
    }
  }
}

/**
 * PGlite is one session shared by every request, so a scope cannot stay on it: each statement
 * outside a transaction runs in a short transaction that sets the scope locally first
 * (`set local role ...; select set_config(..., true)`), and each transaction sets it once at
 * its start. PGlite serialises transactions, so nothing interleaves. Cross-tenant work runs as
 * the session's own role, as before.
 */
class ScopedPglite {
  readonly #client: PGlite;
  readonly #scope: () => TDbScope;
  constructor(client: PGlite, scope: () => TDbScope) {
    this.#client = client;
    this.#scope = scope;
  }

  query(...args: Parameters<PGlite['query']>) {
    const scope = this.#scope();
    if (scope.kind === 'cross-tenant') return this.#client.query(...args);
    return this.#client.transaction(async (tx) => {
      await tx.exec(scopeSql(scope, true));
      return tx.query(...args);
    });
  }

  transaction<T>(fn: Parameters<PGlite['transaction']>[0]) {
    const scope = this.#scope();
    return this.#client.transaction(async (tx) => {
      if (scope.kind !== 'cross-tenant') await tx.exec(scopeSql(scope, true));
      return fn(tx) as T;
    });
  }
}

/**
 * The connecting role must bypass row-level security (superuser or BYPASSRLS) for the
 * cross-tenant paths, and be able to switch to the app role for everything else.
 */
async function checkBypassRole(pool: pg.Pool): Promise<void> {
  const { rows } = await pool.query<{ bypass: boolean; member: boolean }>(
    `select (rolsuper or rolbypassrls) as bypass, pg_has_role(current_user, $1, 'member') as member
       from pg_roles where rolname = current_user`,
    [APP_ROLE],
  );
  if (!rows[0]?.bypass || !rows[0]?.member) {
    throw new Error(
      `The DATABASE_URL role must be a superuser or have BYPASSRLS, and be a member of ${APP_ROLE} (docs/decisions/0013-tenant-isolation.md)`,
    );
  }
}
