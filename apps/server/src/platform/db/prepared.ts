import type { TDbOrTx } from './client.ts';

/**
 * Statements built once per database handle and shape, then run with their placeholders bound
 * (`sql.placeholder`, drizzle's `prepare`). A shape is what changes a statement's text, never a
 * value: an audience kind, whether a filter is given. Building a large statement costs the
 * portal more CPU than PostgreSQL spends answering it, and a named statement is parsed, and
 * once its plan is cached planned, once per connection (docs/performance.md, decision 0022).
 * `name` turns a shape into its key, which names the statement too: at most a few per use.
 */
export function preparedShapes<TShape, TStatement>(
  name: (shape: TShape) => string,
  build: (db: TDbOrTx, shape: TShape, name: string) => TStatement,
): (db: TDbOrTx, shape: TShape) => TStatement {
  const byDb = new WeakMap<TDbOrTx, Map<string, TStatement>>();
  return (db, shape) => {
    let byName = byDb.get(db);
    if (!byName) {
      byName = new Map();
      byDb.set(db, byName);
    }
    const key = name(shape);
    let statement = byName.get(key);
    if (statement === undefined) {
      statement = build(db, shape, key);
      byName.set(key, statement);
    }
    return statement;
  };
}
