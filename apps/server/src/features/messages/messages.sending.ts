/**
 * The operator's side of messages (decision 0032): save a draft or send, modify a sent message,
 * withdraw or delete, the operator's list with read statistics, and the preview. Recipients are
 * resolved to one row per provider with one INSERT ... SELECT, so a send to every provider of a
 * large tenant is one statement.
 */
import {
  MSG_CATEGORIES,
  MSG_LEVEL_URGENT,
  MSG_LEVELS,
  MSG_NOTICE_CODE,
  MSG_STATUS_DRAFT,
  MSG_STATUS_SENT,
  MSG_STATUS_WITHDRAWN,
  MSG_TYPES,
  type TMsgCategoryCode,
  type TMsgLevelCode,
  type TMsgTypeCode,
} from '@portal/domain/messages/codes';
import {
  PERSONS_IN_CHARGE_MAX,
  phaseAt,
  type TMsgEditView,
  type TMsgManagePage,
  type TMsgManageRecord,
  type TMsgPreview,
  type TMsgSearchType,
  type TMsgStats,
  type TPersonInCharge,
  type ZMsgFields,
  type ZMsgManagePageBody,
  type ZMsgPreviewBody,
  type ZMsgSaveBody,
} from '@portal/domain/messages/compose';
import type { TMsgCollectResult, TMsgPage } from '@portal/domain/messages/rules';
import { and, count, desc, eq, gte, ilike, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { query } from '../../platform/db/raw-query.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { hospitalTasks, providers } from '../hospital-tasks/hospital-tasks.tables.ts';
import { providerMatching } from '../hospital-tasks/providers.match.ts';
import { messageScopeCondition, providerInScope } from '../organisations/organisations.scope.ts';
import { users } from '../users/users.tables.ts';
import { publishMessagesChanged } from './messages.live.ts';
import { inboxPage, pageTotal, type TInboxOwner, unreadInboxByCode } from './messages.service.ts';
import { messageReads, messageRecipients, messages } from './messages.tables.ts';

type TMessageRow = typeof messages.$inferSelect;
type TCriteria = TMessageRow['criteria'];
type TSaveInput = z.output<typeof ZMsgSaveBody>;
const CHINA_OFFSET = '+08:00';

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The providers a criterion names, as a SELECT of (tenant, message, 'provider', provider id). */
function recipientSelect(tenantId: string, messageId: string, searchType: TMsgSearchType, c: TCriteria): SQL {
  const base = sql`select ${tenantId}::uuid, ${messageId}::uuid, 'provider', p.provider_id
    from ${providers} p where p.tenant_id = ${tenantId}::uuid and p.status = '01'`;
  const list = (values: string[]) =>
    sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    );
  if (searchType === '04') return base;
  if (searchType === '01') {
    const codes = list(c.areaCodes);
    return sql`${base} and (p.province in (${codes}) or p.city in (${codes}) or p.district in (${codes}))`;
  }
  if (searchType === '02') return sql`${base} and p.provider_id in (${list(c.providerIds)})`;
  return sql`${base} and exists (select 1 from ${hospitalTasks} h
      join ${users} u on u.tenant_id = h.tenant_id and u.name = h.person_in_charge
      where h.tenant_id = p.tenant_id and h.provider_id = p.provider_id
        and u.provider_id is null and u.id in (${list(c.personInChargeIds)}::uuid))`;
}

/** Replaces the provider rows of a message by the providers its criteria name; answers how many. */
async function resolveRecipients(
  tx: TDbOrTx,
  tenantId: string,
  messageId: string,
  searchType: TMsgSearchType,
  criteria: TCriteria,
): Promise<number> {
  await tx
    .delete(messageRecipients)
    .where(and(eq(messageRecipients.tenantId, tenantId), eq(messageRecipients.messageId, messageId)));
  const ids = searchType === '03' ? criteria.personInChargeIds.filter(isUuid) : null;
  if (ids && ids.length === 0) return 0;
  const select = recipientSelect(tenantId, messageId, searchType, {
    ...criteria,
    personInChargeIds: ids ?? criteria.personInChargeIds,
  });
  const result = await tx.execute(
    sql`insert into ${messageRecipients} (tenant_id, message_id, kind, target) ${select} on conflict do nothing`,
  );
  return rowCount(result);
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (v: string) => UUID_RE.test(v);

function rowCount(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
}

function criteriaOf(body: z.output<typeof ZMsgFields>): TCriteria {
  return {
    areaCodes: body.searchType === '01' ? [...new Set(body.areaCodes)] : [],
    providerIds: body.searchType === '02' ? [...new Set(body.providerIds)] : [],
    personInChargeIds: body.searchType === '03' ? [...new Set(body.personInChargeIds)] : [],
  };
}

async function findOwn(db: TDbOrTx, actor: TActor, id: string, lock = false): Promise<TMessageRow> {
  const query = db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.tenantId, actor.tenantId),
        eq(messages.id, id),
        ne(messages.searchType, ''),
        // Outside the actor's data scope the message answers as missing (decision 0028).
        messageScopeCondition(actor, messages.senderId),
      ),
    );
  const rows = lock ? await query.for('update') : await query;
  if (!rows[0]) throw new AppError('NOT_FOUND');
  return rows[0];
}

/**
 * Saves the compose form: a new or existing draft, a send (a draft or a new message), or a
 * modification of a sent message (recipients see the new text and list at once). Everything in
 * one transaction: a send that names no provider leaves nothing behind.
 */
export async function saveMessage(
  p: TPlatform,
  { actor, body }: { actor: TActor; body: TSaveInput },
): Promise<{ id: string; status: string; recipients: number }> {
  const criteria = criteriaOf(body);
  const now = new Date();
  const result = await p.db.transaction(async (tx) => {
    const existing = body.id ? await findOwn(tx, actor, body.id, true) : null;
    if (existing?.status === MSG_STATUS_WITHDRAWN) throw new AppError('MSG_STATE_CHANGED');
    if (existing?.status === MSG_STATUS_SENT && body.action === 'draft')
      throw new AppError('MSG_STATE_CHANGED');
    const status = body.action === 'send' ? MSG_STATUS_SENT : MSG_STATUS_DRAFT;
    const fields = {
      name: body.name,
      nameEn: body.nameEn,
      msgType: body.msgType as TMsgTypeCode,
      msgLevel: body.msgLevel as TMsgLevelCode,
      code: MSG_NOTICE_CODE as TMsgCategoryCode,
      content: body.content,
      enContent: body.enContent,
      // A draft may lack its period; it is checked when it is sent.
      validFrom: body.validFrom ? new Date(body.validFrom) : now,
      validTo: body.validTo ? new Date(body.validTo) : null,
      status,
      searchType: body.searchType,
      criteria,
      updatedAt: now,
      updatedBy: actor.userId,
      startedAt: null,
      expiredAt: null,
    };
    const sentNow = status === MSG_STATUS_SENT && existing?.status !== MSG_STATUS_SENT;
    const sender = { senderId: actor.userId, senderName: actor.name, senderNameEn: actor.nameEn };
    let id: string;
    if (existing) {
      await tx
        .update(messages)
        .set({
          ...fields,
          ...(sentNow ? { sentAt: now, ...sender } : {}),
          version: sql`${messages.version} + 1`,
        })
        .where(and(eq(messages.tenantId, actor.tenantId), eq(messages.id, existing.id)));
      id = existing.id;
    } else {
      const [row] = await tx
        .insert(messages)
        .values({ tenantId: actor.tenantId, ...fields, ...sender, sentAt: now, createdBy: actor.userId })
        .returning({ id: messages.id });
      id = row.id;
    }
    let recipients = 0;
    if (status === MSG_STATUS_SENT) {
      recipients = await resolveRecipients(tx, actor.tenantId, id, body.searchType, criteria);
      if (recipients === 0) throw new AppError('MSG_NO_PROVIDERS');
    }
    await tx
      .update(messages)
      .set({ recipientCount: recipients })
      .where(and(eq(messages.tenantId, actor.tenantId), eq(messages.id, id)));
    return { id, status, recipients, sentNow };
  });
  if (result.sentNow) await publishMessagesChanged(p, actor.tenantId, { kind: 'appeared', ids: [result.id] });
  else if (result.status === MSG_STATUS_SENT)
    await publishMessagesChanged(p, actor.tenantId, { kind: 'changed', ids: [result.id] });
  return { id: result.id, status: result.status, recipients: result.recipients };
}

/** How many providers a recipient choice reaches now (the import's check; nothing is written). */
export async function countRecipients(
  db: TDbOrTx,
  tenantId: string,
  searchType: TMsgSearchType,
  fields: Pick<z.output<typeof ZMsgFields>, 'areaCodes' | 'providerIds' | 'personInChargeIds'>,
): Promise<number> {
  const criteria = criteriaOf({ ...fields, searchType } as z.output<typeof ZMsgFields>);
  const select = recipientSelect(tenantId, '00000000-0000-0000-0000-000000000000', searchType, criteria);
  const rows = await query<{ n: number }>(db, sql`select count(*)::int as n from (${select}) r`);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Creates sent messages inside the caller's transaction, one per body, each with its recipient
 * rows (the import of decision 0035). Answers each one's recipients; the caller decides what a
 * message that reaches nobody means and publishes the change after its commit.
 */
export async function createSentMessages(
  tx: TDbOrTx,
  { actor, bodies, now }: { actor: TActor; bodies: z.output<typeof ZMsgFields>[]; now: Date },
): Promise<{ id: string; recipients: number }[]> {
  const created: { id: string; recipients: number }[] = [];
  for (const body of bodies) {
    const criteria = criteriaOf(body);
    const [row] = await tx
      .insert(messages)
      .values({
        tenantId: actor.tenantId,
        name: body.name,
        nameEn: body.nameEn,
        msgType: body.msgType as TMsgTypeCode,
        msgLevel: body.msgLevel as TMsgLevelCode,
        code: MSG_NOTICE_CODE as TMsgCategoryCode,
        content: body.content,
        enContent: body.enContent,
        validFrom: body.validFrom ? new Date(body.validFrom) : now,
        validTo: body.validTo ? new Date(body.validTo) : null,
        status: MSG_STATUS_SENT,
        searchType: body.searchType,
        criteria,
        senderId: actor.userId,
        senderName: actor.name,
        senderNameEn: actor.nameEn,
        sentAt: now,
        createdBy: actor.userId,
        updatedBy: actor.userId,
        updatedAt: now,
      })
      .returning({ id: messages.id });
    const recipients = await resolveRecipients(tx, actor.tenantId, row.id, body.searchType, criteria);
    await tx
      .update(messages)
      .set({ recipientCount: recipients })
      .where(and(eq(messages.tenantId, actor.tenantId), eq(messages.id, row.id)));
    created.push({ id: row.id, recipients });
  }
  return created;
}

/**
 * DELETE /msg/msg: drafts are deleted; sent messages are withdrawn (they leave the recipients'
 * lists and counts at once); withdrawn ones stay as they are.
 */
export async function deleteMessages(
  p: TPlatform,
  { actor, ids }: { actor: TActor; ids: string[] },
): Promise<{ deleted: number; withdrawn: number }> {
  const unique = [...new Set(ids)];
  const result = await p.db.transaction(async (tx) => {
    const own = and(
      eq(messages.tenantId, actor.tenantId),
      inArray(messages.id, unique),
      ne(messages.searchType, ''),
      messageScopeCondition(actor, messages.senderId),
    );
    const rows = await tx
      .select({ id: messages.id, status: messages.status })
      .from(messages)
      .where(own)
      .for('update');
    if (rows.length === 0) throw new AppError('NOT_FOUND');
    const drafts = rows.filter((r) => r.status === MSG_STATUS_DRAFT).map((r) => r.id);
    const sent = rows.filter((r) => r.status === MSG_STATUS_SENT).map((r) => r.id);
    if (drafts.length > 0) {
      await tx
        .delete(messageRecipients)
        .where(
          and(eq(messageRecipients.tenantId, actor.tenantId), inArray(messageRecipients.messageId, drafts)),
        );
      await tx
        .delete(messages)
        .where(and(eq(messages.tenantId, actor.tenantId), inArray(messages.id, drafts)));
    }
    if (sent.length > 0) {
      await tx
        .update(messages)
        .set({ status: MSG_STATUS_WITHDRAWN, updatedAt: new Date(), updatedBy: actor.userId })
        .where(and(eq(messages.tenantId, actor.tenantId), inArray(messages.id, sent)));
    }
    return { deleted: drafts.length, withdrawn: sent };
  });
  if (result.withdrawn.length > 0)
    await publishMessagesChanged(p, actor.tenantId, { kind: 'left', ids: result.withdrawn });
  return { deleted: result.deleted, withdrawn: result.withdrawn.length };
}

/** Providers of the recipient rows that at least one of their staff has read, per message. */
async function readProviders(db: TDbOrTx, tenantId: string, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: messageRecipients.messageId, n: sql<number>`count(distinct ${users.providerId})` })
    .from(messageRecipients)
    .innerJoin(
      users,
      and(eq(users.tenantId, messageRecipients.tenantId), eq(users.providerId, messageRecipients.target)),
    )
    .innerJoin(
      messageReads,
      and(
        eq(messageReads.tenantId, messageRecipients.tenantId),
        eq(messageReads.messageId, messageRecipients.messageId),
        eq(messageReads.userId, users.id),
      ),
    )
    .where(
      and(
        eq(messageRecipients.tenantId, tenantId),
        inArray(messageRecipients.messageId, ids),
        eq(messageRecipients.kind, 'provider'),
      ),
    )
    .groupBy(messageRecipients.messageId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

function toManageRecord(row: TMessageRow, read: number, now: Date): TMsgManageRecord {
  const sent = row.status !== MSG_STATUS_DRAFT;
  return {
    id: row.id,
    name: row.name,
    nameEn: row.nameEn,
    msgType: row.msgType,
    msgLevel: row.msgLevel,
    status: row.status,
    phase: phaseAt(row, now),
    content: row.content,
    enContent: row.enContent,
    validFrom: sent || row.validTo ? row.validFrom.toISOString() : null,
    validTo: row.validTo?.toISOString() ?? null,
    searchType: row.searchType,
    sender: row.senderName,
    senderEn: row.senderNameEn,
    sentAt: sent ? row.sentAt.toISOString() : null,
    updatedAt: row.updatedAt.toISOString(),
    recipients: row.recipientCount,
    read,
    unread: Math.max(0, row.recipientCount - read),
  };
}

/** The filters of the operator's list as SQL. */
function manageFilter(actor: TActor, f: z.output<typeof ZMsgManagePageBody>): SQL {
  const where: (SQL | undefined)[] = [
    eq(messages.tenantId, actor.tenantId),
    ne(messages.searchType, ''),
    // The actor's data scope (decision 0028): the page, its count and the export alike.
    messageScopeCondition(actor, messages.senderId),
  ];
  if (f.name) {
    const like = `%${escapeLike(f.name)}%`;
    where.push(or(ilike(messages.name, like), ilike(messages.nameEn, like)));
  }
  if (f.sender) {
    const like = `%${escapeLike(f.sender)}%`;
    where.push(or(ilike(messages.senderName, like), ilike(messages.senderNameEn, like)));
  }
  if (f.msgType) where.push(eq(messages.msgType, f.msgType));
  if (f.msgLevel) where.push(eq(messages.msgLevel, f.msgLevel));
  if (f.status) where.push(eq(messages.status, f.status));
  // Valid at some time of the period: starts before its end and ends after its start.
  if (f.periodEnd) {
    where.push(
      lt(messages.validFrom, sql`(${f.periodEnd}::date + 1)::timestamp at time zone ${CHINA_OFFSET}`),
    );
  }
  if (f.periodStart) {
    where.push(
      or(
        isNull(messages.validTo),
        gte(messages.validTo, sql`(${f.periodStart}::date)::timestamp at time zone ${CHINA_OFFSET}`),
      ),
    );
  }
  return and(...where)!;
}

/** POST /msg/msg/page: the tenant's messages of the sending screen, newest change first. */
export async function pageMessages(
  p: TPlatform,
  { actor, filter }: { actor: TActor; filter: z.output<typeof ZMsgManagePageBody> },
): Promise<TMsgManagePage> {
  const where = manageFilter(actor, filter);
  const { current, size } = filter;
  const [rows, totals] = await Promise.all([
    p.db
      .select()
      .from(messages)
      .where(where)
      .orderBy(desc(messages.updatedAt), desc(messages.id))
      .limit(size)
      .offset((current - 1) * size),
    p.db.select({ n: count() }).from(messages).where(where),
  ]);
  const reads = await readProviders(
    p.db,
    actor.tenantId,
    rows.map((r) => r.id),
  );
  const now = new Date();
  return {
    records: rows.map((r) => toManageRecord(r, reads.get(r.id) ?? 0, now)),
    current,
    size,
    total: Number(totals[0]?.n ?? 0),
  };
}

/** The operator's list in keyset batches, for the export. */
export async function* messagesForExport(
  p: TPlatform,
  {
    actor,
    filter,
    batch = 500,
  }: { actor: TActor; filter: z.output<typeof ZMsgManagePageBody>; batch?: number },
): AsyncGenerator<TMsgManageRecord[]> {
  const where = manageFilter(actor, filter);
  let after: { updatedAt: Date; id: string } | null = null;
  const now = new Date();
  for (;;) {
    const keyset: SQL | undefined = after
      ? sql`(${messages.updatedAt}, ${messages.id}) < (${after.updatedAt.toISOString()}::timestamptz, ${after.id}::uuid)`
      : undefined;
    const rows: TMessageRow[] = await p.db
      .select()
      .from(messages)
      .where(and(where, keyset))
      .orderBy(desc(messages.updatedAt), desc(messages.id))
      .limit(batch);
    if (rows.length === 0) return;
    const reads = await readProviders(
      p.db,
      actor.tenantId,
      rows.map((r) => r.id),
    );
    yield rows.map((r) => toManageRecord(r, reads.get(r.id) ?? 0, now));
    const last = rows[rows.length - 1];
    after = { updatedAt: last.updatedAt, id: last.id };
    if (rows.length < batch) return;
  }
}

/** A message as its sender edits it again. */
export async function getForEdit(
  p: TPlatform,
  { actor, id }: { actor: TActor; id: string },
): Promise<TMsgEditView> {
  const row = await findOwn(p.db, actor, id);
  const reads = await readProviders(p.db, actor.tenantId, [id]);
  return { ...toManageRecord(row, reads.get(id) ?? 0, new Date()), ...row.criteria };
}

/** Read statistics of one message: providers addressed, read, unread, and a page by provider. */
export async function messageStats(
  p: TPlatform,
  { actor, id, current, size }: { actor: TActor; id: string; current: number; size: number },
): Promise<TMsgStats> {
  const row = await findOwn(p.db, actor, id);
  const read = (await readProviders(p.db, actor.tenantId, [id])).get(id) ?? 0;
  const page = await query(
    p.db,
    sql`
    select r.target as provider_id, coalesce(pr.provider_cn_name, '') as cn, coalesce(pr.provider_en_name, '') as en,
      (select count(*) from ${messageReads} mr join ${users} u on u.id = mr.user_id and u.tenant_id = mr.tenant_id
        where mr.tenant_id = r.tenant_id and mr.message_id = r.message_id and u.provider_id = r.target)::int as readers,
      (select min(mr.read_at) from ${messageReads} mr join ${users} u on u.id = mr.user_id and u.tenant_id = mr.tenant_id
        where mr.tenant_id = r.tenant_id and mr.message_id = r.message_id and u.provider_id = r.target) as first_read
    from ${messageRecipients} r
    left join ${providers} pr on pr.tenant_id = r.tenant_id and pr.provider_id = r.target
    where r.tenant_id = ${actor.tenantId}::uuid and r.message_id = ${id}::uuid and r.kind = 'provider'
    order by r.target limit ${size} offset ${(current - 1) * size}`,
  );
  const records = page.map((r) => ({
    providerId: String(r.provider_id),
    providerCnName: String(r.cn),
    providerEnName: String(r.en),
    readers: Number(r.readers),
    firstReadAt: r.first_read ? new Date(r.first_read as string).toISOString() : null,
  }));
  return {
    recipients: row.recipientCount,
    read,
    unread: Math.max(0, row.recipientCount - read),
    byProvider: { records, current, size, total: row.recipientCount },
  };
}

/** Exactly what a provider will see: the title and content in each language and the labels. */
export function previewMessage(body: z.output<typeof ZMsgPreviewBody>): TMsgPreview {
  const type = MSG_TYPES[body.msgType as TMsgTypeCode];
  const level = MSG_LEVELS[body.msgLevel as TMsgLevelCode];
  return {
    zh: { title: body.name, content: body.content, typeLabel: type.zh, levelLabel: level.zh },
    en: { title: body.nameEn, content: body.enContent, typeLabel: type.en, levelLabel: level.en },
    msgType: body.msgType,
    msgLevel: body.msgLevel,
    important: body.msgLevel === MSG_LEVEL_URGENT,
  };
}

/**
 * Operator users who can be chosen as persons in charge (search type 03): those named by `ids`
 * (the picker's values), then up to `limit` others whose account or names contain `keyword`, by
 * account. Nothing is cut silently: a caller that wants to know whether more match asks one more.
 */
export async function personsInCharge(
  p: TPlatform,
  {
    actor,
    keyword = '',
    ids = [],
    limit = PERSONS_IN_CHARGE_MAX,
  }: { actor: TActor; keyword?: string; ids?: readonly string[]; limit?: number },
): Promise<TPersonInCharge[]> {
  const operators = sql`u.tenant_id = ${actor.tenantId}::uuid and u.provider_id is null and u.enabled`;
  const chosen =
    ids.length > 0
      ? sql`u.id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`
      : null;
  const like = `%${escapeLike(keyword)}%`;
  const matching = keyword
    ? sql` and (u.account ilike ${like} or u.name ilike ${like} or u.name_en ilike ${like})`
    : sql``;
  const pick = (where: SQL, tail: SQL) =>
    query(
      p.db,
      sql`
      select u.id, u.name, u.name_en, u.account,
        (select count(distinct h.provider_id) from ${hospitalTasks} h
          where h.tenant_id = u.tenant_id and h.person_in_charge = u.name)::int as providers
      from ${users} u
      where ${where}
      order by u.account ${tail}`,
    );
  const [named, found] = await Promise.all([
    chosen ? pick(sql`${operators} and ${chosen}`, sql``) : [],
    pick(sql`${operators}${chosen ? sql` and not ${chosen}` : sql``}${matching}`, sql`limit ${limit}`),
  ]);
  return [...named, ...found].map((r) => ({
    id: String(r.id),
    name: String(r.name),
    nameEn: String(r.name_en ?? ''),
    account: String(r.account),
    providers: Number(r.providers),
  }));
}

/** Providers by name or id (search type 02), at most 50. */
export async function searchProviders(
  p: TPlatform,
  { actor, keyword }: { actor: TActor; keyword: string },
): Promise<{ providerId: string; providerCnName: string; providerEnName: string }[]> {
  return p.db
    .select({
      providerId: providers.providerId,
      providerCnName: providers.providerCnName,
      providerEnName: providers.providerEnName,
    })
    .from(providers)
    .where(and(eq(providers.tenantId, actor.tenantId), eq(providers.status, '01'), providerMatching(keyword)))
    .orderBy(providers.providerId)
    .limit(50);
}

/** Received by a provider: sent, within validity, addressed to it or to all providers. */
function receivedByProvider(tenantId: string, providerId: string, now: Date): SQL {
  return sql`${messages.tenantId} = ${tenantId}::uuid and ${messages.status} = ${MSG_STATUS_SENT}
    and ${messages.validFrom} <= ${now.toISOString()}::timestamptz
    and (${messages.validTo} is null or ${messages.validTo} > ${now.toISOString()}::timestamptz)
    and exists (select 1 from ${messageRecipients} r where r.tenant_id = ${messages.tenantId}
      and r.message_id = ${messages.id}
      and ((r.kind = 'provider' and r.target = ${providerId}) or r.kind = 'allProviders'))`;
}

/** Whether any staff of the provider has read the message. */
const readByProvider = (providerId: string): SQL => sql`exists (select 1 from ${messageReads} mr
  join ${users} u on u.id = mr.user_id and u.tenant_id = mr.tenant_id
  where mr.tenant_id = ${messages.tenantId} and mr.message_id = ${messages.id} and u.provider_id = ${providerId})`;

/**
 * A provider's inbox as operators see it (what `receivedByProvider` means, read from the
 * recipient rows' copies, decision 0032 amendment "messages at scale"): the ranges of the
 * provider and of all providers (not its staff's own 'user' rows), read once any of its staff
 * has read the message.
 */
function providerInbox(tenantId: string, providerId: string): TInboxOwner {
  return {
    tenantId,
    audiences: [
      ['provider', providerId],
      ['allProviders', ''],
    ],
    read: sql`exists (select 1 from ${messageReads} mr join ${users} u on u.id = mr.user_id and u.tenant_id = mr.tenant_id
      where mr.tenant_id = ${tenantId}::uuid and mr.message_id = i.message_id and u.provider_id = ${providerId})`,
  };
}

/**
 * A provider's messages as operators see them (listMsgByProviderId, center/page): read means
 * read by at least one of the provider's staff.
 */
export async function listByProvider(
  p: TPlatform,
  {
    actor,
    providerId,
    code,
    readStatus,
    current,
    size,
  }: {
    actor: TActor;
    providerId: string;
    code?: TMsgCategoryCode;
    readStatus?: 'read' | 'unread';
    current: number;
    size: number;
  },
): Promise<TMsgPage> {
  // A provider outside the operator's data scope shows nothing (decision 0028).
  if (!providerInScope(actor, providerId)) return { records: [], current, size, total: 0 };
  const now = new Date();
  const owner = providerInbox(actor.tenantId, providerId);
  const filter = { code, readStatus, current, size };
  // The page and its total from the provider's inbox ranges; only the page's rows are read from
  // messages, and checked again against the full condition.
  const rows = await p.db
    .select({
      m: messages,
      read: sql<boolean>`${readByProvider(providerId)}`,
      total: sql<string>`page.total`,
    })
    .from(messages)
    .innerJoin(inboxPage(owner, filter, now), sql`page.message_id = ${messages.id}`)
    .where(receivedByProvider(actor.tenantId, providerId, now))
    .orderBy(desc(messages.sentAt), desc(messages.id));
  const total = await pageTotal(p.db, rows, { owner, filter, now });
  return {
    records: rows.map(({ m, read: isRead }) => ({
      id: m.id,
      code: m.code as TMsgCategoryCode,
      msgType: m.msgType as TMsgTypeCode,
      title: m.name,
      titleEn: m.nameEn,
      content: m.content,
      enContent: m.enContent,
      msgLevel: m.msgLevel as TMsgLevelCode,
      read: Boolean(isRead),
      readAt: null,
      createdAt: m.sentAt.toISOString(),
      sender: m.senderName,
      senderEn: m.senderNameEn,
    })),
    current,
    size,
    total,
  };
}

/** collectAll: per provider, the unread counts per code (unread: no staff of it has read it). */
export async function collectAll(
  p: TPlatform,
  { actor, codes, providerIdList }: { actor: TActor; codes: TMsgCategoryCode[]; providerIdList: string[] },
): Promise<(TMsgCollectResult & { providerId: string })[]> {
  const now = new Date();
  const unique = [...new Set(codes)];
  return Promise.all(
    [...new Set(providerIdList)]
      .filter((providerId) => providerInScope(actor, providerId))
      .map(async (providerId) => {
        const byCode = await unreadInboxByCode(p.db, providerInbox(actor.tenantId, providerId), unique, now);
        const statisticsList = unique.map((code) => ({
          categoryId: MSG_CATEGORIES[code].categoryId,
          code,
          label: MSG_CATEGORIES[code].zh,
          labelEn: MSG_CATEGORIES[code].en,
          count: byCode.get(code) ?? 0,
        }));
        return { providerId, count: statisticsList.reduce((s, x) => s + x.count, 0), statisticsList };
      }),
  );
}

/**
 * The job messages.validity: records the start and the expiry of sent messages as they happen
 * and tells the tenants' signed-in users, so a scheduled message appears (and an expired one
 * disappears) without waiting for the 15-second refresh.
 */
export async function recordValidityTransitions(p: TPlatform): Promise<{ started: number; expired: number }> {
  const now = new Date().toISOString();
  // Announced as appeared only when the message became visible now, not already at its last save.
  const started = await query<{ id: string; tenant_id: string; announce: boolean }>(
    p.db,
    sql`update ${messages} set started_at = now()
    where status = ${MSG_STATUS_SENT} and started_at is null and valid_from <= ${now}::timestamptz
    returning id, tenant_id, valid_from > updated_at as announce`,
  );
  const expired = await query<{ id: string; tenant_id: string }>(
    p.db,
    sql`update ${messages} set expired_at = now()
    where status = ${MSG_STATUS_SENT} and expired_at is null and valid_to is not null and valid_to <= ${now}::timestamptz
    returning id, tenant_id`,
  );
  const tenants = new Set([...started, ...expired].map((r) => r.tenant_id));
  for (const tenantId of tenants) {
    const appeared = started.filter((r) => r.tenant_id === tenantId && r.announce).map((r) => r.id);
    const left = expired.filter((r) => r.tenant_id === tenantId).map((r) => r.id);
    if (appeared.length > 0) await publishMessagesChanged(p, tenantId, { kind: 'appeared', ids: appeared });
    if (left.length > 0) await publishMessagesChanged(p, tenantId, { kind: 'left', ids: left });
  }
  return { started: started.length, expired: expired.length };
}
