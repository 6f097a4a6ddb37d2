/**
 * Pre-authorisation, the reading side (decision 0039): list, detail with flow, attachments and
 * the member's benefit beside the request. Provider staff see their own provider's cases only;
 * operators see every case of the tenant. The changes are in preauth.lifecycle.ts.
 */

import {
  PREAUTH_ATTACH_BIZ_TYPE,
  type TPreauthCase,
  type TPreauthDetail,
  type TPreauthPage,
  type ZPreauthListBody,
} from '@portal/domain/preauth/rules';
import { and, asc, count, desc, eq, gt, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { keysetBatches } from '../../platform/http/xlsx-export.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { chinaSecond, providerScope } from '../appointments/appointments.service.ts';
import { listFiles } from '../files/files.service.ts';
import { providers } from '../hospital-tasks/hospital-tasks.tables.ts';
import { benefitUsage } from '../members/members.tables.ts';
import { benefitBalance } from '../members/members.usage.ts';
import { isProviderStaff } from '../provider-accounts/provider-accounts.access.ts';
import { preauthCases, preauthFlow, preauthMessages } from './preauth.tables.ts';

export type TPreauthRow = typeof preauthCases.$inferSelect;
export type TPreauthFilter = z.output<typeof ZPreauthListBody>['model'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The where clause of one case the actor may see. */
export function oneCaseWhere(actor: TActor, id: string): SQL {
  const scope = providerScope(actor);
  return and(
    eq(preauthCases.tenantId, actor.tenantId),
    eq(preauthCases.id, id),
    scope === null ? undefined : eq(preauthCases.providerId, scope),
  ) as SQL;
}

function listWhere(actor: TActor, filter: TPreauthFilter): SQL {
  const scope = providerScope(actor);
  const terms: (SQL | undefined)[] = [eq(preauthCases.tenantId, actor.tenantId)];
  if (scope !== null) terms.push(eq(preauthCases.providerId, scope));
  if (filter.status.length > 0) terms.push(inArray(preauthCases.status, filter.status));
  if (filter.caseNo) terms.push(ilike(preauthCases.caseNo, `%${escapeLike(filter.caseNo)}%`));
  if (filter.member) {
    const like = `%${escapeLike(filter.member)}%`;
    terms.push(
      or(
        eq(preauthCases.memberId, filter.member),
        ilike(preauthCases.memberName, like),
        ilike(preauthCases.memberNameEn, like),
      ),
    );
  }
  return and(...terms) as SQL;
}

const columns = {
  row: preauthCases,
  providerCnName: sql<string>`coalesce(${providers.providerCnName}, '')`,
  providerEnName: sql<string>`coalesce(${providers.providerEnName}, '')`,
};
const withProvider = () =>
  and(eq(providers.tenantId, preauthCases.tenantId), eq(providers.providerId, preauthCases.providerId));

function toDto(r: { row: TPreauthRow; providerCnName: string; providerEnName: string }): TPreauthCase {
  const c = r.row;
  return {
    id: c.id,
    caseNo: c.caseNo,
    status: c.status,
    reopened: c.reopened,
    providerId: c.providerId,
    providerCnName: r.providerCnName,
    providerEnName: r.providerEnName,
    memberId: c.memberId,
    memberName: c.memberName,
    memberNameEn: c.memberNameEn,
    patientBirthday: c.patientBirthday,
    customerId: c.customerId,
    grpPlanCode: c.grpPlanCode,
    policyNo: c.policyNo,
    coverageCode: c.coverageCode,
    currency: c.currency,
    visitType: c.visitType,
    visitDate: c.visitDate,
    lengthOfStay: c.lengthOfStay,
    department: c.department,
    doctor: c.doctor,
    estimatedCost: c.estimatedCost,
    icdCodes: c.icdCodes,
    caseHandler: c.caseHandler,
    remark: c.remark,
    applyDate: c.applyDate,
    approvedAmount: c.approvedAmount,
    validUntil: c.validUntil,
    decisionRemark: c.decisionRemark,
    createTime: chinaSecond(c.createdAt),
    version: c.version,
  };
}

/** A page of the cases the actor may see, newest first. */
export async function listCases(
  p: TPlatform,
  { actor, current, size, filter }: { actor: TActor; current: number; size: number; filter: TPreauthFilter },
): Promise<TPreauthPage> {
  const where = listWhere(actor, filter);
  const [{ total }] = await p.db.select({ total: count() }).from(preauthCases).where(where);
  const otherSide = isProviderStaff(actor) ? 'operator' : 'provider';
  const rows =
    total === 0
      ? []
      : await p.db
          .select({
            ...columns,
            unreadMessages: sql<number>`(select count(*)::int from ${preauthMessages} m where m.case_ref = ${preauthCases.id} and m.side = ${otherSide} and m.read_at is null)`,
          })
          .from(preauthCases)
          .leftJoin(providers, withProvider())
          .where(where)
          .orderBy(desc(preauthCases.createdAt), desc(preauthCases.id))
          .limit(size)
          .offset((current - 1) * size);
  return {
    records: rows.map((r) => ({ ...toDto(r), unreadMessages: r.unreadMessages })),
    total,
    current,
    size,
  };
}

/** The cases of the list's filter in id order, in batches (the export). */
export function caseBatches(p: TPlatform, { actor, filter }: { actor: TActor; filter: TPreauthFilter }) {
  const where = listWhere(actor, filter);
  return keysetBatches(
    (after: string | null, limit) =>
      p.db
        .select(columns)
        .from(preauthCases)
        .leftJoin(providers, withProvider())
        .where(after === null ? where : and(where, gt(preauthCases.id, after)))
        .orderBy(asc(preauthCases.id))
        .limit(limit)
        .then((rows) => rows.map(toDto)),
    (c) => c.id,
  );
}

/** One case, or 40425 when it does not exist for this actor. */
export async function getCase(
  p: TPlatform,
  { actor, id }: { actor: TActor; id: string },
): Promise<TPreauthCase> {
  const [row] = await p.db
    .select(columns)
    .from(preauthCases)
    .leftJoin(providers, withProvider())
    .where(oneCaseWhere(actor, id));
  if (!row) throw new AppError('PREAUTH_NOT_FOUND');
  return toDto(row);
}

/** Whether the actor may see the case (the files feature's visibility rule of its attachments). */
export async function caseVisible(p: TPlatform, { actor, id }: { actor: TActor; id: string }) {
  if (!UUID.test(id)) return false;
  const rows = await p.db.select({ id: preauthCases.id }).from(preauthCases).where(oneCaseWhere(actor, id));
  return rows.length > 0;
}

/**
 * The coverage's benefit in the case's currency: annual limit, used and pending of the policy
 * year that holds the visit, and remaining = limit − used − pending (decision 0036).
 */
export async function benefitOf(db: TDbOrTx, row: TPreauthRow): Promise<TPreauthDetail['benefit']> {
  const found = await benefitBalance(db, {
    tenantId: row.tenantId,
    coverageRef: row.coverageRef,
    on: row.visitDate,
  });
  if (!found) return null;
  return {
    coverageCode: row.coverageCode,
    currency: row.currency,
    annualLimit: found.annualLimit,
    used: found.used,
    pending: found.pending,
    remaining: found.remaining,
  };
}

/** The case with its flow (oldest first), its attachments and the benefit beside it. */
export async function caseDetail(
  p: TPlatform,
  { actor, id }: { actor: TActor; id: string },
): Promise<TPreauthDetail> {
  const dto = await getCase(p, { actor, id });
  const [row] = await p.db.select().from(preauthCases).where(oneCaseWhere(actor, id));
  const flow = await p.db
    .select()
    .from(preauthFlow)
    .where(and(eq(preauthFlow.tenantId, actor.tenantId), eq(preauthFlow.caseRef, id)))
    .orderBy(asc(preauthFlow.createdAt), asc(preauthFlow.id));
  const attached = await listFiles(p, {
    tenantId: actor.tenantId,
    bizType: PREAUTH_ATTACH_BIZ_TYPE,
    bizId: id,
  });
  return {
    case: dto,
    flow: flow.map((f) => ({
      id: f.id,
      action: f.action,
      fromStatus: f.fromStatus,
      toStatus: f.toStatus,
      operatorName: f.operatorName,
      operatorNameEn: f.operatorNameEn,
      remark: f.remark,
      createTime: chinaSecond(f.createdAt),
    })),
    files: attached.map((f) => ({
      id: f.id,
      originalName: f.originalName,
      size: f.size,
      contentType: f.contentType,
    })),
    benefit: await benefitOf(p.db, row),
  };
}

/** Releases the case's reservation, if one is pending (rejection, cancellation, expiry). */
export async function releaseReservation(db: TDbOrTx, row: { tenantId: string; id: string }, by: string) {
  await db
    .update(benefitUsage)
    .set({ status: 'released', updatedAt: new Date(), updatedBy: by })
    .where(
      and(
        eq(benefitUsage.tenantId, row.tenantId),
        eq(benefitUsage.sourceType, 'preauth'),
        eq(benefitUsage.sourceId, row.id),
        eq(benefitUsage.status, 'pending'),
      ),
    );
}
