/**
 * The upload of invoices to approved claim batches (decisions 0044, 0048): to one slot, or to
 * several at once, all saved in one transaction or none.
 */
import { ERRORS, type TErrorKey } from '@portal/domain/errors/catalogue';
import type {
  TInvoiceBatchUploadResult,
  TInvoiceSlotDetail,
  ZInvoiceBatchUpload,
  ZInvoiceUpload,
} from '@portal/domain/invoices/calls';
import {
  amountsCover,
  INVOICE_BIZ_TYPE,
  INVOICE_TAB,
  parseInvoiceNumber,
  repeatedInvoiceKeys,
  type TInvoiceNumber,
} from '@portal/domain/invoices/rules';
import { fromCents, toCents } from '@portal/domain/members/benefits';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { attachFiles } from '../files/files.service.ts';
import { isProviderStaff } from '../provider-accounts/provider-accounts.access.ts';
import { slotDetail, slotWhere } from './invoice-slots.service.ts';
import { checkedInvoiceFile } from './invoices.service.ts';
import { invoiceSlots, invoices } from './invoices.tables.ts';

type TSlotRow = typeof invoiceSlots.$inferSelect;
type TInvoiceInput = z.output<typeof ZInvoiceUpload>['invoices'][number];
/** One slot of an upload: its id, the version read and its invoices. */
type TSlotUpload = z.output<typeof ZInvoiceBatchUpload>['slots'][number];

const UNIQUE_VIOLATION = '23505';

/** A slot's failure in a batch upload names the batch, and the slot travels in data. */
function forSlot(error: unknown, slot: { id: string; batchNo: string }): unknown {
  if (!(error instanceof AppError)) return error;
  const key = (Object.keys(ERRORS) as TErrorKey[]).find((k) => ERRORS[k] === error.entry);
  if (!key) return error;
  const data = typeof error.data === 'object' && error.data !== null ? error.data : {};
  return new AppError(key, {
    zh: `批次 ${slot.batchNo}：${error.msgZh}`,
    en: `Batch ${slot.batchNo}: ${error.msgEn}`,
    data: { ...data, slotId: slot.id, batchNo: slot.batchNo },
  });
}

/** Runs a check of one slot; in a batch upload its failure names the slot. */
async function ofSlot<T>(
  slot: { id: string; batchNo: string },
  batch: boolean,
  check: () => T | Promise<T>,
): Promise<T> {
  try {
    return await check();
  } catch (error) {
    throw batch ? forSlot(error, slot) : error;
  }
}

/** The numbers of one slot's invoices, each of a valid shape. */
function parsedNumbers(inputs: readonly TInvoiceInput[]): TInvoiceNumber[] {
  return inputs.map((input) => {
    const parsed = parseInvoiceNumber(input);
    if (!parsed) throw new AppError('INVOICE_NUMBER_INVALID');
    return parsed;
  });
}

/** A number or a file that appears twice in the whole upload. */
function assertNoRepeats(numbers: readonly TInvoiceNumber[], fileIds: readonly string[]) {
  const [repeated] = repeatedInvoiceKeys(numbers);
  if (repeated) {
    const invoiceNo = numbers.find((n) => n.key === repeated)?.invoiceNo ?? repeated;
    throw new AppError('INVOICE_NUMBER_DUPLICATE', { params: { invoiceNo } });
  }
  if (new Set(fileIds).size !== fileIds.length) throw new AppError('INVOICE_FILE_REUSED');
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

/** The numbers and files already taken in the tenant, with the slot of the upload that names them. */
async function takenBefore(
  tx: TDbOrTx,
  tenantId: string,
  numbers: readonly TInvoiceNumber[],
  fileIds: readonly string[],
) {
  return tx
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
          inArray(invoices.fileId, [...fileIds]),
        ),
      ),
    );
}

function assertUnused(
  taken: Awaited<ReturnType<typeof takenBefore>>,
  numbers: readonly TInvoiceNumber[],
  fileIds: readonly string[],
) {
  const repeated = taken.find((t) => numbers.some((n) => n.key === t.invoiceKey));
  if (repeated) throw new AppError('INVOICE_NUMBER_DUPLICATE', { params: { invoiceNo: repeated.invoiceNo } });
  if (taken.some((t) => fileIds.includes(t.fileId))) throw new AppError('INVOICE_FILE_REUSED');
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
 * Uploads the invoices of one or several slots in one transaction: each slot visible, each file
 * checked from its bytes, numbers valid and never uploaded before in the tenant nor twice in the
 * upload, each slot's currency, and each slot's invoices cover its payable total; every slot then
 * moves to uploaded. Nothing is saved when any check fails; in a batch upload the error names the
 * batch (`data.slotId`, `data.batchNo`).
 */
async function uploadToSlots(p: TPlatform, actor: TActor, items: readonly TSlotUpload[], batch: boolean) {
  if (!isProviderStaff(actor)) throw new AppError('NO_PERMISSION');
  if (new Set(items.map((i) => i.id)).size !== items.length) throw new AppError('INVOICE_SLOT_REPEATED');
  const visible = await p.db
    .select({ id: invoiceSlots.id, batchNo: invoiceSlots.batchNo })
    .from(invoiceSlots)
    .where(
      and(
        slotWhere(actor),
        inArray(
          invoiceSlots.id,
          items.map((i) => i.id),
        ),
      ),
    );
  const slots = items.map((item) => {
    const found = visible.find((v) => v.id === item.id);
    if (!found) {
      throw new AppError('INVOICE_SLOT_NOT_FOUND', { data: batch ? { slotId: item.id } : null });
    }
    return { ...item, batchNo: found.batchNo };
  });
  const numbers: TInvoiceNumber[][] = [];
  for (const slot of slots) numbers.push(await ofSlot(slot, batch, () => parsedNumbers(slot.invoices)));
  // Repeats within the upload, named by the slot where a number or a file appears the second time.
  for (let i = 0; i < slots.length; i++) {
    await ofSlot(slots[i], batch, () =>
      assertNoRepeats(
        numbers.slice(0, i + 1).flat(),
        slots.slice(0, i + 1).flatMap((s) => s.invoices.map((v) => v.fileId)),
      ),
    );
  }
  for (const slot of slots) {
    for (const invoice of slot.invoices) {
      await ofSlot(slot, batch, () => checkedInvoiceFile(p, actor, invoice.fileId));
    }
  }
  const allNumbers = numbers.flat();
  try {
    await p.db.transaction(async (tx) => {
      // Locked in one order, so two batch uploads never wait on each other in a circle.
      const locked = new Map<string, TSlotRow>();
      for (const slot of [...slots].sort((a, b) => a.id.localeCompare(b.id))) {
        locked.set(slot.id, await ofSlot(slot, batch, () => lockSlot(tx, actor, slot.id, slot.version)));
      }
      const taken = await takenBefore(
        tx,
        actor.tenantId,
        allNumbers,
        slots.flatMap((s) => s.invoices.map((i) => i.fileId)),
      );
      for (const [i, slot] of slots.entries()) {
        const row = locked.get(slot.id) as TSlotRow;
        await ofSlot(slot, batch, async () => {
          const other = slot.invoices.find((v) => v.currency !== row.currency);
          if (other)
            throw new AppError('INVOICE_CURRENCY_MISMATCH', {
              params: { currency: other.currency, payableCurrency: row.currency },
            });
          assertUnused(
            taken,
            numbers[i],
            slot.invoices.map((v) => v.fileId),
          );
          await assertCovers(tx, row, slot.invoices);
        });
      }
      for (const [i, slot] of slots.entries()) {
        const row = locked.get(slot.id) as TSlotRow;
        await tx.insert(invoices).values(
          slot.invoices.map((invoice, j) => ({
            tenantId: actor.tenantId,
            slotRef: row.id,
            providerId: row.providerId,
            invoiceNo: numbers[i][j].invoiceNo,
            invoiceCode: numbers[i][j].invoiceCode,
            invoiceKey: numbers[i][j].key,
            amount: fromCents(toCents(invoice.amount)),
            currency: invoice.currency,
            fileId: invoice.fileId,
            recognition: invoice.recognition ?? null,
            uploadedBy: actor.userId,
            createdBy: actor.account,
            updatedBy: actor.account,
          })),
        );
        // The files belong to the slot from now on (an unattached upload is purged after a day).
        await ofSlot(slot, batch, () =>
          attachFiles(p, {
            tenantId: actor.tenantId,
            ids: slot.invoices.map((v) => v.fileId),
            bizType: INVOICE_BIZ_TYPE,
            bizId: row.id,
            actor,
            field: 'invoices',
            db: tx,
          }),
        );
        await tx
          .update(invoiceSlots)
          .set({
            status: INVOICE_TAB.uploaded.code,
            uploadedAt: new Date(),
            version: row.version + 1,
            updatedAt: new Date(),
            updatedBy: actor.account,
          })
          .where(eq(invoiceSlots.id, row.id));
      }
    });
  } catch (error) {
    throw uniqueViolation(error, allNumbers) ?? error;
  }
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
  await uploadToSlots(p, actor, [{ id, ...input }], false);
  return slotDetail(p, { actor, id });
}

/** The invoices of several slots at once (decision 0048): all saved, or none. */
export async function uploadInvoiceBatch(
  p: TPlatform,
  { actor, input }: { actor: TActor; input: z.output<typeof ZInvoiceBatchUpload> },
): Promise<TInvoiceBatchUploadResult> {
  await uploadToSlots(p, actor, input.slots, true);
  const slots: TInvoiceSlotDetail[] = [];
  for (const slot of input.slots) slots.push(await slotDetail(p, { actor, id: slot.id }));
  return { slots };
}
