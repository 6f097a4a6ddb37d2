/**
 * The invoice title (decision 0048): the tenant's taxpayer number, set by an operator, and the
 * generation of the title onto the batches to be uploaded that were approved without one.
 */
import { INVOICE_TAB } from '@portal/domain/invoices/rules';
import type { TInvoiceTitle } from '@portal/domain/invoices/title';
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { writeOperationLog } from '../../platform/audit-log/audit-log.service.ts';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { tenants } from '../../platform/tenancy/tenancy.tables.ts';
import { isProviderStaff } from '../provider-accounts/provider-accounts.access.ts';
import { invoiceSlots } from './invoices.tables.ts';

type TContext = { actor: TActor; requestId?: string };

/** Operator staff only, whatever permissions a role was given (the title is the payer's). */
function assertOperator(actor: TActor) {
  if (isProviderStaff(actor)) throw new AppError('NO_PERMISSION');
}

async function tenantOf(db: TDbOrTx, tenantId: string, lock = false) {
  const query = db.select().from(tenants).where(eq(tenants.id, tenantId));
  const [tenant] = lock ? await query.for('update') : await query;
  if (!tenant) throw new AppError('NOT_FOUND');
  return tenant;
}

const withoutTitle = (tenantId: string) =>
  and(
    eq(invoiceSlots.tenantId, tenantId),
    eq(invoiceSlots.status, INVOICE_TAB.to_be_upload.code),
    isNull(invoiceSlots.titleTaxNo),
  );

async function titleOf(db: TDbOrTx, tenantId: string): Promise<TInvoiceTitle> {
  const tenant = await tenantOf(db, tenantId);
  const [{ missing }] = await db
    .select({ missing: count() })
    .from(invoiceSlots)
    .where(withoutTitle(tenantId));
  return {
    name: tenant.name,
    nameEn: tenant.nameEn,
    taxNo: tenant.settings.invoiceTitle?.taxNo?.trim() || null,
    missing,
  };
}

/** The tenant's invoice title and how many batches to be uploaded still have none. */
export async function invoiceTitle(p: TPlatform, { actor }: TContext): Promise<TInvoiceTitle> {
  return titleOf(p.db, actor.tenantId);
}

/**
 * Sets the tenant's taxpayer number (checked by ZInvoiceTitleBody). Batches approved from now on
 * carry it; batches already holding a title keep theirs (the provider may have printed it).
 */
export async function setInvoiceTitle(
  p: TPlatform,
  { actor, requestId, taxNo }: TContext & { taxNo: string },
): Promise<TInvoiceTitle> {
  assertOperator(actor);
  return p.db.transaction(async (tx) => {
    const tenant = await tenantOf(tx, actor.tenantId, true);
    const before = tenant.settings.invoiceTitle?.taxNo ?? null;
    if (before !== taxNo) {
      await tx
        .update(tenants)
        .set({
          settings: { ...tenant.settings, invoiceTitle: { ...tenant.settings.invoiceTitle, taxNo } },
          updatedAt: new Date(),
        })
        .where(eq(tenants.id, tenant.id));
      await writeOperationLog(tx, {
        tenantId: actor.tenantId,
        userId: actor.userId,
        account: actor.account,
        action: 'update',
        targetTable: 'tenants',
        targetId: tenant.id,
        before: { invoiceTitleTaxNo: before },
        after: { invoiceTitleTaxNo: taxNo },
        requestId,
      });
    }
    return titleOf(tx, actor.tenantId);
  });
}

/**
 * Generates the title (the tenant's names and taxpayer number) onto the batches to be uploaded
 * that have none: all of them, or the given ones. Each changed slot's version grows, so a
 * provider's screen read before answers 'batch status changed'. 409 40995 without a taxpayer number.
 */
export async function generateInvoiceTitles(
  p: TPlatform,
  { actor, requestId, ids }: TContext & { ids?: string[] },
): Promise<{ generated: number }> {
  assertOperator(actor);
  return p.db.transaction(async (tx) => {
    const tenant = await tenantOf(tx, actor.tenantId, true);
    const taxNo = tenant.settings.invoiceTitle?.taxNo?.trim();
    if (!taxNo) throw new AppError('INVOICE_TAX_NO_MISSING');
    const now = new Date();
    const changed = await tx
      .update(invoiceSlots)
      .set({
        titleName: tenant.name,
        titleNameEn: tenant.nameEn,
        titleTaxNo: taxNo,
        titleSource: 'tenant',
        titleGeneratedAt: now,
        version: sql`${invoiceSlots.version} + 1`,
        updatedAt: now,
        updatedBy: actor.account,
      })
      .where(and(withoutTitle(actor.tenantId), ids ? inArray(invoiceSlots.id, ids) : undefined))
      .returning({ id: invoiceSlots.id, batchNo: invoiceSlots.batchNo });
    if (changed.length > 0) {
      await writeOperationLog(tx, {
        tenantId: actor.tenantId,
        userId: actor.userId,
        account: actor.account,
        action: 'generateInvoiceTitle',
        targetTable: 'invoice_slots',
        targetId: changed.length === 1 ? changed[0].id : tenant.id,
        after: { taxNo, batchNos: changed.map((c) => c.batchNo) },
        requestId,
      });
    }
    return { generated: changed.length };
  });
}
