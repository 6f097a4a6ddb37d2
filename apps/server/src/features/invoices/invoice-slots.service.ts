/**
 * Invoices on approved claim batches (decisions 0044, 0048): the slots opened when a batch is
 * approved, the two tabs, and the upload of one or several invoices that must cover a slot's
 * payable total, to one slot or to several at once.
 */
import { CLAIM_LINE_STATUS } from '@portal/domain/claims/rules';
import type {
  TInvoice,
  TInvoicePage,
  TInvoiceSlot,
  TInvoiceSlotDetail,
  ZInvoicePageBody,
} from '@portal/domain/invoices/calls';
import { INVOICE_TAB, normaliseInvoiceText } from '@portal/domain/invoices/rules';
import { fromCents, isMoney, toCents } from '@portal/domain/members/benefits';
import { and, asc, count, desc, eq, gte, ilike, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { tenants } from '../../platform/tenancy/tenancy.tables.ts';
import { providerScope } from '../appointments/appointments.service.ts';
import { claimLines } from '../claims/claims.tables.ts';
import { providers } from '../hospital-tasks/hospital-tasks.tables.ts';
import { invoiceSlots, invoices } from './invoices.tables.ts';

type TSlotRow = typeof invoiceSlots.$inferSelect;
type TInvoiceRow = typeof invoices.$inferSelect;
type TFilter = z.output<typeof ZInvoicePageBody>['model'];

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Opens the 'to be uploaded' slots of a batch just approved, one per currency of its approved
 * lines, in the approving transaction. The title is the tenant's (the payer of direct billing)
 * when the tenant has a taxpayer number; otherwise it is left to be generated.
 */
export async function openInvoiceSlots(
  tx: TDbOrTx,
  batch: { tenantId: string; id: string; batchNo: string; providerId: string },
  account: string,
) {
  const totals = await tx
    .select({ currency: claimLines.currency, payable: sql<string>`sum(${claimLines.payableAmount})::text` })
    .from(claimLines)
    .where(and(eq(claimLines.batchRef, batch.id), eq(claimLines.status, CLAIM_LINE_STATUS.APPROVED.code)))
    .groupBy(claimLines.currency);
  if (totals.length === 0) return;
  const [tenant] = await tx.select().from(tenants).where(eq(tenants.id, batch.tenantId));
  const taxNo = tenant?.settings.invoiceTitle?.taxNo?.trim();
  const title =
    tenant && taxNo
      ? {
          titleName: tenant.name,
          titleNameEn: tenant.nameEn,
          titleTaxNo: taxNo,
          titleSource: 'tenant',
          titleGeneratedAt: new Date(),
        }
      : {};
  await tx.insert(invoiceSlots).values(
    totals.map((t) => ({
      tenantId: batch.tenantId,
      batchRef: batch.id,
      batchNo: batch.batchNo,
      providerId: batch.providerId,
      currency: t.currency,
      payableAmount: fromCents(toCents(t.payable)),
      ...title,
      createdBy: account,
      updatedBy: account,
    })),
  );
}

/** The actor's slots (provider staff: their provider's), or one of them. */
export function slotWhere(actor: TActor, id?: string): SQL {
  const scope = providerScope(actor);
  return and(
    eq(invoiceSlots.tenantId, actor.tenantId),
    id === undefined ? undefined : eq(invoiceSlots.id, id),
    scope === null ? undefined : eq(invoiceSlots.providerId, scope),
  ) as SQL;
}

/** The sum of a slot's invoices (table-qualified: the subquery has an id of its own). */
const invoicedColumn = sql<string>`coalesce((select sum(i.amount) from invoices i where i.slot_ref = ${sql.raw('"invoice_slots"."id"')}), 0)::text`;
const slotColumns = {
  row: invoiceSlots,
  invoiced: invoicedColumn,
  providerCnName: sql<string>`coalesce(${providers.providerCnName}, '')`,
  providerEnName: sql<string>`coalesce(${providers.providerEnName}, '')`,
};
const withProvider = and(
  eq(providers.tenantId, invoiceSlots.tenantId),
  eq(providers.providerId, invoiceSlots.providerId),
);
type TSlotRead = { row: TSlotRow; invoiced: string; providerCnName: string; providerEnName: string };

function toSlot({ row, invoiced, providerCnName, providerEnName }: TSlotRead): TInvoiceSlot {
  return {
    id: row.id,
    version: row.version,
    batchId: row.batchRef,
    batchNo: row.batchNo,
    providerId: row.providerId,
    providerCnName,
    providerEnName,
    currency: row.currency,
    payableAmount: row.payableAmount,
    invoicedAmount: fromCents(toCents(invoiced)),
    status: row.status as TInvoiceSlot['status'],
    title:
      row.titleTaxNo === null
        ? null
        : {
            name: row.titleName ?? '',
            nameEn: row.titleNameEn ?? '',
            taxNo: row.titleTaxNo,
            source: row.titleSource ?? '',
          },
    approvedAt: row.createdAt.toISOString(),
    uploadedAt: row.uploadedAt?.toISOString() ?? null,
  };
}

/** The start of a China day ('YYYY-MM-DD') as an instant; `after` moves to the next day's. */
const chinaDayStart = (day: string, after = false) =>
  new Date(new Date(`${day}T00:00:00+08:00`).getTime() + (after ? 86_400_000 : 0));

/** Every filter of the list but the tab (the tab counts share them). */
function filterWhere(actor: TActor, model: TFilter): SQL {
  const like = (value: string) => `%${escapeLike(value)}%`;
  return and(
    slotWhere(actor),
    model.batchNo ? ilike(invoiceSlots.batchNo, like(model.batchNo)) : undefined,
    model.batchId ? eq(invoiceSlots.batchRef, model.batchId) : undefined,
    model.currency ? eq(invoiceSlots.currency, model.currency) : undefined,
    model.provider
      ? or(
          eq(invoiceSlots.providerId, model.provider),
          ilike(providers.providerCnName, like(model.provider)),
          ilike(providers.providerEnName, like(model.provider)),
        )
      : undefined,
    model.approvedFrom ? gte(invoiceSlots.createdAt, chinaDayStart(model.approvedFrom)) : undefined,
    model.approvedTo ? lt(invoiceSlots.createdAt, chinaDayStart(model.approvedTo, true)) : undefined,
    model.titleMissing ? isNull(invoiceSlots.titleTaxNo) : undefined,
  ) as SQL;
}

/**
 * A page of one tab: the actor's provider's slots (operators: every slot), newest first, with
 * how many slots each tab holds under the same filter.
 */
export async function listSlots(
  p: TPlatform,
  { actor, body }: { actor: TActor; body: z.output<typeof ZInvoicePageBody> },
): Promise<TInvoicePage> {
  const { current, size, model } = body;
  const filtered = filterWhere(actor, model);
  const [rows, tabs] = await Promise.all([
    p.db
      .select(slotColumns)
      .from(invoiceSlots)
      .leftJoin(providers, withProvider)
      .where(and(filtered, eq(invoiceSlots.status, model.tab)))
      .orderBy(desc(invoiceSlots.createdAt), desc(invoiceSlots.id))
      .limit(size)
      .offset((current - 1) * size),
    p.db
      .select({ status: invoiceSlots.status, n: count() })
      .from(invoiceSlots)
      .leftJoin(providers, withProvider)
      .where(filtered)
      .groupBy(invoiceSlots.status),
  ]);
  const counts = {
    '1': tabs.find((t) => t.status === INVOICE_TAB.to_be_upload.code)?.n ?? 0,
    '2': tabs.find((t) => t.status === INVOICE_TAB.uploaded.code)?.n ?? 0,
  };
  return { records: rows.map(toSlot), total: counts[model.tab], current, size, counts };
}

/** What recognition read, when the invoice was confirmed from it (the web sends what it was shown). */
function recognitionOf(row: TInvoiceRow): TInvoice['recognition'] {
  const r = row.recognition as Record<string, unknown> | null;
  if (!r || (r.source !== 'pdf-text' && r.source !== 'ocr')) return null;
  if (typeof r.invoiceNo !== 'string' || typeof r.amount !== 'string' || !isMoney(r.amount)) return null;
  const plain = (no: string) => normaliseInvoiceText(no).replace(/-/g, '');
  return {
    source: r.source,
    invoiceNo: r.invoiceNo,
    amount: fromCents(toCents(r.amount)),
    corrected: plain(r.invoiceNo) !== plain(row.invoiceNo) || toCents(r.amount) !== toCents(row.amount),
  };
}

/** One slot with its invoices. */
export async function slotDetail(
  p: TPlatform,
  { actor, id }: { actor: TActor; id: string },
): Promise<TInvoiceSlotDetail> {
  const [found] = await p.db
    .select(slotColumns)
    .from(invoiceSlots)
    .leftJoin(providers, withProvider)
    .where(slotWhere(actor, id));
  if (!found) throw new AppError('INVOICE_SLOT_NOT_FOUND');
  const rows = await p.db
    .select()
    .from(invoices)
    .where(eq(invoices.slotRef, id))
    .orderBy(asc(invoices.createdAt), asc(invoices.id));
  return {
    ...toSlot(found),
    invoices: rows.map((r) => ({
      id: r.id,
      invoiceNo: r.invoiceNo,
      invoiceCode: r.invoiceCode,
      amount: r.amount,
      currency: r.currency,
      fileId: r.fileId,
      uploadedAt: r.createdAt.toISOString(),
      uploadedBy: r.createdBy ?? '',
      recognition: recognitionOf(r),
    })),
  };
}

/** Whether the actor may see a slot (its files follow it: decision 0048). */
export async function slotVisible(p: TPlatform, { actor, id }: { actor: TActor; id: string }) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return false;
  const rows = await p.db.select({ id: invoiceSlots.id }).from(invoiceSlots).where(slotWhere(actor, id));
  return rows.length > 0;
}
