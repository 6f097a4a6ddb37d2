/**
 * The plan network (decision 0036): which providers serve which plans, whether they bill the
 * insurer directly, and from when to when. Operators keep it; the enquiry reads it on every
 * call, so a provider sees members of the plans it serves today and nothing else.
 */
import {
  PLAN_OPTIONS_MAX,
  type TPlanNetworkPage,
  type TPlanNetworkRow,
  type TPlanOption,
  type ZPlanNetworkPageBody,
  type ZPlanNetworkSaveBody,
} from '@portal/domain/members/rules';
import { and, asc, count, eq, ilike, inArray, notInArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { writeOperationLog } from '../../platform/audit-log/audit-log.service.ts';
import type { TActor } from '../../platform/auth/access.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { providers } from '../hospital-tasks/hospital-tasks.tables.ts';
import { customers, groupPlans, planProviders, policies } from './members.tables.ts';

const like = (text: string) => `%${text.replace(/[%_\\]/g, '\\$&')}%`;

/** POST /member/planNetwork/page: the network rows of the tenant, by plan and provider. */
export async function pagePlanNetwork(
  p: TPlatform,
  { actor, ...body }: z.output<typeof ZPlanNetworkPageBody> & { actor: TActor },
): Promise<TPlanNetworkPage> {
  const where = and(
    eq(planProviders.tenantId, actor.tenantId),
    body.grpPlanCode ? ilike(groupPlans.grpPlanCode, like(body.grpPlanCode)) : undefined,
    body.providerId ? ilike(planProviders.providerId, like(body.providerId)) : undefined,
  );
  const base = () =>
    p.db
      .select({
        id: planProviders.id,
        grpPlanCode: groupPlans.grpPlanCode,
        planName: groupPlans.name,
        planNameEn: groupPlans.nameEn,
        customId: customers.customerId,
        customerName: customers.name,
        customerNameEn: customers.nameEn,
        providerId: planProviders.providerId,
        providerName: sql<string>`coalesce(${providers.providerCnName}, '')`,
        providerNameEn: sql<string>`coalesce(${providers.providerEnName}, '')`,
        directBilling: planProviders.directBilling,
        validFrom: planProviders.validFrom,
        validTo: planProviders.validTo,
        members: sql<number>`(select count(distinct ${policies.memberRef})::int from ${policies} where ${policies.planRef} = ${groupPlans.id})`,
      })
      .from(planProviders)
      .innerJoin(groupPlans, eq(groupPlans.id, planProviders.planRef))
      .innerJoin(customers, eq(customers.id, groupPlans.customerRef))
      .leftJoin(
        providers,
        and(
          eq(providers.tenantId, planProviders.tenantId),
          eq(providers.providerId, planProviders.providerId),
        ),
      );
  const [records, [{ total }]] = await Promise.all([
    base()
      .where(where)
      .orderBy(asc(groupPlans.grpPlanCode), asc(planProviders.providerId))
      .limit(body.size)
      .offset((body.current - 1) * body.size),
    p.db
      .select({ total: count() })
      .from(planProviders)
      .innerJoin(groupPlans, eq(groupPlans.id, planProviders.planRef))
      .where(where),
  ]);
  return { records: records as TPlanNetworkRow[], current: body.current, size: body.size, total };
}

/**
 * GET /member/planNetwork/plans: the plans named by `codes` (the picker's values), then up to
 * `limit` other plans of the tenant whose code, names or customer id contain `keyword`, by code.
 * Nothing is cut silently: a caller that wants to know whether more match asks one more.
 */
export async function listPlans(
  p: TPlatform,
  {
    actor,
    keyword = '',
    codes = [],
    limit = PLAN_OPTIONS_MAX,
  }: { actor: TActor; keyword?: string; codes?: readonly string[]; limit?: number },
): Promise<TPlanOption[]> {
  const select = () =>
    p.db
      .select({
        grpPlanCode: groupPlans.grpPlanCode,
        name: groupPlans.name,
        nameEn: groupPlans.nameEn,
        customId: customers.customerId,
      })
      .from(groupPlans)
      .innerJoin(customers, eq(customers.id, groupPlans.customerRef));
  const tenant = eq(groupPlans.tenantId, actor.tenantId);
  const text = keyword ? like(keyword) : null;
  const [chosen, found] = await Promise.all([
    codes.length > 0
      ? select()
          .where(and(tenant, inArray(groupPlans.grpPlanCode, [...codes])))
          .orderBy(asc(groupPlans.grpPlanCode))
      : [],
    select()
      .where(
        and(
          tenant,
          codes.length > 0 ? notInArray(groupPlans.grpPlanCode, [...codes]) : undefined,
          text
            ? or(
                ilike(groupPlans.grpPlanCode, text),
                ilike(groupPlans.name, text),
                ilike(groupPlans.nameEn, text),
                ilike(customers.customerId, text),
              )
            : undefined,
        ),
      )
      .orderBy(asc(groupPlans.grpPlanCode))
      .limit(limit),
  ]);
  return [...chosen, ...found];
}

/** POST /member/planNetwork: the provider serves the plan (added, or its flag and validity changed). */
export async function savePlanNetwork(
  p: TPlatform,
  { actor, requestId, ...body }: z.output<typeof ZPlanNetworkSaveBody> & { actor: TActor; requestId: string },
): Promise<{ id: string }> {
  return p.db.transaction(async (tx) => {
    const [plan] = await tx
      .select({ id: groupPlans.id })
      .from(groupPlans)
      .where(and(eq(groupPlans.tenantId, actor.tenantId), eq(groupPlans.grpPlanCode, body.grpPlanCode)));
    if (!plan) throw new AppError('PLAN_NOT_FOUND', { params: { grpPlanCode: body.grpPlanCode } });
    const [provider] = await tx
      .select({ id: providers.id })
      .from(providers)
      .where(and(eq(providers.tenantId, actor.tenantId), eq(providers.providerId, body.providerId)));
    if (!provider)
      throw new AppError('NETWORK_PROVIDER_NOT_FOUND', { params: { providerId: body.providerId } });
    const [row] = await tx
      .insert(planProviders)
      .values({
        tenantId: actor.tenantId,
        planRef: plan.id,
        providerId: body.providerId,
        directBilling: body.directBilling,
        validFrom: body.validFrom,
        validTo: body.validTo,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .onConflictDoUpdate({
        target: [planProviders.tenantId, planProviders.planRef, planProviders.providerId],
        set: {
          directBilling: body.directBilling,
          validFrom: body.validFrom,
          validTo: body.validTo,
          updatedAt: new Date(),
          updatedBy: actor.userId,
          version: sql`${planProviders.version} + 1`,
        },
      })
      .returning({ id: planProviders.id });
    await writeOperationLog(tx, {
      tenantId: actor.tenantId,
      userId: actor.userId,
      account: actor.account,
      action: 'save',
      targetTable: 'plan_providers',
      targetId: row.id,
      after: body,
      requestId,
    });
    return { id: row.id };
  });
}

/** DELETE /member/planNetwork/{id}: the provider no longer serves the plan. */
export async function deletePlanNetwork(
  p: TPlatform,
  { actor, requestId, id }: { actor: TActor; requestId: string; id: string },
): Promise<{ id: string }> {
  return p.db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(planProviders)
      .where(and(eq(planProviders.tenantId, actor.tenantId), eq(planProviders.id, id)))
      .returning();
    if (!gone) throw new AppError('PLAN_NETWORK_NOT_FOUND');
    await writeOperationLog(tx, {
      tenantId: actor.tenantId,
      userId: actor.userId,
      account: actor.account,
      action: 'delete',
      targetTable: 'plan_providers',
      targetId: id,
      before: { providerId: gone.providerId, planRef: gone.planRef, directBilling: gone.directBilling },
      requestId,
    });
    return { id };
  });
}
