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
import { buildSqlText, drizzleSqlText } from './sql-text.ts';

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
