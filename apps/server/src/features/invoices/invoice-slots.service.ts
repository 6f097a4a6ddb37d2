/**
 * Invoices on approved claim batches (decision 0044): the slots opened when a batch is approved,
 * the two tabs, and the upload of one or several invoices that must cover a slot's payable total.
 */
import { CLAIM_LINE_STATUS } from '@portal/domain/claims/rules';
import type {
  TInvoicePage,
  TInvoiceSlot,
  TInvoiceSlotDetail,
  ZInvoicePageBody,
  ZInvoiceUpload,
} from '@portal/domain/invoices/calls';
import {
  amountsCover,
  INVOICE_TAB,
  parseInvoiceNumber,
  repeatedInvoiceKeys,
  type TInvoiceNumber,
} from '@portal/domain/invoices/rules';
import { fromCents, toCents } from '@portal/domain/members/benefits';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { tenants } from '../../platform/tenancy/tenancy.tables.ts';
import { providerScope } from '../appointments/appointments.service.ts';
import { claimLines } from '../claims/claims.tables.ts';
import { isProviderStaff } from '../provider-accounts/provider-accounts.access.ts';
import { checkedInvoiceFile } from './invoices.service.ts';
import { invoiceSlots, invoices } from './invoices.tables.ts';

type TSlotRow = typeof invoiceSlots.$inferSelect;
type TInvoiceInput = z.output<typeof ZInvoiceUpload>['invoices'][number];

const UNIQUE_VIOLATION = '23505';
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

function slotWhere(actor: TActor, id?: string): SQL {
  const scope = providerScope(actor);
  return and(
    eq(invoiceSlots.tenantId, actor.tenantId),
    id === undefined ? undefined : eq(invoiceSlots.id, id),
    scope === null ? undefined : eq(invoiceSlots.providerId, scope),
  ) as SQL;
}

/** The sum of a slot's invoices (table-qualified: the subquery has an id of its own). */
const invoicedColumn = sql<string>`coalesce((select sum(i.amount) from invoices i where i.slot_ref = ${sql.raw('"invoice_slots"."id"')}), 0)::text`;

function toSlot(row: TSlotRow, invoiced: string): TInvoiceSlot {
  return {
    id: row.id,
    version: row.version,
    batchId: row.batchRef,
    batchNo: row.batchNo,
    providerId: row.providerId,
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

/** A page of one tab: the actor's provider's slots (operators: every slot), newest first. */
export async function listSlots(
  p: TPlatform,
  { actor, body }: { actor: TActor; body: z.output<typeof ZInvoicePageBody> },
): Promise<TInvoicePage> {
  const { current, size, model } = body;
  const where = and(
    slotWhere(actor),
    eq(invoiceSlots.status, model.tab),
    model.batchNo ? ilike(invoiceSlots.batchNo, `%${escapeLike(model.batchNo)}%`) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    p.db
      .select({ row: invoiceSlots, invoiced: invoicedColumn })
      .from(invoiceSlots)
      .where(where)
      .orderBy(desc(invoiceSlots.createdAt), desc(invoiceSlots.id))
      .limit(size)
      .offset((current - 1) * size),
    p.db.select({ total: count() }).from(invoiceSlots).where(where),
  ]);
  return { records: rows.map((r) => toSlot(r.row, r.invoiced)), total, current, size };
}

/** One slot with its invoices. */
export async function slotDetail(
  p: TPlatform,
  { actor, id }: { actor: TActor; id: string },
): Promise<TInvoiceSlotDetail> {
  const [found] = await p.db
    .select({ row: invoiceSlots, invoiced: invoicedColumn })
    .from(invoiceSlots)
    .where(slotWhere(actor, id));
  if (!found) throw new AppError('INVOICE_SLOT_NOT_FOUND');
  const rows = await p.db
    .select()
    .from(invoices)
    .where(eq(invoices.slotRef, id))
    .orderBy(asc(invoices.createdAt), asc(invoices.id));
  return {
    ...toSlot(found.row, found.invoiced),
    invoices: rows.map((r) => ({
      id: r.id,
      invoiceNo: r.invoiceNo,
      invoiceCode: r.invoiceCode,
      amount: r.amount,
      currency: r.currency,
      fileId: r.fileId,
      uploadedAt: r.createdAt.toISOString(),
    })),
  };
}

/** The numbers of the upload, valid and not repeated within it. */
function parsedNumbers(inputs: readonly TInvoiceInput[]): TInvoiceNumber[] {
  const numbers = inputs.map((input) => {
    const parsed = parseInvoiceNumber(input);
    if (!parsed) throw new AppError('INVOICE_NUMBER_INVALID');
    return parsed;
  });
  const [repeated] = repeatedInvoiceKeys(numbers);
  if (repeated) {
    const invoiceNo = numbers.find((n) => n.key === repeated)?.invoiceNo ?? repeated;
    throw new AppError('INVOICE_NUMBER_DUPLICATE', { params: { invoiceNo } });
  }
  if (new Set(inputs.map((i) => i.fileId)).size !== inputs.length) throw new AppError('INVOICE_FILE_REUSED');
  return numbers;
}

async function lockSlot(tx: TDbOrTx, actor: TActor, id: string, version: number): Promise<TSlotRow> {
  const [slot] = await tx.select().from(invoiceSlots).where(slotWhere(actor, id)).for('update');
  if (!slot) throw new AppError('INVOICE_SLOT_NOT_FOUND');
  if (slot.version !== version) throw new AppError('BATCH_STATUS_CHANGED');
  if (slot.status !== INVOICE_TAB.to_be_upload.code)
    throw new AppError('INVOICE_ALREADY_UPLOADED', { params: { batchNo: slot.batchNo } });
  if (slot.titleTaxNo === null) throw new AppError('INVOICE_TITLE_NOT_GENERATED');
  return slot;
}

async function assertUnused(tx: TDbOrTx, tenantId: string, numbers: TInvoiceNumber[], fileIds: string[]) {
  const taken = await tx
    .select({ invoiceNo: invoices.invoiceNo, fileId: invoices.fileId, invoiceKey: invoices.invoiceKey })
    .from(invoices)
    .where(
      and(
        eq(invoices.tenantId, tenantId),
        or(
          inArray(
            invoices.invoiceKey,
            numbers.map((n) => n.key),
          ),
          inArray(invoices.fileId, fileIds),
        ),
      ),
    );
  const repeated = taken.find((t) => numbers.some((n) => n.key === t.invoiceKey));
  if (repeated) throw new AppError('INVOICE_NUMBER_DUPLICATE', { params: { invoiceNo: repeated.invoiceNo } });
  if (taken.length > 0) throw new AppError('INVOICE_FILE_REUSED');
}

async function assertCovers(tx: TDbOrTx, slot: TSlotRow, inputs: readonly TInvoiceInput[]) {
  const earlier = await tx
    .select({ amount: invoices.amount, currency: invoices.currency })
    .from(invoices)
    .where(eq(invoices.slotRef, slot.id));
  const [shortfall] = amountsCover({
    invoices: [...earlier, ...inputs.map((i) => ({ amount: i.amount, currency: i.currency }))],
    claims: [{ amount: slot.payableAmount, currency: slot.currency }],
  });
  if (shortfall) throw new AppError('INVOICE_AMOUNT_INSUFFICIENT', { params: { ...shortfall } });
}

/** A concurrent upload took the number or the file between the check and the insert. */
function uniqueViolation(error: unknown, numbers: TInvoiceNumber[]): AppError | null {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pg = e.cause ?? e;
  if (pg.code !== UNIQUE_VIOLATION) return null;
  if (pg.constraint === 'invoices_file_uq') return new AppError('INVOICE_FILE_REUSED');
  return new AppError('INVOICE_NUMBER_DUPLICATE', { params: { invoiceNo: numbers[0].invoiceNo } });
}

/**
 * Uploads one or several invoices for a slot in one transaction: each file checked from its
 * bytes, numbers valid and never uploaded before in the tenant, the slot's currency, and
 * together they cover the payable total; the slot then moves to uploaded.
 */
export async function uploadInvoices(
  p: TPlatform,
  { actor, id, input }: { actor: TActor; id: string; input: z.output<typeof ZInvoiceUpload> },
): Promise<TInvoiceSlotDetail> {
  if (!isProviderStaff(actor)) throw new AppError('NO_PERMISSION');
  const numbers = parsedNumbers(input.invoices);
  const [visible] = await p.db.select({ id: invoiceSlots.id }).from(invoiceSlots).where(slotWhere(actor, id));
  if (!visible) throw new AppError('INVOICE_SLOT_NOT_FOUND');
  for (const invoice of input.invoices) await checkedInvoiceFile(p, actor, invoice.fileId);
  try {
    await p.db.transaction(async (tx) => {
      const slot = await lockSlot(tx, actor, id, input.version);
      const other = input.invoices.find((i) => i.currency !== slot.currency);
      if (other)
        throw new AppError('INVOICE_CURRENCY_MISMATCH', {
          params: { currency: other.currency, payableCurrency: slot.currency },
        });
      await assertUnused(
        tx,
        actor.tenantId,
        numbers,
        input.invoices.map((i) => i.fileId),
      );
      await assertCovers(tx, slot, input.invoices);
      await tx.insert(invoices).values(
        input.invoices.map((invoice, i) => ({
          tenantId: actor.tenantId,
          slotRef: slot.id,
          providerId: slot.providerId,
          invoiceNo: numbers[i].invoiceNo,
          invoiceCode: numbers[i].invoiceCode,
          invoiceKey: numbers[i].key,
          amount: fromCents(toCents(invoice.amount)),
          currency: invoice.currency,
          fileId: invoice.fileId,
          recognition: invoice.recognition ?? null,
          uploadedBy: actor.userId,
          createdBy: actor.account,
          updatedBy: actor.account,
        })),
      );
      await tx
        .update(invoiceSlots)
        .set({
          status: INVOICE_TAB.uploaded.code,
          uploadedAt: new Date(),
          version: slot.version + 1,
          updatedAt: new Date(),
          updatedBy: actor.account,
        })
        .where(eq(invoiceSlots.id, slot.id));
    });
  } catch (error) {
    throw uniqueViolation(error, numbers) ?? error;
  }
  return slotDetail(p, { actor, id });
}
