// Preloaded into the portal by `npm run bench` (node --import): records the SQL the portal
// sends while capture is on, so the bare baseline can run exactly the same statements. SIGUSR2
// turns capture on; the next SIGUSR2 turns it off and writes what was recorded to
// BENCH_CAPTURE_FILE as JSON. Nothing is recorded, and nothing costs more than a flag test,
// while capture is off.
//
// A recorded unit is one checkout of a connection (pg: a statement outside a transaction, or a
// transaction from BEGIN to COMMIT on one client) or one PGlite transaction. The statements that
// put a pg connection in the request's scope (`set role …`) are left out: the baseline sets the
// same scope when it opens a connection, as the portal's pool does on a connection's first
// checkout of a tenant.
import { writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export interface TCapturedStatement {
  /** `query`: text with parameters; `exec`: a simple-protocol script (PGlite's scope setting). */
  op: 'query' | 'exec';
  text: string;
  values?: unknown[];
  rowMode?: 'array';
  /** pg: the name of a prepared statement, when the portal names one. */
  name?: string;
}
export interface TCapturedUnit {
  statements: TCapturedStatement[];
  start: number;
  end: number;
}

let capturing = false;
let units: TCapturedUnit[] = [];
const file = process.env.BENCH_CAPTURE_FILE;

process.on('SIGUSR2', () => {
  if (!capturing) {
    units = [];
    capturing = true;
    return;
  }
  capturing = false;
  if (file) writeFileSync(file, JSON.stringify(units));
});

const isScope = (text: string) => /^(set role|reset role)/i.test(text.trim());
const isBegin = (text: string) => /^begin\b/i.test(text.trim());
const isEnd = (text: string) => /^(commit|rollback)\b/i.test(text.trim());

// pg: every statement of the pool goes through Client#query (promise form only in the portal).
type TPgConfig = { text: string; values?: unknown[]; rowMode?: 'array'; name?: string };
const open = new WeakMap<object, TCapturedUnit>();
const pgQuery = pg.Client.prototype.query as (...args: unknown[]) => Promise<unknown>;
pg.Client.prototype.query = function capturedQuery(this: pg.Client, ...args: unknown[]) {
  if (!capturing) return pgQuery.apply(this, args);
  const [config, values] = args as [string | TPgConfig, unknown[] | undefined];
  const text = typeof config === 'string' ? config : config.text;
  if (isScope(text)) return pgQuery.apply(this, args);
  const statement: TCapturedStatement = {
    op: 'query',
    text,
    values: typeof config === 'string' ? values : (config.values ?? values),
    ...(typeof config !== 'string' && config.rowMode ? { rowMode: config.rowMode } : {}),
    ...(typeof config !== 'string' && config.name ? { name: config.name } : {}),
  };
  let unit = open.get(this);
  if (!unit) {
    unit = { statements: [], start: performance.now(), end: 0 };
    units.push(unit);
    if (isBegin(text)) open.set(this, unit);
  }
  unit.statements.push(statement);
  const owner = unit;
  const done = () => {
    owner.end = performance.now();
    if (isEnd(text)) open.delete(this);
  };
  const result = pgQuery.apply(this, args) as Promise<unknown>;
  result.then(done, done);
  return result;
} as typeof pg.Client.prototype.query;

// PGlite: the portal runs every statement in a transaction that sets the scope first
// (ScopedPglite), or, cross-tenant, straight on the session.
type TPgliteTx = {
  query: (...a: unknown[]) => Promise<unknown>;
  exec: (...a: unknown[]) => Promise<unknown>;
};
const proto = PGlite.prototype as unknown as {
  query: (...a: unknown[]) => Promise<unknown>;
  exec: (...a: unknown[]) => Promise<unknown>;
  transaction: (fn: (tx: TPgliteTx) => Promise<unknown>) => Promise<unknown>;
};
const pgliteQuery = proto.query;
const pgliteExec = proto.exec;
const pgliteTransaction = proto.transaction;
const recordInto = (unit: TCapturedUnit, op: 'query' | 'exec', args: unknown[]) => {
  const [text, values, options] = args as [string, unknown[] | undefined, { rowMode?: string } | undefined];
  unit.statements.push({
    op,
    text,
    ...(op === 'query' ? { values: values ?? [] } : {}),
    ...(options?.rowMode === 'array' ? { rowMode: 'array' as const } : {}),
  });
};
const single = (op: 'query' | 'exec', run: (...a: unknown[]) => Promise<unknown>) =>
  function captured(this: unknown, ...args: unknown[]) {
    if (!capturing) return run.apply(this, args);
    const unit: TCapturedUnit = { statements: [], start: performance.now(), end: 0 };
    units.push(unit);
    recordInto(unit, op, args);
    const result = run.apply(this, args);
    const done = () => {
      unit.end = performance.now();
    };
    result.then(done, done);
    return result;
  };
proto.query = single('query', pgliteQuery);
proto.exec = single('exec', pgliteExec);
proto.transaction = function capturedTransaction(this: unknown, fn: (tx: TPgliteTx) => Promise<unknown>) {
  if (!capturing) return pgliteTransaction.call(this, fn);
  const unit: TCapturedUnit = { statements: [], start: performance.now(), end: 0 };
  units.push(unit);
  const result = pgliteTransaction.call(this, (tx: TPgliteTx) =>
    fn({
      ...tx,
      query: (...args: unknown[]) => {
        recordInto(unit, 'query', args);
        return tx.query(...args);
      },
      exec: (...args: unknown[]) => {
        recordInto(unit, 'exec', args);
        return tx.exec(...args);
      },
    }),
  );
  const done = () => {
    unit.end = performance.now();
  };
  result.then(done, done);
  return result;
};
