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
import { and, asc, count, desc, eq, exists, gt, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { query } from '../../platform/db/raw-query.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { messageReads, messageRecipients, messages } from './messages.tables.ts';

/** Operators holding this permission may open any message of their tenant (the sending side). */
export const MSG_VIEW_ANY_PERMISSION = 'msg:msg:view';

type TMessageRow = typeof messages.$inferSelect;

/** Who the actor is as a recipient: their own id, and their provider or the operator audience. */
function audienceOf(actor: TActor): SQL {
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
const activeAt = (now: Date): SQL => or(isNull(messages.validTo), gt(messages.validTo, now))!;

/**
 * Messages the actor receives: their tenant's, sent (not drafts, not withdrawn), within their
 * validity (started, not expired: decision 0032), and addressed to them, their provider, all
 * providers (provider staff) or all operators (operator staff).
 */
function receivedBy(db: TDbOrTx, actor: TActor, now: Date): SQL {
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
function addressedTo(db: TDbOrTx, actor: TActor): SQL {
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
function audiencesOf(actor: TActor): [kind: TMsgRecipientKind, target: string][] {
  const each: [TMsgRecipientKind, string][] = [['user', actor.userId]];
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
  tenantId: string;
  audiences: readonly (readonly [kind: TMsgRecipientKind, target: string])[];
  read: SQL;
}

/** The actor's own inbox: their audiences, read when they themselves have read it. */
function inboxOf(actor: TActor): TInboxOwner {
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
function inbox(owner: TInboxOwner, now: Date, code?: TMsgCategoryCode): SQL {
  const at = now.toISOString();
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

/** The owner's unread messages per code among `codes` (codes without any are absent). */
export async function unreadInboxByCode(
  db: TDbOrTx,
  owner: TInboxOwner,
  codes: readonly TMsgCategoryCode[],
  now: Date,
): Promise<Map<string, number>> {
  const rows = await query<{ code: string; n: number | string }>(
    db,
    sql`select i.code, count(distinct i.message_id) as n from (${inbox(owner, now)}) i
      where i.code in (${sql.join(
        codes.map((c) => sql`${c}`),
        sql`, `,
      )}) and not ${owner.read}
      group by i.code`,
  );
  return new Map(rows.map((r) => [r.code, Number(r.n)]));
}

export interface TInboxFilter {
  code?: TMsgCategoryCode;
  readStatus?: TMsgReadStatus;
  current: number;
  size: number;
}

const matchingInbox = (owner: TInboxOwner, { code, readStatus }: TInboxFilter, now: Date): SQL =>
  sql`(${inbox(owner, now, code)}) i${readFilter(owner, readStatus)}`;

/**
 * One page of the owner's inbox, newest first, to join as `page` on `messages.id =
 * page.message_id`: each row's message id and `page.total`, how many messages match the filter
 * (a window over the same read, so the page and its total are one walk of the owner's inbox
 * ranges). The caller reads the page's rows from messages, checks them again against the full
 * condition, and takes the total from them (pageTotal).
 */
export function inboxPage(owner: TInboxOwner, filter: TInboxFilter, now: Date): SQL {
  const { current, size } = filter;
  return sql`(select d.message_id, count(*) over () as total
    from (select distinct i.sent_at, i.message_id from ${matchingInbox(owner, filter, now)}) d
    order by d.sent_at desc, d.message_id desc limit ${size} offset ${(current - 1) * size}) as page`;
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
const readBy = (actor: TActor): SQL =>
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

async function countUnread(
  db: TDbOrTx,
  actor: TActor,
  codes: TMsgCategoryCode[],
): Promise<TMsgCollectResult> {
  const unique = [...new Set(codes)];
  const byCode = await unreadInboxByCode(db, inboxOf(actor), unique, new Date());
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
  const rows = await p.db
    .select({ message: messages, readAt: messageReads.readAt, total: sql<string>`page.total` })
    .from(messages)
    .innerJoin(inboxPage(owner, filter, now), sql`page.message_id = ${messages.id}`)
    .leftJoin(messageReads, readBy(actor))
    .where(receivedBy(p.db, actor, now))
    .orderBy(desc(messages.sentAt), desc(messages.id));
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
