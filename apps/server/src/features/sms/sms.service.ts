/**
 * SMS sending (decision 0034): an operator's template and recipients become one batch and one
 * outbox row per recipient, in one transaction with its operation-log row. The dispatch job
 * (sms.outbox.ts) delivers them; the lists read their status.
 */
import { ERRORS, formatMessage } from '@portal/domain/errors/catalogue';
import { parseBilingual } from '@portal/domain/i18n/bilingual';
import {
  parsePhoneList,
  renderSms,
  SMS_MAX_CHARS,
  SMS_MAX_RECIPIENTS,
  SMS_NO_RECIPIENTS_MESSAGE,
  smsSegments,
  type TSmsBatch,
  type TSmsBatchPage,
  type TSmsDelivery,
  type TSmsPreview,
  type TSmsPreviewRecipient,
  type TSmsProviderOption,
  type TSmsRecipientPage,
  type TSmsRecipientValues,
  type TSmsStatus,
  tooManyRecipientsMessage,
  type ZSmsDraft,
  type ZSmsSend,
} from '@portal/domain/sms/rules';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { writeOperationLog } from '../../platform/audit-log/audit-log.service.ts';
import type { TActor } from '../../platform/auth/access.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { providers } from '../hospital-tasks/hospital-tasks.tables.ts';
import { providerMatching } from '../hospital-tasks/providers.match.ts';
import { smsBatches, smsOutbox } from './sms.tables.ts';

type TDraft = z.output<typeof ZSmsDraft>;

const field = (name: string, message: string) => {
  const pair = parseBilingual(message);
  return { [name]: { msg: pair.zh, msg_en: pair.en } };
};

interface TResolved {
  phone: string;
  name: string;
  providerId: string;
  providerName: string;
}

/** The mobile numbers among a provider's contacts, each with the contact's name. */
function providerMobiles(contacts: { name?: string; tel?: string }[]): { phone: string; name: string }[] {
  const out: { phone: string; name: string }[] = [];
  for (const contact of contacts) {
    for (const phone of parsePhoneList(contact.tel ?? '').phones)
      out.push({ phone, name: contact.name ?? '' });
  }
  return out;
}

/**
 * The recipients of a draft: typed numbers first, then the chosen providers' mobile contacts,
 * each number once, with its filled text. Throws the field errors a form shows.
 */
async function resolveDraft(
  p: TPlatform,
  tenantId: string,
  draft: TDraft,
): Promise<{ recipients: TSmsPreviewRecipient[]; duplicates: number; providersWithoutMobile: string[] }> {
  const typed = parsePhoneList(draft.phones);
  const seen = new Set<string>();
  const resolved: TResolved[] = [];
  let duplicates = typed.duplicates;
  for (const phone of typed.phones) {
    seen.add(phone);
    resolved.push({ phone, name: '', providerId: '', providerName: '' });
  }
  const providersWithoutMobile: string[] = [];
  const ids = [...new Set(draft.providerIds)];
  if (ids.length > 0) {
    const rows = await p.db
      .select({
        providerId: providers.providerId,
        cn: providers.providerCnName,
        en: providers.providerEnName,
        contacts: providers.contacts,
      })
      .from(providers)
      .where(and(eq(providers.tenantId, tenantId), inArray(providers.providerId, ids)));
    const byId = new Map(rows.map((r) => [r.providerId, r]));
    const unknown = ids.filter((id) => !byId.has(id));
    if (unknown.length > 0) {
      throw new AppError('USER_PROVIDER_UNKNOWN', {
        params: { providerId: unknown.join(', ') },
        data: {
          fieldErrors: field(
            'providerIds',
            JSON.stringify({
              zh: formatMessage(ERRORS.USER_PROVIDER_UNKNOWN.zh, { providerId: unknown.join(', ') }),
              en: formatMessage(ERRORS.USER_PROVIDER_UNKNOWN.en, { providerId: unknown.join(', ') }),
            }),
          ),
        },
      });
    }
    for (const id of ids) {
      const row = byId.get(id);
      if (!row) continue;
      const mobiles = providerMobiles(row.contacts);
      if (mobiles.length === 0) providersWithoutMobile.push(id);
      for (const m of mobiles) {
        if (seen.has(m.phone)) {
          duplicates += 1;
          continue;
        }
        seen.add(m.phone);
        resolved.push({ phone: m.phone, name: m.name, providerId: id, providerName: row.cn || row.en });
      }
    }
  }
  if (resolved.length === 0) {
    const message = parseBilingual(SMS_NO_RECIPIENTS_MESSAGE);
    throw new AppError('SMS_REQUIRED', {
      zh: message.zh,
      en: message.en,
      data: { fieldErrors: field('phones', SMS_NO_RECIPIENTS_MESSAGE) },
    });
  }
  if (resolved.length > SMS_MAX_RECIPIENTS) {
    const message = parseBilingual(tooManyRecipientsMessage());
    throw new AppError('VALIDATION', {
      zh: message.zh,
      en: message.en,
      data: { fieldErrors: field('phones', tooManyRecipientsMessage()) },
    });
  }
  const signName = p.config.sms.signName;
  const recipients = resolved.map((r) => {
    const values: TSmsRecipientValues = {
      phone: r.phone,
      name: r.name,
      provider: r.providerName,
      providerId: r.providerId,
    };
    const { text, missing } = renderSms(draft.content, values);
    if (missing.length > 0) {
      const params = { phone: r.phone, variables: missing.map((m) => `#${m}#`).join(', ') };
      throw new AppError('SMS_VARIABLE_MISSING', {
        params,
        data: {
          fieldErrors: {
            content: {
              msg: formatMessage(ERRORS.SMS_VARIABLE_MISSING.zh, params),
              msg_en: formatMessage(ERRORS.SMS_VARIABLE_MISSING.en, params),
            },
          },
        },
      });
    }
    if ([...text].length > SMS_MAX_CHARS) {
      const params = { phone: r.phone };
      throw new AppError('SMS_RENDERED_TOO_LONG', {
        params,
        data: {
          fieldErrors: {
            content: {
              msg: formatMessage(ERRORS.SMS_RENDERED_TOO_LONG.zh, params),
              msg_en: formatMessage(ERRORS.SMS_RENDERED_TOO_LONG.en, params),
            },
          },
        },
      });
    }
    return { ...r, text, segments: smsSegments(text, signName).segments };
  });
  return { recipients, duplicates, providersWithoutMobile };
}

/** What a send would do: every recipient with their text and segments (nothing is saved). */
export async function previewSms(
  p: TPlatform,
  { actor, ...draft }: { actor: TActor } & TDraft,
): Promise<TSmsPreview> {
  const resolved = await resolveDraft(p, actor.tenantId, draft);
  return { ...resolved, segments: resolved.recipients.reduce((n, r) => n + r.segments, 0) };
}

/**
 * Saves a batch and its outbox rows (pending, due now) with the operation-log row, all or
 * nothing. The same requestKey again answers the batch already saved and adds nothing.
 */
export async function sendSms(
  p: TPlatform,
  {
    actor,
    requestId,
    requestKey,
    ...draft
  }: { actor: TActor; requestId: string } & z.output<typeof ZSmsSend>,
): Promise<TSmsBatch> {
  if (p.config.sms.adapter === 'disabled') throw new AppError('SMS_NOT_CONFIGURED');
  const { tenantId } = actor;
  const existing = await findBatchByKey(p, tenantId, requestKey);
  if (existing) return existing;
  const { recipients } = await resolveDraft(p, tenantId, draft);
  const batchId = await p.db.transaction(async (tx) => {
    const [batch] = await tx
      .insert(smsBatches)
      .values({
        tenantId,
        content: draft.content,
        requestKey,
        senderId: actor.userId,
        senderAccount: actor.account,
        senderName: actor.name,
        senderNameEn: actor.nameEn,
        total: recipients.length,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .onConflictDoNothing({ target: [smsBatches.tenantId, smsBatches.requestKey] })
      .returning({ id: smsBatches.id });
    // A concurrent request with the same key won: it saved the rows.
    if (!batch) return null;
    await tx.insert(smsOutbox).values(
      recipients.map((r) => ({
        tenantId,
        batchId: batch.id,
        phone: r.phone,
        recipientName: r.name.slice(0, 100),
        providerId: r.providerId,
        body: r.text,
        createdBy: actor.userId,
      })),
    );
    await writeOperationLog(tx, {
      tenantId,
      userId: actor.userId,
      account: actor.account,
      action: 'create',
      targetTable: 'sms_batches',
      targetId: batch.id,
      after: { content: draft.content, recipients: recipients.length, providerIds: draft.providerIds },
      requestId,
    });
    return batch.id;
  });
  const saved = batchId
    ? await getBatch(p, tenantId, batchId)
    : await findBatchByKey(p, tenantId, requestKey);
  if (!saved) throw new AppError('NOT_FOUND');
  return saved;
}

const countOf = (status: TSmsStatus) =>
  // Qualified by hand: drizzle writes a one-table select's columns without their table.
  sql<number>`(select count(*)::int from sms_outbox o where o.batch_id = sms_batches.id and o.tenant_id = sms_batches.tenant_id and o.status = ${status})`;

const deliveryCountOf = (delivery: TSmsDelivery) =>
  sql<number>`(select count(*)::int from sms_outbox o where o.batch_id = sms_batches.id and o.tenant_id = sms_batches.tenant_id and o.delivery = ${delivery})`;

const batchColumns = {
  id: smsBatches.id,
  content: smsBatches.content,
  senderAccount: smsBatches.senderAccount,
  senderName: smsBatches.senderName,
  senderNameEn: smsBatches.senderNameEn,
  createdAt: smsBatches.createdAt,
  total: smsBatches.total,
  pending: countOf('pending'),
  sending: countOf('sending'),
  sent: countOf('sent'),
  failed: countOf('failed'),
  delivered: deliveryCountOf('delivered'),
  undelivered: deliveryCountOf('undelivered'),
};

type TBatchRow = Omit<TSmsBatch, 'createdAt'> & { createdAt: Date };
const toBatch = (r: TBatchRow): TSmsBatch => ({
  ...r,
  pending: Number(r.pending),
  sending: Number(r.sending),
  sent: Number(r.sent),
  failed: Number(r.failed),
  delivered: Number(r.delivered),
  undelivered: Number(r.undelivered),
  createdAt: r.createdAt.toISOString(),
});

async function getBatch(p: TPlatform, tenantId: string, id: string): Promise<TSmsBatch | null> {
  const rows = await p.db
    .select(batchColumns)
    .from(smsBatches)
    .where(and(eq(smsBatches.tenantId, tenantId), eq(smsBatches.id, id)));
  return rows[0] ? toBatch(rows[0]) : null;
}

async function findBatchByKey(p: TPlatform, tenantId: string, requestKey: string): Promise<TSmsBatch | null> {
  const rows = await p.db
    .select(batchColumns)
    .from(smsBatches)
    .where(and(eq(smsBatches.tenantId, tenantId), eq(smsBatches.requestKey, requestKey)));
  return rows[0] ? toBatch(rows[0]) : null;
}

/** The tenant's batches, newest first, with their recipients' counts per status. */
export async function pageSmsBatches(
  p: TPlatform,
  { actor, current, size }: { actor: TActor; current: number; size: number },
): Promise<TSmsBatchPage> {
  const where = eq(smsBatches.tenantId, actor.tenantId);
  const [rows, totals] = await Promise.all([
    p.db
      .select(batchColumns)
      .from(smsBatches)
      .where(where)
      .orderBy(desc(smsBatches.createdAt), desc(smsBatches.id))
      .limit(size)
      .offset((current - 1) * size),
    p.db.select({ n: count() }).from(smsBatches).where(where),
  ]);
  return { records: rows.map(toBatch), current, size, total: Number(totals[0]?.n ?? 0) };
}

/** One batch's recipients with their delivery status; 404 for a batch of another tenant. */
export async function pageSmsRecipients(
  p: TPlatform,
  { actor, batchId, current, size }: { actor: TActor; batchId: string; current: number; size: number },
): Promise<TSmsRecipientPage> {
  const { tenantId } = actor;
  if (!(await getBatch(p, tenantId, batchId))) throw new AppError('NOT_FOUND');
  const where = and(eq(smsOutbox.tenantId, tenantId), eq(smsOutbox.batchId, batchId));
  const [rows, totals] = await Promise.all([
    p.db
      .select()
      .from(smsOutbox)
      .where(where)
      .orderBy(asc(smsOutbox.phone))
      .limit(size)
      .offset((current - 1) * size),
    p.db.select({ n: count() }).from(smsOutbox).where(where),
  ]);
  return {
    records: rows.map((r) => ({
      id: r.id,
      phone: r.phone,
      name: r.recipientName,
      providerId: r.providerId,
      text: r.body,
      status: r.status as TSmsStatus,
      attempts: r.attempts,
      nextAttemptAt: r.status === 'pending' ? r.nextAttemptAt.toISOString() : null,
      sentAt: r.sentAt?.toISOString() ?? null,
      providerMessageId: r.providerMessageId,
      error: r.error,
      delivery: r.delivery as TSmsDelivery,
      deliveryReason: r.deliveryReason,
      deliveredAt: r.deliveredAt?.toISOString() ?? null,
    })),
    current,
    size,
    total: Number(totals[0]?.n ?? 0),
  };
}

/** Providers of the tenant matching a keyword (id or name), with how many mobile contacts they have. */
export async function searchSmsProviders(
  p: TPlatform,
  { actor, keyword }: { actor: TActor; keyword: string },
): Promise<TSmsProviderOption[]> {
  const rows = await p.db
    .select({
      providerId: providers.providerId,
      providerCnName: providers.providerCnName,
      providerEnName: providers.providerEnName,
      contacts: providers.contacts,
    })
    .from(providers)
    .where(and(eq(providers.tenantId, actor.tenantId), providerMatching(keyword)))
    .orderBy(asc(providers.providerId))
    .limit(20);
  return rows.map(({ contacts, ...r }) => ({ ...r, mobiles: providerMobiles(contacts).length }));
}
