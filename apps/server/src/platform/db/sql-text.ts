import { isDeepStrictEqual } from 'node:util';
import {
  Column,
  entityKind,
  Name,
  Param,
  Placeholder,
  SQL,
  StringChunk,
  Subquery,
  sql,
  Table,
  View,
} from 'drizzle-orm';
import { isPgEnum, PgColumn, PgDialect } from 'drizzle-orm/pg-core';

/**
 * A faster writer of drizzle's SQL text (issue 10, decision 0018 amendment "SQL text").
 *
 * Drizzle turns every statement's chunks into text and parameters on every call
 * (`SQL.prototype.buildQueryFromSourceParams`). For each chunk it asks `is(chunk, Kind)` up to
 * ten times, and each `is` that fails walks the chunk's class chain comparing entity-kind
 * strings; then it wraps every chunk's text in an object and merges them. A CPU profile of an
 * authenticated read put that at a quarter of the portal's time per request. This writer does
 * the same walk once per class (remembered in a WeakMap) and appends to one result, with the
 * same cases in the same order as drizzle 0.45's, so the text and parameters are identical.
 *
 * `installSqlTextWriter({ verify: true })` (tests) also runs drizzle's own writer for every
 * statement and throws when the two differ, so every server test proves they agree.
 */

type TChunk = unknown;
type TConfig = {
  casing: { getColumnCasing(column: unknown): string };
  escapeName(name: string): string;
  escapeParam(index: number, value: unknown): string;
  escapeString(value: string): string;
  prepareTyping?: (encoder: unknown) => unknown;
  inlineParams?: boolean;
  paramStartIndex?: { value: number };
  invokeSource?: string;
};
type TQuery = { sql: string; params: unknown[]; typings?: unknown[] };
type TBuild = (this: SQL, chunks: TChunk[], config: TConfig) => TQuery;

const K_STRING = 1;
const K_NAME = 2;
const K_SQL = 4;
const K_TABLE = 8;
const K_COLUMN = 16;
const K_VIEW = 32;
const K_PARAM = 64;
const K_PLACEHOLDER = 128;
const K_ALIASED = 256;
const K_SUBQUERY = 512;

type TEntityClass = { [entityKind]: string };
const kindBits = new Map<string, number>(
  (
    [
      [StringChunk, K_STRING],
      [Name, K_NAME],
      [SQL, K_SQL],
      [Table, K_TABLE],
      [Column, K_COLUMN],
      [View, K_VIEW],
      [Param, K_PARAM],
      [Placeholder, K_PLACEHOLDER],
      [SQL.Aliased, K_ALIASED],
      [Subquery, K_SUBQUERY],
    ] as [unknown, number][]
  ).map(([cls, bit]) => [(cls as TEntityClass)[entityKind], bit]),
);

const kindsOfClass = new WeakMap<object, number>();

/**
 * The kinds `is(value, Kind)` would answer true for, as bits: the entity kinds met walking the
 * value's class chain (what `is` compares when `instanceof` fails), computed once per class.
 */
export function kindsOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  const proto = Object.getPrototypeOf(value) as { constructor?: unknown } | null;
  const cls = proto?.constructor as object | undefined;
  if (!cls) return 0;
  const known = kindsOfClass.get(cls);
  if (known !== undefined) return known;
  let bits = 0;
  for (let c: object | null = cls; c; c = Object.getPrototypeOf(c)) {
    if (entityKind in c) bits |= kindBits.get((c as TEntityClass)[entityKind]) ?? 0;
  }
  kindsOfClass.set(cls, bits);
  return bits;
}

function isSqlWrapper(value: unknown): value is { getSQL(): SQL; shouldOmitSQLParens?: () => boolean } {
  return (
    value !== null && value !== undefined && typeof (value as { getSQL?: unknown }).getSQL === 'function'
  );
}

type TChunkFields = {
  value: unknown;
  queryChunks: TChunk[];
  shouldInlineParams: boolean;
  encoder: { mapToDriverValue(value: unknown): unknown };
  fieldAlias?: string;
  table: Record<symbol, unknown>;
  _: { isWith: boolean; alias: string; sql: SQL };
  schema?: string;
  enumName: string;
  [key: symbol]: unknown;
};

// Drizzle's internal symbols (Symbol.for, so these are the very ones its classes use).
const tableName = Symbol.for('drizzle:Name');
const tableSchema = Symbol.for('drizzle:Schema');
const IsAlias = Symbol.for('drizzle:IsAlias');
const ViewBaseConfig = Symbol.for('drizzle:ViewBaseConfig');

/** Appends the text and parameters of `chunks` to `out`, as drizzle's writer would return them. */
function write(self: SQL, chunks: TChunk[], config: TConfig, out: TQuery): void {
  const { escapeName, escapeParam, inlineParams } = config;
  const counter = config.paramStartIndex as { value: number };
  const addParam = (value: unknown, typing: unknown) => {
    out.sql += escapeParam(counter.value++, value);
    out.params.push(value);
    if (out.typings) out.typings.push(typing);
    else out.typings = [typing];
  };
  for (const raw of chunks) {
    if (raw === undefined) continue;
    const chunk = raw as TChunkFields;
    const kinds = kindsOf(chunk);
    if (kinds & K_STRING) {
      out.sql += (chunk.value as string[]).join('');
    } else if (kinds & K_NAME) {
      out.sql += escapeName(chunk.value as string);
    } else if (Array.isArray(chunk)) {
      out.sql += '(';
      for (let i = 0; i < chunk.length; i++) {
        write(self, [chunk[i]], config, out);
        if (i < chunk.length - 1) out.sql += ', ';
      }
      out.sql += ')';
    } else if (kinds & K_SQL) {
      write(
        self,
        chunk.queryChunks,
        { ...config, inlineParams: inlineParams || chunk.shouldInlineParams },
        out,
      );
    } else if (kinds & K_TABLE) {
      const schema = chunk[tableSchema] as string | undefined;
      const name = escapeName(chunk[tableName] as string);
      out.sql += schema === undefined || chunk[IsAlias] ? name : `${escapeName(schema)}.${name}`;
    } else if (kinds & K_COLUMN) {
      const columnName = escapeName(config.casing.getColumnCasing(chunk));
      if (config.invokeSource === 'indexes') {
        out.sql += columnName;
      } else {
        const table = chunk.table;
        const schema = table[tableSchema] as string | undefined;
        const name = escapeName(table[tableName] as string);
        out.sql +=
          table[IsAlias] || schema === undefined
            ? `${name}.${columnName}`
            : `${escapeName(schema)}.${name}.${columnName}`;
      }
    } else if (kinds & K_VIEW) {
      const view = chunk[ViewBaseConfig] as { schema?: string; name: string; isAlias: boolean };
      out.sql +=
        view.schema === undefined || view.isAlias
          ? escapeName(view.name)
          : `${escapeName(view.schema)}.${escapeName(view.name)}`;
    } else if (kinds & K_PARAM) {
      if (kindsOf(chunk.value) & K_PLACEHOLDER) {
        addParam(chunk, 'none');
        continue;
      }
      const mapped = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
      if (kindsOf(mapped) & K_SQL) {
        write(self, [mapped], config, out);
      } else if (inlineParams) {
        out.sql += (self as unknown as { mapInlineParam(v: unknown, c: TConfig): string }).mapInlineParam(
          mapped,
          config,
        );
      } else {
        addParam(mapped, config.prepareTyping ? config.prepareTyping(chunk.encoder) : 'none');
      }
    } else if (kinds & K_PLACEHOLDER) {
      addParam(chunk, 'none');
    } else if ((kinds & K_ALIASED) !== 0 && chunk.fieldAlias !== undefined) {
      out.sql += escapeName(chunk.fieldAlias);
    } else if (kinds & K_SUBQUERY) {
      if (chunk._.isWith) {
        out.sql += escapeName(chunk._.alias);
      } else {
        out.sql += '(';
        write(self, [chunk._.sql], config, out);
        out.sql += `) ${escapeName(chunk._.alias)}`;
      }
    } else if (isPgEnum(chunk)) {
      out.sql += chunk.schema
        ? `${escapeName(chunk.schema)}.${escapeName(chunk.enumName)}`
        : escapeName(chunk.enumName);
    } else if (isSqlWrapper(chunk)) {
      if (chunk.shouldOmitSQLParens?.()) {
        write(self, [chunk.getSQL()], config, out);
      } else {
        out.sql += '(';
        write(self, [chunk.getSQL()], config, out);
        out.sql += ')';
      }
    } else if (inlineParams) {
      out.sql += (self as unknown as { mapInlineParam(v: unknown, c: TConfig): string }).mapInlineParam(
        chunk,
        config,
      );
    } else {
      addParam(chunk, 'none');
    }
  }
}

const drizzleBuild = (SQL.prototype as unknown as { buildQueryFromSourceParams: TBuild })
  .buildQueryFromSourceParams;

/** The fast writer, with drizzle's entry: the same config defaults as drizzle's own. */
export const buildSqlText: TBuild = function (this: SQL, chunks, config) {
  const out: TQuery = { sql: '', params: [] };
  write(
    this,
    chunks,
    {
      ...config,
      inlineParams:
        config.inlineParams || (this as unknown as { shouldInlineParams: boolean }).shouldInlineParams,
      paramStartIndex: config.paramStartIndex || { value: 0 },
    },
    out,
  );
  return out;
};

/** Drizzle's own writer, kept for the comparison in tests. */
export const drizzleSqlText: TBuild = drizzleBuild;

type TSelectionField = { path: string[]; field: unknown };
type TBuildSelection = (
  this: PgDialect,
  fields: TSelectionField[],
  options?: { isSingleTable?: boolean },
) => SQL;
type TPrepareTyping = (encoder: unknown) => string;
type TDialectMethods = { buildSelection: TBuildSelection; prepareTyping: TPrepareTyping };

const dialectProto = PgDialect.prototype as unknown as TDialectMethods;
const drizzleBuildSelection = dialectProto.buildSelection;
const drizzlePrepareTyping = dialectProto.prepareTyping;
const columnKind = (PgColumn as unknown as TEntityClass)[entityKind];
const typingOfClass = new WeakMap<object, string>();

/**
 * The typing drizzle gives a parameter (`json`, `decimal`, `timestamp`, …): it depends only on
 * the encoder's class, so drizzle's answer is kept per class instead of asked with up to ten
 * `is` checks for every parameter.
 */
export const prepareTyping: TPrepareTyping = (encoder) => {
  const cls = encoder !== null && typeof encoder === 'object' ? (encoder as object).constructor : undefined;
  if (!cls) return drizzlePrepareTyping(encoder);
  let typing = typingOfClass.get(cls);
  if (typing === undefined) {
    typing = drizzlePrepareTyping(encoder);
    typingOfClass.set(cls, typing);
  }
  return typing;
};

/** The dialect's column-name casing (internal to drizzle). */
const casingOf = (dialect: PgDialect) =>
  (dialect as unknown as { casing: { getColumnCasing(column: unknown): string } }).casing;

/** True when the value's class chain holds PgColumn (drizzle's `is(value, PgColumn)`), per class. */
const pgColumnOfClass = new WeakMap<object, boolean>();
function isPgColumn(value: unknown): boolean {
  if (!(kindsOf(value) & K_COLUMN)) return false;
  const cls = (value as object).constructor;
  let known = pgColumnOfClass.get(cls);
  if (known === undefined) {
    known = false;
    for (let c: object | null = cls; c && !known; c = Object.getPrototypeOf(c))
      known = entityKind in c && (c as TEntityClass)[entityKind] === columnKind;
    pgColumnOfClass.set(cls, known);
  }
  return known;
}

/**
 * Drizzle 0.45's `PgDialect#buildSelection` (the `select <fields>` and `returning <fields>` list),
 * with the kind of each field read from `kindsOf` instead of up to seven `is` checks per field.
 * Same cases in the same order, so the same SQL.
 */
export const buildSelection: TBuildSelection = function (this, fields, { isSingleTable = false } = {}) {
  const chunks: unknown[] = [];
  const last = fields.length - 1;
  fields.forEach(({ field: raw }, i) => {
    const field = raw as TChunkFields & { isSelectionField?: boolean; sql: SQL };
    const kinds = kindsOf(field);
    if (kinds & K_ALIASED && field.isSelectionField) {
      chunks.push(sql.identifier(field.fieldAlias as string));
    } else if (kinds & (K_ALIASED | K_SQL)) {
      const query = (kinds & K_ALIASED ? field.sql : field) as unknown as { queryChunks: unknown[] };
      if (isSingleTable) {
        chunks.push(
          new SQL(
            query.queryChunks.map((c) =>
              isPgColumn(c) ? sql.identifier(casingOf(this).getColumnCasing(c)) : c,
            ) as SQL['queryChunks'],
          ),
        );
      } else {
        chunks.push(query);
      }
      if (kinds & K_ALIASED) chunks.push(sql` as ${sql.identifier(field.fieldAlias as string)}`);
    } else if (kinds & K_COLUMN) {
      chunks.push(isSingleTable ? sql.identifier(casingOf(this).getColumnCasing(field)) : field);
    } else if (kinds & K_SUBQUERY) {
      // Drizzle's own code for this rare case (it sets the decoder of a one-field subquery).
      chunks.push(
        ...(
          drizzleBuildSelection.call(this, [{ path: [], field }], { isSingleTable }) as unknown as {
            queryChunks: unknown[];
          }
        ).queryChunks,
      );
    }
    if (i < last) chunks.push(sql`, `);
  });
  return sql.join(chunks as SQL[]);
};

let installed = false;

/**
 * Puts the fast writer in place of drizzle's, once per process. With `verify`, each statement
 * is written by both (drizzle's on a copy of the parameter counter) and a difference throws.
 */
export function installSqlTextWriter({ verify }: { verify: boolean }): void {
  if (installed) return;
  installed = true;
  const target = SQL.prototype as unknown as { buildQueryFromSourceParams: TBuild };
  dialectProto.prepareTyping = prepareTyping;
  if (!verify) {
    target.buildQueryFromSourceParams = buildSqlText;
    dialectProto.buildSelection = buildSelection;
    return;
  }
  dialectProto.buildSelection = function (this: PgDialect, fields, options) {
    const actual = buildSelection.call(this, fields, options);
    const expected = drizzleBuildSelection.call(this, fields, options);
    const [a, e] = [this.sqlToQuery(actual), this.sqlToQuery(expected)];
    if (a.sql !== e.sql || !isDeepStrictEqual(a.params, e.params)) {
      throw new Error(
        `The selection builder differs from drizzle's: ${JSON.stringify({ actual: a, expected: e }).slice(0, 2000)}`,
      );
    }
    return actual;
  };
  // Drizzle's writer calls the method again for nested chunks: those calls go straight to it.
  let inDrizzle = false;
  target.buildQueryFromSourceParams = function (this: SQL, chunks, config) {
    if (inDrizzle) return drizzleBuild.call(this, chunks, config);
    const start = config.paramStartIndex?.value ?? 0;
    let expected: TQuery;
    inDrizzle = true;
    try {
      expected = drizzleBuild.call(this, chunks, { ...config, paramStartIndex: { value: start } });
    } finally {
      inDrizzle = false;
    }
    const actual = buildSqlText.call(this, chunks, config);
    const expectedTypings = expected.typings?.length ? expected.typings : undefined;
    if (
      actual.sql !== expected.sql ||
      !isDeepStrictEqual(actual.params, expected.params) ||
      !isDeepStrictEqual(actual.typings, expectedTypings)
    ) {
      throw new Error(
        `The SQL text writer differs from drizzle's: ${JSON.stringify({ actual, expected }).slice(0, 2000)}`,
      );
    }
    return actual;
  };
}
