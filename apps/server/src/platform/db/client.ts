import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TConfig } from '../config.ts';

/** The database handle every store uses; the same type for PGlite and PostgreSQL. */
export type TDb = PgDatabase<PgQueryResultHKT>;
/** A transaction handle, usable wherever a TDb is. */
export type TTx = Parameters<Parameters<TDb['transaction']>[0]>[0];
export type TDbOrTx = TDb | TTx;

export interface TDatabase {
  db: TDb;
  kind: 'pglite' | 'postgres';
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
  if (config.databaseUrl) {
    // A request waits at most 10 s for a connection; then it answers 503 (pool exhausted).
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 10_000,
    });
    // An idle client that loses its connection (server restart, database dropped) must not
    // crash the process; the pool replaces it on the next query.
    pool.on('error', () => {});
    const db = drizzleNodePg(pool, { logger: queryLogger(options) }) as unknown as TDb;
    await migrateNodePg(drizzleNodePg(pool), { migrationsFolder });
    return {
      db,
      kind: 'postgres',
      ping: async () => {
        try {
          await pool.query('select 1');
          return true;
        } catch {
          return false;
        }
      },
      close: () => pool.end(),
    };
  }
  if (!config.pgliteDir.startsWith('memory://')) mkdirSync(config.pgliteDir, { recursive: true });
  // pg_trgm: the lists' substring filters use trigram indexes (migration 0008), as on PostgreSQL.
  const client = await PGlite.create(config.pgliteDir, {
    loadDataDir: options.pgliteDataDir,
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(client, { logger: queryLogger(options) }) as unknown as TDb;
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  return {
    db,
    kind: 'pglite',
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
