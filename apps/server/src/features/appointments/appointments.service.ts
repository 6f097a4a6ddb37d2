/**
 * Appointments and visits, the reading side (decision 0038): the list and its filter, detail and
 * process history, the members of the plans the provider serves, bills, the customer behind an
 * appointment and the related providers. Provider staff see their own provider's rows only. The
 * changes are in appointments.lifecycle.ts.
 */
import {
  APPOINTMENT_PERSONAL_FIELDS,
  type APPOINTMENT_TRANSITIONS,
  APPOINTMENT_VIEW,
  appointmentActionName,
  appointmentStatusName,
  RELA_PROVIDERS_MAX,
  splitBill,
  type TAppointment,
  type TAppointmentBill,
  type TAppointmentPage,
  type TPatient,
  type TProcessRow,
  type ZAppointmentFilter,
  type ZPatientQuery,
} from '@portal/domain/appointments/rules';
import { ERRORS, formatMessage } from '@portal/domain/errors/catalogue';
import { chinaDay, chinaSecond } from '@portal/domain/format/format';
import { maskMemberField } from '@portal/domain/members/rules';
import { isPermitted } from '@portal/domain/permissions';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  lte,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { z } from 'zod';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { providers } from '../hospital-tasks/hospital-tasks.tables.ts';
import { providerMatching } from '../hospital-tasks/providers.match.ts';
import {
  customers,
  groupPlans,
  members,
  planProviders,
  policies,
  policyCoverages,
} from '../members/members.tables.ts';
import { isProviderStaff } from '../provider-accounts/provider-accounts.access.ts';
import { appointmentProcess, appointments } from './appointments.tables.ts';

export type TAppointmentRow = typeof appointments.$inferSelect;
type TFilter = z.output<typeof ZAppointmentFilter>;

export { chinaSecond };

/** 'YYYY-MM-DD HH:mm[:ss]' in China time to the instant. */
const fromChinaTime = (value: string) =>
  new Date(`${value.replace(' ', 'T')}${value.length === 16 ? ':00' : ''}+08:00`);

/**
 * The provider the actor is limited to: provider staff see their own provider only (none when
 * not linked to one); operators see every provider of the tenant (null).
 */
export function providerScope(actor: TActor): string | null {
  if (!isProviderStaff(actor)) return null;
  if (!actor.providerId) throw new AppError('NO_PERMISSION');
  return actor.providerId;
}

/** The where clause of the list filter, the actor's provider scope included. */
export function appointmentWhere(actor: TActor, filter: TFilter): SQL {
  const scope = providerScope(actor);
  const terms: (SQL | undefined)[] = [eq(appointments.tenantId, actor.tenantId)];
  if (scope !== null) terms.push(eq(appointments.providerId, scope));
  if (filter.status.length > 0) terms.push(inArray(appointments.status, filter.status));
  if (filter.providerIds.length > 0) terms.push(inArray(appointments.providerId, filter.providerIds));
  if (filter.appointNo) terms.push(ilike(appointments.appointNo, `%${escapeLike(filter.appointNo)}%`));
  if (filter.member) {
    const like = `%${escapeLike(filter.member)}%`;
    terms.push(
      or(
        eq(appointments.memberId, filter.member),
        ilike(appointments.memberName, like),
        ilike(appointments.memberNameEn, like),
      ),
    );
  }
  if (filter.patientBirthday) terms.push(eq(appointments.patientBirthday, filter.patientBirthday));
  if (filter.createTimeStart) terms.push(gte(appointments.createdAt, fromChinaTime(filter.createTimeStart)));
  if (filter.createTimeEnd) terms.push(lte(appointments.createdAt, fromChinaTime(filter.createTimeEnd)));
  return and(...terms) as SQL;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

const listColumns = {
  row: appointments,
  providerCnName: sql<string>`coalesce(${providers.providerCnName}, '')`,
  providerEnName: sql<string>`coalesce(${providers.providerEnName}, '')`,
};

function toDto(r: { row: TAppointmentRow; providerCnName: string; providerEnName: string }): TAppointment {
  const a = r.row;
  return {
    id: a.id,
    appointNo: a.appointNo,
    status: a.status,
    providerId: a.providerId,
    providerCnName: r.providerCnName,
    providerEnName: r.providerEnName,
    memberId: a.memberId,
    memberName: a.memberName,
    memberNameEn: a.memberNameEn,
    patientBirthday: a.patientBirthday,
    customerId: a.customerId,
    grpPlanCode: a.grpPlanCode,
    policyNo: a.policyNo,
    coverageCode: a.coverageCode,
    currency: a.currency,
    visitDate: a.visitDate,
    visitTime: a.visitTime,
    department: a.department,
    doctor: a.doctor,
    remark: a.remark,
    haveRead: a.haveRead,
    source: a.source,
    diagnosis: a.diagnosis,
    billAmount: a.billAmount,
    confirmRemark: a.confirmRemark,
    confirmedAt: a.confirmedAt ? chinaSecond(a.confirmedAt) : null,
    createTime: chinaSecond(a.createdAt),
    version: a.version,
  };
}

/** An appointment as screens read it: the member's name and birthday masked (decision 0020). */
function masked(a: TAppointment): TAppointment {
  return {
    ...a,
    memberName: maskMemberField('name', a.memberName),
    memberNameEn: maskMemberField('nameEn', a.memberNameEn),
    patientBirthday: maskMemberField('birthday', a.patientBirthday),
  };
}

const withProvider = () =>
  and(eq(providers.tenantId, appointments.tenantId), eq(providers.providerId, appointments.providerId));

/** A page of the appointments the actor may see, newest first. */
export async function listAppointments(
  p: TPlatform,
  { actor, current, size, filter }: { actor: TActor; current: number; size: number; filter: TFilter },
): Promise<TAppointmentPage> {
  const where = appointmentWhere(actor, filter);
  const [{ total }] = await p.db.select({ total: count() }).from(appointments).where(where);
  const rows =
    total === 0
      ? []
      : await p.db
          .select(listColumns)
          .from(appointments)
          .leftJoin(providers, withProvider())
          .where(where)
          .orderBy(desc(appointments.createdAt), desc(appointments.id))
          .limit(size)
          .offset((current - 1) * size);
  return { records: rows.map((r) => masked(toDto(r))), total, current, size };
}

/** The filtered appointments in keyset batches by id (the exports). */
export async function* appointmentBatches(
  db: TDbOrTx,
  where: SQL,
  batch = 500,
): AsyncGenerator<ReturnType<typeof toDto>[]> {
  let after: string | null = null;
  for (;;) {
    const rows = await db
      .select(listColumns)
      .from(appointments)
      .leftJoin(providers, withProvider())
      .where(after === null ? where : and(where, gt(appointments.id, after)))
      .orderBy(asc(appointments.id))
      .limit(batch);
    if (rows.length > 0) yield rows.map(toDto);
    if (rows.length < batch) return;
    after = rows[rows.length - 1].row.id;
  }
}

/** The where clause of one appointment the actor may see. */
export function oneWhere(actor: TActor, id: string): SQL {
  const scope = providerScope(actor);
  return and(
    eq(appointments.tenantId, actor.tenantId),
    eq(appointments.id, id),
    scope === null ? undefined : eq(appointments.providerId, scope),
  ) as SQL;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether the actor may see the appointment (the reveal of its member's personal data). */
export async function appointmentVisible(p: TPlatform, { actor, id }: { actor: TActor; id: string }) {
  if (!UUID.test(id)) return false;
  const rows = await p.db.select({ id: appointments.id }).from(appointments).where(oneWhere(actor, id));
  return rows.length > 0;
}

/** One appointment, or 40410 when it does not exist for this actor. */
export async function getAppointment(p: TPlatform, { actor, id }: { actor: TActor; id: string }) {
  const [row] = await p.db
    .select(listColumns)
    .from(appointments)
    .leftJoin(providers, withProvider())
    .where(oneWhere(actor, id));
  if (!row) throw new AppError('APPOINT_NOT_FOUND');
  return masked(toDto(row));
}

/** One personal field of an appointment the actor may see (the reveal); null otherwise. */
export async function appointmentPersonalValue(
  p: TPlatform,
  { actor, bizId, field }: { actor: TActor; bizId: string; field: string },
): Promise<string | null> {
  if (!UUID.test(bizId) || !Object.hasOwn(APPOINTMENT_PERSONAL_FIELDS, field)) return null;
  const [row] = await p.db.select().from(appointments).where(oneWhere(actor, bizId));
  return row ? row[field as keyof typeof APPOINTMENT_PERSONAL_FIELDS] : null;
}

/** The process history of one appointment, oldest first. */
export async function processDetail(
  p: TPlatform,
  { actor, id }: { actor: TActor; id: string },
): Promise<TProcessRow[]> {
  await getAppointment(p, { actor, id });
  const rows = await p.db
    .select()
    .from(appointmentProcess)
    .where(and(eq(appointmentProcess.tenantId, actor.tenantId), eq(appointmentProcess.appointmentRef, id)))
    .orderBy(asc(appointmentProcess.createdAt), asc(appointmentProcess.id));
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    fromStatus: r.fromStatus,
    toStatus: r.toStatus,
    operatorName: r.operatorName,
    operatorNameEn: r.operatorNameEn,
    remark: r.remark,
    createTime: chinaSecond(r.createdAt),
  }));
}

/** The provider an action is for: provider staff's own; an operator must name an existing one. */
export async function actingProvider(
  db: TDbOrTx,
  actor: TActor,
  providerId: string | undefined,
): Promise<string> {
  const scope = providerScope(actor);
  if (scope !== null) return scope;
  if (!providerId) throw new AppError('APPOINT_PROVIDER_REQUIRED');
  const [row] = await db
    .select({ id: providers.id })
    .from(providers)
    .where(and(eq(providers.tenantId, actor.tenantId), eq(providers.providerId, providerId)));
  if (!row) throw new AppError('APPOINT_PROVIDER_UNKNOWN', { params: { providerId } });
  return providerId;
}

/** Members in force under a plan the provider serves (a plan-provider link valid `on`). */
export function servedPolicyTerms(tenantId: string, providerId: string, on: string): SQL {
  return and(
    eq(members.tenantId, tenantId),
    eq(members.status, '01'),
    eq(policies.status, '01'),
    lte(policies.validFrom, on),
    gte(policies.validTo, on),
    eq(planProviders.providerId, providerId),
    sql`(${planProviders.validFrom} is null or ${planProviders.validFrom} <= ${on})`,
    sql`(${planProviders.validTo} is null or ${planProviders.validTo} >= ${on})`,
  ) as SQL;
}

const patientColumns = {
  member: members,
  policy: policies,
  plan: groupPlans,
  customer: customers,
  directBilling: planProviders.directBilling,
};

export function patientQuery(db: TDbOrTx, where: SQL) {
  return db
    .select(patientColumns)
    .from(members)
    .innerJoin(policies, and(eq(policies.memberRef, members.id), eq(policies.tenantId, members.tenantId)))
    .innerJoin(
      groupPlans,
      and(eq(groupPlans.id, policies.planRef), eq(groupPlans.tenantId, members.tenantId)),
    )
    .innerJoin(
      customers,
      and(eq(customers.id, groupPlans.customerRef), eq(customers.tenantId, members.tenantId)),
    )
    .innerJoin(
      planProviders,
      and(eq(planProviders.planRef, groupPlans.id), eq(planProviders.tenantId, members.tenantId)),
    )
    .where(where);
}

/**
 * getPatientList: members with a policy in force today under a plan the provider serves, found
 * by name (either language, exact, any case) and birthday, or by card number; at most 50.
 */
export async function patientList(
  p: TPlatform,
  { actor, query }: { actor: TActor; query: z.output<typeof ZPatientQuery> },
): Promise<TPatient[]> {
  const providerId = await actingProvider(p.db, actor, query.providerId);
  const today = chinaDay(new Date());
  const match =
    query.name && query.birthday
      ? and(
          or(
            sql`lower(${members.name}) = lower(${query.name})`,
            sql`lower(${members.nameEn}) = lower(${query.name})`,
          ),
          eq(members.birthday, query.birthday),
        )
      : eq(members.cardNumber, query.cardNumber ?? '');
  const rows = await patientQuery(
    p.db,
    and(servedPolicyTerms(actor.tenantId, providerId, today), match) as SQL,
  )
    .orderBy(asc(members.memberId), asc(policies.policyNo))
    .limit(50);
  if (rows.length === 0) return [];
  const coverages = await p.db
    .select({
      policyRef: policyCoverages.policyRef,
      coverageCode: policyCoverages.coverageCode,
      currency: policyCoverages.currency,
    })
    .from(policyCoverages)
    .where(
      and(
        eq(policyCoverages.tenantId, actor.tenantId),
        inArray(
          policyCoverages.policyRef,
          rows.map((r) => r.policy.id),
        ),
      ),
    )
    .orderBy(asc(policyCoverages.coverageCode), asc(policyCoverages.currency));
  return rows.map((r) => ({
    memberId: r.member.memberId,
    employeeId: r.member.employeeId,
    name: maskMemberField('name', r.member.name),
    nameEn: maskMemberField('nameEn', r.member.nameEn),
    birthday: maskMemberField('birthday', r.member.birthday),
    sex: r.member.sex,
    cardNumber: maskMemberField('cardNumber', r.member.cardNumber),
    customerId: r.customer.customerId,
    customerName: r.customer.name,
    customerNameEn: r.customer.nameEn,
    grpPlanCode: r.plan.grpPlanCode,
    planName: r.plan.name,
    planNameEn: r.plan.nameEn,
    policyNo: r.policy.policyNo,
    validFrom: r.policy.validFrom,
    validTo: r.policy.validTo,
    directBilling: r.directBilling,
    coverages: coverages
      .filter((c) => c.policyRef === r.policy.id)
      .map((c) => ({ coverageCode: c.coverageCode, currency: c.currency })),
  }));
}

const ACTION_VERBS: Record<keyof typeof APPOINTMENT_TRANSITIONS, { zh: string; en: string }> = {
  edit: { zh: '修改', en: 'changed' },
  confirm: { zh: '确认就诊', en: 'confirmed' },
  updateConfirmation: { zh: '更新就诊确认', en: 'updated' },
  cancel: { zh: '取消', en: 'cancelled' },
  expire: { zh: '过期', en: 'expired' },
  finish: { zh: '完成', en: 'finished' },
};

export function statusNotAllowed(row: { appointNo: string; status: string }, action: string): AppError {
  const verb = ACTION_VERBS[action as keyof typeof ACTION_VERBS] ?? {
    zh: appointmentActionName(action, 'zh'),
    en: appointmentActionName(action, 'en').toLowerCase(),
  };
  const entry = ERRORS.APPOINT_STATUS_NOT_ALLOWED;
  return new AppError('APPOINT_STATUS_NOT_ALLOWED', {
    zh: formatMessage(entry.zh, {
      appointNo: row.appointNo,
      status: appointmentStatusName(row.status, 'zh'),
      action: verb.zh,
    }),
    en: formatMessage(entry.en, {
      appointNo: row.appointNo,
      status: appointmentStatusName(row.status, 'en'),
      action: verb.en,
    }),
  });
}

/** haveReadMessage: marks the actor's visible appointments read; answers how many changed. */
export async function markRead(
  p: TPlatform,
  { actor, ids }: { actor: TActor; ids: string[] },
): Promise<number> {
  if (ids.length === 0) return 0;
  const scope = providerScope(actor);
  const rows = await p.db
    .update(appointments)
    .set({ haveRead: true })
    .where(
      and(
        eq(appointments.tenantId, actor.tenantId),
        inArray(appointments.id, ids),
        eq(appointments.haveRead, false),
        scope === null ? undefined : eq(appointments.providerId, scope),
      ),
    )
    .returning({ id: appointments.id });
  return rows.length;
}

/**
 * The appointments of the provider staff's own provider not read yet: booked for it by someone
 * else (an operator, the insurer's systems). They count as unread appointment messages (03) in
 * the message centre; operators receive none, nor staff whose provider has appointment
 * management switched off (they could not open them to read them).
 */
export async function countUnreadAppointments(db: TDbOrTx, actor: TActor): Promise<number> {
  const scope = isProviderStaff(actor) ? actor.providerId : null;
  const switchedOn = actor.providerFunctions === null || actor.providerFunctions.includes('appointment');
  if (!scope || !switchedOn || !isPermitted(actor.permissions, APPOINTMENT_VIEW)) return 0;
  const [{ n }] = await db
    .select({ n: count() })
    .from(appointments)
    .where(
      and(
        eq(appointments.tenantId, actor.tenantId),
        eq(appointments.providerId, scope),
        eq(appointments.haveRead, false),
      ),
    );
  return n;
}

/** The coverage of an appointment (limits for the bill). */
async function coverageOf(db: TDbOrTx, row: TAppointmentRow) {
  const [coverage] = await db
    .select()
    .from(policyCoverages)
    .where(and(eq(policyCoverages.tenantId, row.tenantId), eq(policyCoverages.id, row.coverageRef)));
  return coverage ?? null;
}

/** The full row of an appointment the actor may see, or 40410. */
export async function appointmentRow(db: TDbOrTx, actor: TActor, id: string): Promise<TAppointmentRow> {
  const [row] = await db.select().from(appointments).where(oneWhere(actor, id));
  if (!row) throw new AppError('APPOINT_NOT_FOUND');
  return row;
}

/** getAppointBill: the confirmed bill split into co-pay, over-limit and what the plan pays (exact cents). */
export async function appointmentBill(
  p: TPlatform,
  { actor, id }: { actor: TActor; id: string },
): Promise<TAppointmentBill> {
  const row = await appointmentRow(p.db, actor, id);
  return billOf(p.db, row);
}

export async function billOf(db: TDbOrTx, row: TAppointmentRow): Promise<TAppointmentBill> {
  if (!row.billAmount || !(['02', '05'] as string[]).includes(row.status))
    throw statusNotAllowed(row, 'bill');
  const coverage = await coverageOf(db, row);
  const coPayPercent = coverage?.coPayPercent ?? '0';
  const perVisitLimit = coverage?.perVisitLimit ?? null;
  return {
    appointNo: row.appointNo,
    currency: row.currency,
    billAmount: row.billAmount,
    coPayPercent,
    perVisitLimit,
    ...splitBill({ billAmount: row.billAmount, coPayPercent, perVisitLimit }),
  };
}

/** getAppointmentClient: the insurer (customer), plan and policy behind an appointment. */
export async function appointmentClient(p: TPlatform, { actor, id }: { actor: TActor; id: string }) {
  const row = await appointmentRow(p.db, actor, id);
  const [found] = await p.db
    .select({ customer: customers, plan: groupPlans, policy: policies })
    .from(policies)
    .innerJoin(groupPlans, eq(groupPlans.id, policies.planRef))
    .innerJoin(customers, eq(customers.id, groupPlans.customerRef))
    .where(and(eq(policies.tenantId, actor.tenantId), eq(policies.id, row.policyRef)));
  if (!found) throw new AppError('APPOINT_NOT_FOUND');
  return {
    customerId: found.customer.customerId,
    name: found.customer.name,
    nameEn: found.customer.nameEn,
    grpPlanCode: found.plan.grpPlanCode,
    planName: found.plan.name,
    planNameEn: found.plan.nameEn,
    policyNo: found.policy.policyNo,
    validFrom: found.policy.validFrom,
    validTo: found.policy.validTo,
  };
}

/**
 * getRelaProviderInfo: the providers the actor works with (own provider; every provider for
 * operators). A picker searches the server (issue 10): the providers named by `codes` (its
 * values) first, then up to `limit` others whose id or either name contains `keyword`, by id.
 * Nothing is cut silently: a caller that wants to know whether more match asks one more.
 */
export async function relatedProviders(
  p: TPlatform,
  {
    actor,
    keyword = '',
    codes = [],
    limit = RELA_PROVIDERS_MAX,
  }: { actor: TActor; keyword?: string; codes?: readonly string[]; limit?: number },
) {
  const scope = providerScope(actor);
  const mine = and(
    eq(providers.tenantId, actor.tenantId),
    scope === null ? undefined : eq(providers.providerId, scope),
  );
  const select = () =>
    p.db
      .select({
        providerId: providers.providerId,
        providerCnName: providers.providerCnName,
        providerEnName: providers.providerEnName,
      })
      .from(providers);
  const [chosen, found] = await Promise.all([
    codes.length > 0
      ? select()
          .where(and(mine, inArray(providers.providerId, [...codes])))
          .orderBy(asc(providers.providerId))
      : [],
    select()
      .where(
        and(
          mine,
          codes.length > 0 ? notInArray(providers.providerId, [...codes]) : undefined,
          providerMatching(keyword),
        ),
      )
      .orderBy(asc(providers.providerId))
      .limit(limit),
  ]);
  return [...chosen, ...found];
}

/** Moves appointments still to be treated after their visit day to expired, with a history row each (the job). */
