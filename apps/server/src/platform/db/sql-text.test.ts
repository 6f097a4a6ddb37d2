import { and, asc, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import {
  alias,
  integer,
  PgDialect,
  pgEnum,
  pgSchema,
  pgTable,
  QueryBuilder,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { hospitalTasks } from '../../features/hospital-tasks/hospital-tasks.tables.ts';
import { users } from '../../features/users/users.tables.ts';
import { buildSelection, buildSqlText, drizzleSqlText, prepareTyping } from './sql-text.ts';

const colour = pgEnum('colour', ['red', 'green']);
const other = pgSchema('other');
const things = other.table('things', { id: uuid('id').primaryKey(), n: integer('n'), tint: colour('tint') });
const notes = pgTable('notes', { id: uuid('id').primaryKey(), userId: uuid('user_id'), body: text('body') });

const dialect = new PgDialect();
const qb = new QueryBuilder();

type TWriter = typeof buildSqlText;
/** The statement's text, parameters and typings as the dialect writes it with one writer. */
function writeWith(writer: TWriter, statement: { getSQL(): SQL }) {
  const proto = (statement.getSQL().constructor as { prototype: { buildQueryFromSourceParams: TWriter } })
    .prototype;
  const before = proto.buildQueryFromSourceParams;
  proto.buildQueryFromSourceParams = writer;
  try {
    return dialect.sqlToQuery(statement.getSQL());
  } finally {
    proto.buildQueryFromSourceParams = before;
  }
}

const author = alias(users, 'author');
const counted = qb
  .select({ userId: notes.userId, n: sql<number>`count(*)`.as('n') })
  .from(notes)
  .groupBy(notes.userId)
  .as('counted');

const statements: [string, { getSQL(): SQL }][] = [
  ['plain text with values', sql`select ${1}, ${'a'}, ${null}, ${true}`],
  ['empty', sql.empty()],
  ['raw and identifiers', sql`select ${sql.identifier('x')} from ${sql.raw('t')}`],
  ['a list of values', sql`select * from t where id in ${[1, 2, 3]}`],
  [
    'nested and joined fragments',
    sql.join([sql`a = ${1}`, sql`b = ${2}`, undefined as unknown as SQL], sql` and `),
  ],
  ['inlined values', sql`select ${"it's"}, ${3}, ${{ a: 1 }}, ${null}`.inlineParams()],
  ['a placeholder', sql`select * from t where id = ${sql.placeholder('id')}`],
  [
    'a select with filters, order and paging',
    qb
      .select({ id: hospitalTasks.id, no: hospitalTasks.taskNo })
      .from(hospitalTasks)
      .where(
        and(
          eq(hospitalTasks.tenantId, '00000000-0000-4000-8000-000000000001'),
          or(ilike(hospitalTasks.taskNo, '%42%'), isNull(hospitalTasks.commitDate)),
          inArray(hospitalTasks.status, ['01', '02']),
        ),
      )
      .orderBy(desc(hospitalTasks.createdAt), asc(hospitalTasks.id))
      .limit(10)
      .offset(20),
  ],
  [
    'joins, an alias and a subquery',
    qb
      .select({ account: author.account, n: counted.n })
      .from(author)
      .leftJoin(counted, eq(counted.userId, author.id))
      .where(eq(author.enabled, true)),
  ],
  ['a schema-qualified table with an enum column', qb.select().from(things).where(eq(things.tint, 'red'))],
  ['an enum itself', sql`select ${'red'}::${colour}`],
  [
    'a date parameter',
    qb
      .select()
      .from(users)
      .where(sql`${users.createdAt} > ${new Date(0).toISOString()}`),
  ],
  ['a with query', qb.with(counted).select().from(counted)],
];

type TBuildSelection = typeof buildSelection;
const dialectProto = PgDialect.prototype as unknown as { buildSelection: TBuildSelection };
const drizzleSelection = dialectProto.buildSelection;

/** The statement as built and written with one selection builder. */
function buildWith(builder: TBuildSelection, build: () => { toSQL(): unknown }) {
  dialectProto.buildSelection = builder;
  try {
    return build().toSQL();
  } finally {
    dialectProto.buildSelection = drizzleSelection;
  }
}

const inserted = () =>
  new PgDialect().sqlToQuery(
    new PgDialect().buildInsertQuery({
      table: notes,
      values: [{ id: sql`gen_random_uuid()`, userId: null, body: 'x' }] as never,
      returning: [
        { path: ['id'], field: notes.id },
        { path: ['len'], field: sql`length(${notes.body})` },
        { path: ['named'], field: sql<number>`length(${notes.body})`.as('named') },
      ],
      withList: [],
    } as never),
  );

const selections: [string, () => { toSQL(): unknown }][] = [
  [
    'columns of one table',
    () =>
      qb
        .select()
        .from(users)
        .where(eq(users.id, sql`${'a'}`)),
  ],
  [
    'expressions, aliases and a join',
    () =>
      qb
        .select({ account: author.account, n: counted.n, one: sql`1` })
        .from(author)
        .leftJoin(counted, eq(counted.userId, author.id)),
  ],
  [
    'an aliased expression on one table',
    () => qb.select({ n: sql<number>`count(${notes.id})`.as('n') }).from(notes),
  ],
  [
    'a one-field subquery',
    () =>
      qb
        .select({
          n: qb
            .select({ n: sql<number>`count(*)`.as('n') })
            .from(notes)
            .as('c'),
        })
        .from(notes),
  ],
  ['a with query', () => qb.with(counted).select().from(counted)],
];

describe('the selection builder', () => {
  it.each(selections)('builds %s as drizzle does', (_name, build) => {
    expect(buildWith(buildSelection, build)).toEqual(buildWith(drizzleSelection, build));
  });

  it('builds a returning list on one table as drizzle does', () => {
    const expected = inserted();
    dialectProto.buildSelection = buildSelection;
    try {
      expect(inserted()).toEqual(expected);
    } finally {
      dialectProto.buildSelection = drizzleSelection;
    }
    expect(expected.sql).toContain('returning "id", length("body"), length("body") as "named"');
  });

  it('gives each parameter the typing drizzle gives it, kept per column class', () => {
    const drizzleTyping = (PgDialect.prototype as unknown as { prepareTyping: typeof prepareTyping })
      .prepareTyping;
    for (const column of [users.id, users.createdAt, users.account, hospitalTasks.createdAt, things.n]) {
      expect(prepareTyping(column)).toBe(drizzleTyping(column));
      expect(prepareTyping(column)).toBe(drizzleTyping(column));
    }
    expect(prepareTyping(users.id)).toBe('uuid');
    expect(prepareTyping(undefined)).toBe('none');
  });
});

describe('the SQL text writer', () => {
  it.each(statements)('writes %s as drizzle does', (_name, statement) => {
    const expected = writeWith(drizzleSqlText, statement);
    const actual = writeWith(buildSqlText, statement);
    expect(actual).toEqual(expected);
  });

  it('numbers parameters on from an outer statement', () => {
    const inner = sql`x = ${5} and y = ${'b'}`;
    const config = {
      casing: { getColumnCasing: (c: { name: string }) => c.name },
      escapeName: (n: string) => `"${n}"`,
      escapeParam: (i: number) => `$${i + 1}`,
      escapeString: (s: string) => `'${s}'`,
      paramStartIndex: { value: 3 },
    } as unknown as Parameters<TWriter>[1];
    const written = buildSqlText.call(
      inner,
      (inner as unknown as { queryChunks: unknown[] }).queryChunks,
      config,
    );
    expect(written.sql).toBe('x = $4 and y = $5');
    expect(written.params).toEqual([5, 'b']);
  });
});
