import {
  MSG_CATEGORIES,
  MSG_CENTER_CODES,
  MSG_STATUS_SENT,
  MSG_TYPE_POP_UP,
  MSG_TYPE_ROLLING,
  type TMsgCategoryCode,
  type TMsgLevelCode,
  type TMsgReadStatus,
  type TMsgRecipientKind,
  type TMsgTypeCode,
} from '@portal/domain/messages/codes';
import type {
  TGlobalMsg,
  TMsgCollectResult,
  TMsgDetail,
  TMsgHaveReadResult,
  TMsgPage,
  TMsgRecord,
  TPopUpMsg,
} from '@portal/domain/messages/rules';
import { isPermitted } from '@portal/domain/permissions';
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gt,
  inArray,
  isNull,
  lte,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { preparedShapes } from '../../platform/db/prepared.ts';
import { query } from '../../platform/db/raw-query.ts';
import { pgArray } from '../../platform/db/values.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { messageReads, messageRecipients, messages } from './messages.tables.ts';

/** Operators holding this permission may open any message of their tenant (the sending side). */
export const MSG_VIEW_ANY_PERMISSION = 'msg:msg:view';

type TMessageRow = typeof messages.$inferSelect;

/** A value of a statement: given at once, or a prepared statement's placeholder, bound when it runs. */
type TBound = string | Placeholder;

/**
 * Whose messages a statement reads: an actor, or (for a statement prepared once per shape) the
 * placeholders of one; only whether there is a provider changes the statement's text.
 */
interface TAudience {
  tenantId: TBound;
  userId: TBound;
  providerId: TBound | null;
}

/** The instant a statement reads the validity windows at: a time, or a placeholder for its ISO text. */
type TInstant = Date | Placeholder;

/** Who the actor is as a recipient: their own id, and their provider or the operator audience. */
function audienceOf(actor: TAudience): SQL {
  const k = messageRecipients.kind;
  const t = messageRecipients.target;
  const matches: SQL[] = [and(eq(k, 'user'), eq(t, actor.userId))!];
  if (actor.providerId) {
    matches.push(and(eq(k, 'provider'), eq(t, actor.providerId))!, eq(k, 'allProviders'));
  } else {
    matches.push(eq(k, 'allOperators'));
  }
  return or(...matches)!;
}

/** Within the validity window: a message is listed, counted and displayed until validTo. */
const activeAt = (now: TInstant): SQL => or(isNull(messages.validTo), gt(messages.validTo, now))!;

/**
 * Messages the actor receives: their tenant's, sent (not drafts, not withdrawn), within their
 * validity (started, not expired: decision 0032), and addressed to them, their provider, all
 * providers (provider staff) or all operators (operator staff).
 */
function receivedBy(db: TDbOrTx, actor: TAudience, now: TInstant): SQL {
  return and(
    eq(messages.tenantId, actor.tenantId),
    eq(messages.status, MSG_STATUS_SENT),
    lte(messages.validFrom, now),
    activeAt(now),
    addressedTo(db, actor),
  )!;
}

/**
 * One EXISTS over the recipient rows of every audience: PostgreSQL reads the actor's recipient
 * rows first (index on tenant, kind, target) and looks each message up; used where a few
 * messages are asked for by id or where the type narrows them (pop-ups, the rolling notice).
 */
function addressedTo(db: TDbOrTx, actor: TAudience): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(messageRecipients)
      .where(
        and(
          eq(messageRecipients.tenantId, actor.tenantId),
          eq(messageRecipients.messageId, messages.id),
          audienceOf(actor),
        ),
      ),
  );
}

/** The recipient rows of the actor's audiences: their own user id, then their provider and all providers, or all operators. */
function audiencesOf(actor: TAudience): [kind: TMsgRecipientKind, target: TBound][] {
  const each: [TMsgRecipientKind, TBound][] = [['user', actor.userId]];
  if (actor.providerId) each.push(['provider', actor.providerId], ['allProviders', '']);
  else each.push(['allOperators', '']);
  return each;
}

/**
 * Whose inbox is read: the tenant, its recipient ranges (kind, target), and when an inbox row
 * `i` counts as read (a condition on `i.message_id`). A user's own centre is one owner
 * (`inboxOf`); a provider as operators see it is another (messages.sending.ts).
 */
export interface TInboxOwner {
  tenantId: TBound;
  audiences: readonly (readonly [kind: TMsgRecipientKind, target: TBound])[];
  read: SQL;
}

/** The actor's own inbox: their audiences, read when they themselves have read it. */
function inboxOf(actor: TAudience): TInboxOwner {
  return {
    tenantId: actor.tenantId,
    audiences: audiencesOf(actor),
    // Index-only on message_reads_tenant_user_idx.
    read: sql`exists (select 1 from ${messageReads} mr where mr.tenant_id = ${actor.tenantId}::uuid
      and mr.user_id = ${actor.userId}::uuid and mr.message_id = i.message_id)`,
  };
}

/**
 * The owner's inbox: the sent messages within their validity addressed to one of its audiences,
 * as (message_id, sent_at, code) rows read from the recipient rows' trigger-kept copies of the
 * message (migration 0050). One index range of `message_recipients_inbox_idx` per audience,
 * newest first, each index-only; a message addressed to two of the audiences appears twice, so
 * callers take distinct ids. 'allProviders' and 'allOperators' rows always have the target ''
 * (insertMessage).
 */
function inbox(owner: TInboxOwner, now: TInstant, code?: TMsgCategoryCode | Placeholder): SQL {
  const at = now instanceof Date ? now.toISOString() : now;
  const ranges = owner.audiences.map(
    ([kind, target]) => sql`select message_id, sent_at, code from ${messageRecipients}
      where tenant_id = ${owner.tenantId}::uuid and kind = ${kind} and target = ${target} and status = ${MSG_STATUS_SENT}
        and valid_from <= ${at}::timestamptz and (valid_to is null or valid_to > ${at}::timestamptz)${code ? sql` and code = ${code}` : sql``}`,
  );
  return sql.join(ranges, sql` union all `);
}

function readFilter(owner: TInboxOwner, readStatus: TMsgReadStatus | undefined): SQL {
  if (readStatus === 'unread') return sql` where not ${owner.read}`;
  if (readStatus === 'read') return sql` where ${owner.read}`;
  return sql``;
}

/**
 * The owner's unread messages per code among `codes` (an array literal, or a placeholder for
 * one), as (code, n) rows; codes without any are absent.
 */
const unreadByCode = (db: TDbOrTx, owner: TInboxOwner, codes: string | Placeholder, now: TInstant) =>
  db
    .select({ code: sql<string>`i.code`, n: sql<number | string>`count(distinct i.message_id)` })
    .from(sql`(${inbox(owner, now)}) i`)
    .where(sql`i.code = any(${codes}::text[]) and not ${owner.read}`)
    .groupBy(sql`i.code`);

/** The owner's unread messages per code among `codes` (codes without any are absent). */
export async function unreadInboxByCode(
  db: TDbOrTx,
  owner: TInboxOwner,
  codes: readonly TMsgCategoryCode[],
  now: Date,
): Promise<Map<string, number>> {
  const rows = await unreadByCode(db, owner, pgArray(codes), now);
  return new Map(rows.map((r) => [r.code, Number(r.n)]));
}

export interface TInboxFilter {
  code?: TMsgCategoryCode;
  readStatus?: TMsgReadStatus;
  current: number;
  size: number;
}

/** What selects an inbox's messages; a prepared statement names the code with a placeholder. */
type TInboxMatch = { code?: TMsgCategoryCode | Placeholder; readStatus?: TMsgReadStatus };

const matchingInbox = (owner: TInboxOwner, { code, readStatus }: TInboxMatch, now: TInstant): SQL =>
  sql`(${inbox(owner, now, code)}) i${readFilter(owner, readStatus)}`;

/**
 * One page of the owner's inbox, newest first, to join as `page` on `messages.id =
 * page.message_id`: each row's message id and `page.total`, how many messages match the filter
 * (a window over the same read, so the page and its total are one walk of the owner's inbox
 * ranges). The caller reads the page's rows from messages, checks them again against the full
 * condition, and takes the total from them (pageTotal).
 */
export function inboxPage(owner: TInboxOwner, filter: TInboxFilter, now: Date): SQL {
  return inboxWindow(owner, filter, now, { limit: filter.size, offset: (filter.current - 1) * filter.size });
}

/** inboxPage with its rows as limit and offset, given or placeholders. */
function inboxWindow(
  owner: TInboxOwner,
  match: TInboxMatch,
  now: TInstant,
  { limit, offset }: { limit: number | Placeholder; offset: number | Placeholder },
): SQL {
  return sql`(select d.message_id, count(*) over () as total
    from (select distinct i.sent_at, i.message_id from ${matchingInbox(owner, match, now)}) d
    order by d.sent_at desc, d.message_id desc limit ${limit} offset ${offset}) as page`;
}

/** The total of a page read through inboxPage: from its rows, or counted when it has none (past the end). */
export async function pageTotal(
  db: TDbOrTx,
  rows: readonly { total: number | string }[],
  { owner, filter, now }: { owner: TInboxOwner; filter: TInboxFilter; now: Date },
): Promise<number> {
  return rows.length > 0 ? Number(rows[0].total) : countInbox(db, owner, filter, now);
}

/** How many messages of the owner's inbox match the filter (a message of two audiences once). */
export async function countInbox(
  db: TDbOrTx,
  owner: TInboxOwner,
  filter: TInboxFilter,
  now: Date,
): Promise<number> {
  const rows = await query<{ n: number | string }>(
    db,
    sql`select count(distinct i.message_id) as n from ${matchingInbox(owner, filter, now)}`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Left-join condition of the actor's read row. */
const readBy = (actor: TAudience): SQL =>
  and(
    eq(messageReads.messageId, messages.id),
    eq(messageReads.userId, actor.userId),
    eq(messageReads.tenantId, actor.tenantId),
  )!;

function toRecord(row: TMessageRow, readAt: Date | null): TMsgRecord {
  return {
    id: row.id,
    code: row.code as TMsgCategoryCode,
    msgType: row.msgType as TMsgTypeCode,
    title: row.name,
    titleEn: row.nameEn,
    content: row.content,
    enContent: row.enContent,
    msgLevel: row.msgLevel as TMsgLevelCode,
    read: readAt !== null,
    readAt: readAt?.toISOString() ?? null,
    createdAt: row.sentAt.toISOString(),
    sender: row.senderName,
    senderEn: row.senderNameEn,
  };
}

function toDetail(row: TMessageRow, readAt: Date | null, recipient: boolean): TMsgDetail {
  return {
    ...toRecord(row, readAt),
    status: row.status as '01' | '02',
    validFrom: row.validFrom.toISOString(),
    validTo: row.validTo?.toISOString() ?? null,
    recipient,
  };
}

/**
 * Other features' unread items counted under a message-centre code (decision 0038: the
 * appointments a provider has not read yet count as appointment messages, 03).
 */
export type TUnreadCounter = (db: TDbOrTx, actor: TActor) => Promise<number>;
const unreadCounters = new Map<TMsgCategoryCode, TUnreadCounter>();

export function registerUnreadCounter(code: TMsgCategoryCode, counter: TUnreadCounter): void {
  unreadCounters.set(code, counter);
}

/** Unread counts per requested code, in the order asked, with their total. */
export async function collectUnread(
  p: TPlatform,
  { actor, codes = [...MSG_CENTER_CODES] }: { actor: TActor; codes?: TMsgCategoryCode[] },
): Promise<TMsgCollectResult> {
  return countUnread(p.db, actor, codes);
}

/**
 * The actor's unread messages per code (unreadByCode of their own inbox), in a statement
 * prepared once per shape (provider or operator staff): every page's header asks.
 */
const unreadByCodeStatement = preparedShapes(
  (provider: boolean) => `msg_unread_by_code_${provider ? 'provider' : 'operator'}`,
  (db, provider, name) => {
    const at = sql.placeholder;
    const owner = inboxOf({
      tenantId: at('tenantId'),
      userId: at('userId'),
      providerId: provider ? at('providerId') : null,
    });
    return unreadByCode(db, owner, at('codes'), at('now')).prepare(name);
  },
);

async function countUnread(
  db: TDbOrTx,
  actor: TActor,
  codes: TMsgCategoryCode[],
): Promise<TMsgCollectResult> {
  const unique = [...new Set(codes)];
  const rows = await unreadByCodeStatement(db, !!actor.providerId).execute({
    tenantId: actor.tenantId,
    userId: actor.userId,
    providerId: actor.providerId,
    now: new Date().toISOString(),
    codes: pgArray(unique),
  });
  const byCode = new Map(rows.map((r) => [r.code, Number(r.n)]));
  for (const code of unique) {
    const counter = unreadCounters.get(code);
    if (counter) byCode.set(code, (byCode.get(code) ?? 0) + (await counter(db, actor)));
  }
  const statisticsList = unique.map((code) => {
    const category = MSG_CATEGORIES[code];
    return {
      categoryId: category.categoryId,
      code,
      label: category.zh,
      labelEn: category.en,
      count: byCode.get(code) ?? 0,
    };
  });
  return { count: statisticsList.reduce((sum, s) => sum + s.count, 0), statisticsList };
}

/** What changes the text of a received-message page's statement: not its values. */
interface TReceivedPageShape {
  /** Provider staff (their provider and all providers) or operator staff (all operators). */
  provider: boolean;
  /** One code asked for. */
  code: boolean;
  readStatus?: TMsgReadStatus;
}

/**
 * The received-message page's statement of a shape (at most twelve), prepared once per database
 * handle instead of built on every request: building this join of the inbox ranges cost the
 * portal more CPU than PostgreSQL spent answering it (docs/performance.md).
 */
const receivedPageStatement = preparedShapes(
  (shape: TReceivedPageShape) =>
    `msg_received_${shape.provider ? 'provider' : 'operator'}_${shape.code ? 'code' : 'all'}_${shape.readStatus ?? 'any'}`,
  (db, shape, name) => {
    const at = sql.placeholder;
    const audience: TAudience = {
      tenantId: at('tenantId'),
      userId: at('userId'),
      providerId: shape.provider ? at('providerId') : null,
    };
    const now = at('now');
    const match = { code: shape.code ? at('code') : undefined, readStatus: shape.readStatus };
    return db
      .select({ message: messages, readAt: messageReads.readAt, total: sql<string>`page.total` })
      .from(messages)
      .innerJoin(
        inboxWindow(inboxOf(audience), match, now, { limit: at('limit'), offset: at('offset') }),
        sql`page.message_id = ${messages.id}`,
      )
      .leftJoin(messageReads, readBy(audience))
      .where(receivedBy(db, audience, now))
      .orderBy(desc(messages.sentAt), desc(messages.id))
      .prepare(name);
  },
);

/**
 * One page of the actor's messages, newest first, optionally of one code and read state. The
 * count and the page's ids come from the actor's inbox ranges (index-only); only the page's rows
 * are read from messages, and checked again against `receivedBy`.
 */
export async function listReceived(
  p: TPlatform,
  {
    actor,
    code,
    readStatus,
    current,
    size,
  }: { actor: TActor; code?: TMsgCategoryCode; readStatus?: TMsgReadStatus; current: number; size: number },
): Promise<TMsgPage> {
  const now = new Date();
  const owner = inboxOf(actor);
  const filter = { code, readStatus, current, size };
  const statement = receivedPageStatement(p.db, { provider: !!actor.providerId, code: !!code, readStatus });
  const rows = await statement.execute({
    tenantId: actor.tenantId,
    userId: actor.userId,
    providerId: actor.providerId,
    now: now.toISOString(),
    code,
    limit: size,
    offset: (current - 1) * size,
  });
  return {
    records: rows.map((r) => toRecord(r.message, r.readAt)),
    current,
    size,
    total: await pageTotal(p.db, rows, { owner, filter, now }),
  };
}

/** Unread pop-up notices within their validity, oldest first (the global notice dialog). */
export async function listPopUps(p: TPlatform, { actor }: { actor: TActor }): Promise<TPopUpMsg[]> {
  const now = new Date();
  const rows = await p.db
    .select({ message: messages })
    .from(messages)
    .leftJoin(messageReads, readBy(actor))
    .where(
      and(
        receivedBy(p.db, actor, now),
        activeAt(now),
        eq(messages.msgType, MSG_TYPE_POP_UP),
        isNull(messageReads.messageId),
      ),
    )
    .orderBy(asc(messages.sentAt), asc(messages.id))
    .limit(50);
  return rows.map(({ message: m }) => ({
    id: m.id,
    code: m.code as TMsgCategoryCode,
    title: m.name,
    titleEn: m.nameEn,
    content: m.content,
    enContent: m.enContent,
    msgLevel: m.msgLevel as TMsgLevelCode,
    createdAt: m.sentAt.toISOString(),
  }));
}

/**
 * The navbar's global message: the rolling message within its validity with the highest level
 * (newest first among equals), read or not, and the unread pop-up notices.
 */
export async function getGlobalMessage(p: TPlatform, { actor }: { actor: TActor }): Promise<TGlobalMsg> {
  const now = new Date();
  const [scroll, popUpMsg] = await Promise.all([
    p.db
      .select()
      .from(messages)
      .where(and(receivedBy(p.db, actor, now), activeAt(now), eq(messages.msgType, MSG_TYPE_ROLLING)))
      .orderBy(desc(messages.msgLevel), desc(messages.sentAt), desc(messages.id))
      .limit(1),
    listPopUps(p, { actor }),
  ]);
  const s = scroll[0];
  return {
    scrollMsg: s
      ? {
          id: s.id,
          title: s.name,
          titleEn: s.nameEn,
          content: s.content,
          enContent: s.enContent,
          msgLevel: s.msgLevel as TMsgLevelCode,
        }
      : null,
    popUpMsg,
  };
}

/** Inserts read rows for those of `ids` the actor receives; returns how many were unread before. */
async function markRead(db: TDbOrTx, actor: TActor, ids: string[]): Promise<number> {
  const unique = [...new Set(ids)];
  const received = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(receivedBy(db, actor, new Date()), inArray(messages.id, unique)));
  if (received.length === 0) return 0;
  const inserted = await db
    .insert(messageReads)
    .values(received.map((r) => ({ tenantId: actor.tenantId, messageId: r.id, userId: actor.userId })))
    .onConflictDoNothing()
    .returning({ id: messageReads.messageId });
  return inserted.length;
}

/**
 * Marks the actor's messages read. Ids the actor does not receive are ignored and already-read
 * ones stay as they were, so the counts drop by exactly the number of newly read messages.
 */
export async function haveRead(
  p: TPlatform,
  { actor, ids }: { actor: TActor; ids: string[] },
): Promise<TMsgHaveReadResult> {
  return p.db.transaction(async (tx) => {
    const marked = await markRead(tx, actor, ids);
    return { marked, ...(await countUnread(tx, actor, [...MSG_CENTER_CODES])) };
  });
}

/** Marks one received message read and returns it (viewing a message). */
export async function markOneRead(
  p: TPlatform,
  { actor, id }: { actor: TActor; id: string },
): Promise<TMsgDetail> {
  return p.db.transaction(async (tx) => {
    await markRead(tx, actor, [id]);
    const found = await findReceived(tx, actor, id);
    if (!found) throw new AppError('NOT_FOUND');
    return toDetail(found.message, found.readAt, true);
  });
}

async function findReceived(db: TDbOrTx, actor: TActor, id: string) {
  const rows = await db
    .select({ message: messages, readAt: messageReads.readAt })
    .from(messages)
    .leftJoin(messageReads, readBy(actor))
    .where(and(receivedBy(db, actor, new Date()), eq(messages.id, id)));
  return rows[0] ?? null;
}

/**
 * A message for a recipient, or for operator staff allowed to see every message of the tenant;
 * anything else is "not found", so ids of other providers' or tenants' messages reveal nothing.
 */
export async function getMessage(
  p: TPlatform,
  { actor, id }: { actor: TActor; id: string },
): Promise<TMsgDetail> {
  const received = await findReceived(p.db, actor, id);
  if (received) return toDetail(received.message, received.readAt, true);
  if (!actor.providerId && isPermitted(actor.permissions, MSG_VIEW_ANY_PERMISSION)) {
    const rows = await p.db
      .select()
      .from(messages)
      .where(and(eq(messages.tenantId, actor.tenantId), eq(messages.id, id)));
    if (rows[0]) return toDetail(rows[0], null, false);
  }
  throw new AppError('NOT_FOUND');
}

export interface TNewMessage {
  tenantId: string;
  name: string;
  nameEn: string;
  msgType: TMsgTypeCode;
  msgLevel: TMsgLevelCode;
  code: TMsgCategoryCode;
  content: string;
  enContent: string;
  validFrom: Date;
  validTo: Date | null;
  sentAt?: Date;
  sender: { id: string | null; name: string; nameEn: string };
  recipients: { kind: TMsgRecipientKind; target?: string }[];
}

/** Stores a sent message with its recipients (the seed and the sending screens use it). */
export async function insertMessage(db: TDbOrTx, input: TNewMessage): Promise<string> {
  if (input.recipients.length === 0) throw new Error('A message needs at least one recipient');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(messages)
      .values({
        tenantId: input.tenantId,
        name: input.name,
        nameEn: input.nameEn,
        msgType: input.msgType,
        msgLevel: input.msgLevel,
        code: input.code,
        content: input.content,
        enContent: input.enContent,
        validFrom: input.validFrom,
        validTo: input.validTo,
        status: MSG_STATUS_SENT,
        senderId: input.sender.id,
        senderName: input.sender.name,
        senderNameEn: input.sender.nameEn,
        sentAt: input.sentAt ?? new Date(),
        createdAt: input.sentAt ?? new Date(),
        createdBy: input.sender.id,
      })
      .returning({ id: messages.id });
    const targets = new Map(input.recipients.map((r) => [`${r.kind}:${r.target ?? ''}`, r]));
    await tx.insert(messageRecipients).values(
      [...targets.values()].map((r) => ({
        tenantId: input.tenantId,
        messageId: row.id,
        kind: r.kind,
        target: r.kind === 'allProviders' || r.kind === 'allOperators' ? '' : (r.target ?? ''),
      })),
    );
    return row.id;
  });
}

/** Number of messages a tenant holds. */
export async function countMessages(db: TDbOrTx, { tenantId }: { tenantId: string }): Promise<number> {
  const rows = await db.select({ n: count() }).from(messages).where(eq(messages.tenantId, tenantId));
  return Number(rows[0]?.n ?? 0);
}
