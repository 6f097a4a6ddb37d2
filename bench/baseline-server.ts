// The comparison point of `npm run bench`: a bare Fastify (no plugins, hooks, validation or
// logging) that answers GET /baseline/<endpoint> by running the SQL the portal ran for that
// endpoint (recorded in a warm-up request by capture-queries.ts) and sending the portal's own
// answer body for it, so the difference is the portal's own work per request: routing, hooks,
// authentication, validation, the handler and serialisation.
//
// Same database settings as the portal: on PostgreSQL a `pg` pool of 10 whose connections are
// put in the request's tenant scope (role portal_app, app.tenant_id) when opened, as the portal's
// pool does on a connection's first checkout for a tenant, and each recorded unit checked out
// once (a statement alone, or a transaction on one client), units that overlapped in the portal
// run concurrently here too; the portal's type parsers (drizzle leaves dates as text). On
// PGlite the same data directory (the portal stopped) and the same transactions, with their
// scope-setting scripts. BASELINE_FILE names the JSON written by run.ts.
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import Fastify from 'fastify';
import pg from 'pg';
import { scopeSql } from '../apps/server/src/platform/db/db-scope.ts';
import type { TCapturedUnit } from './capture-queries.ts';

export interface TBaselineSpec {
  database: 'postgres' | 'pglite';
  databaseUrl?: string;
  pgliteDir?: string;
  tenantId: string;
  endpoints: Record<string, { units: TCapturedUnit[]; body: string; contentType: string }>;
}

const spec = JSON.parse(readFileSync(process.env.BASELINE_FILE as string, 'utf8')) as TBaselineSpec;
const scope = { kind: 'tenant' as const, tenantId: spec.tenantId };

/** Units whose run overlapped in the portal, in order: each group runs concurrently. */
function groupsOf(units: TCapturedUnit[]): TCapturedUnit[][] {
  const groups: TCapturedUnit[][] = [];
  let end = -1;
  for (const unit of [...units].sort((a, b) => a.start - b.start)) {
    if (groups.length && unit.start < end) groups[groups.length - 1].push(unit);
    else groups.push([unit]);
    end = Math.max(end, unit.end);
  }
  return groups;
}

const RAW = new Set([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1231,
  1115,
  1185,
  1187,
  1182,
]);
const drizzleTypes = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    RAW.has(oid) ? (value: string) => value : pg.types.getTypeParser(oid, format),
};

type TRunUnit = (unit: TCapturedUnit) => Promise<unknown>;
let runUnit: TRunUnit;
let close: () => Promise<void>;

if (spec.database === 'postgres') {
  const pool = new pg.Pool({ connectionString: spec.databaseUrl, max: 10, connectionTimeoutMillis: 10_000 });
  pool.on('connect', (client) => {
    client.query(scopeSql(scope, false)).catch(() => {});
  });
  runUnit = async (unit) => {
    const client = await pool.connect();
    try {
      for (const s of unit.statements) {
        await client.query({
          text: s.text,
          values: s.values,
          ...(s.rowMode ? { rowMode: s.rowMode } : {}),
          ...(s.name ? { name: s.name } : {}),
          types: drizzleTypes,
        } as pg.QueryConfig);
      }
    } finally {
      client.release();
    }
  };
  close = () => pool.end();
} else {
  const db = await PGlite.create(spec.pgliteDir as string, { extensions: { pg_trgm } });
  runUnit = (unit) => {
    const [first] = unit.statements;
    const inTransaction = unit.statements.length > 1 || first?.op === 'exec';
    const run = (target: Pick<PGlite, 'query' | 'exec'>) =>
      unit.statements.reduce<Promise<unknown>>(
        (previous, s) =>
          previous.then(() =>
            s.op === 'exec'
              ? target.exec(s.text)
              : target.query(s.text, s.values, s.rowMode ? { rowMode: s.rowMode } : undefined),
          ),
        Promise.resolve(),
      );
    return inTransaction ? db.transaction((tx) => run(tx)) : run(db);
  };
  close = () => db.close();
}

const groups = new Map(Object.entries(spec.endpoints).map(([name, e]) => [name, groupsOf(e.units)]));
// The portal's Node server option that changes the per-request work of a request without a body
// (platform/http/hardening.ts): not the portal's own work, so the baseline has it too.
const app = Fastify({ logger: false, http: { optimizeEmptyRequests: true } });
app.route<{ Params: { name: string } }>({
  method: ['GET', 'POST'],
  url: '/baseline/:name',
  handler: async (request, reply) => {
    const endpoint = spec.endpoints[request.params.name];
    if (!endpoint) return reply.code(404).send();
    for (const group of groups.get(request.params.name) ?? []) await Promise.all(group.map(runUnit));
    return reply.type(endpoint.contentType).send(endpoint.body);
  },
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', async () => {
  await app.close();
  await close();
  process.exit(0);
});
