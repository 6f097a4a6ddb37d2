/**
 * The lifecycle of an appointment (decision 0038): booking and desk registration of members of the
 * plans the provider serves, and the transitions (edit, confirm, update the confirmation, cancel,
 * finish, expire), each in one transaction with its process-history row.
 */
import {
  APPOINTMENT_ACTION,
  APPOINTMENT_TRANSITIONS,
  type TAppointment,
  type TAppointmentAction,
  type ZSaveAppointment,
  type ZVisitConfirmation,
  type ZVisitRegistration,
} from '@portal/domain/appointments/rules';
import { APPOINTMENT_STATUS } from '@portal/domain/dictionaries/codes';
import { ERRORS, formatMessage } from '@portal/domain/errors/catalogue';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { chinaDay } from '../../platform/http/xlsx-export.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { members, planProviders, policies, policyCoverages } from '../members/members.tables.ts';
import { publishMessagesChanged } from '../messages/messages.live.ts';
import { isProviderStaff } from '../provider-accounts/provider-accounts.access.ts';
import {
  actingProvider,
  getAppointment,
  oneWhere,
  patientQuery,
  servedPolicyTerms,
  statusNotAllowed,
  type TAppointmentRow,
} from './appointments.service.ts';
import { appointmentProcess, appointments } from './appointments.tables.ts';

type TVisit = z.output<typeof ZVisitRegistration>;

/** The member's policy and coverage for a visit at the provider on the visit date, or the error why not. */
async function resolveCoverage(db: TDbOrTx, actor: TActor, providerId: string, visit: TVisit) {
  const [anywhere] = await patientQuery(
    db,
    and(
      eq(members.tenantId, actor.tenantId),
      eq(members.memberId, visit.memberId),
      eq(planProviders.providerId, providerId),
    ) as SQL,
  ).limit(1);
  if (!anywhere) throw new AppError('APPOINT_MEMBER_NOT_FOUND', { params: { memberId: visit.memberId } });
  const [found] = await patientQuery(
    db,
    and(
      servedPolicyTerms(actor.tenantId, providerId, visit.visitDate),
      eq(members.memberId, visit.memberId),
    ) as SQL,
  )
    .orderBy(asc(policies.validFrom))
    .limit(1);
  if (!found) throw new AppError('APPOINT_MEMBER_NOT_COVERED', { params: { memberId: visit.memberId } });
  const coverages = await db
    .select()
    .from(policyCoverages)
    .where(
      and(
        eq(policyCoverages.tenantId, actor.tenantId),
        eq(policyCoverages.policyRef, found.policy.id),
        eq(policyCoverages.coverageCode, visit.coverageCode),
      ),
    )
    .orderBy(asc(policyCoverages.currency));
  const coverage = visit.currency
    ? coverages.find((c) => c.currency === visit.currency)
    : (coverages.find((c) => c.currency === 'CNY') ?? coverages[0]);
  if (!coverage) {
    const code = visit.currency ? `${visit.coverageCode} (${visit.currency})` : visit.coverageCode;
    throw new AppError('APPOINT_COVERAGE_UNKNOWN', {
      params: { coverageCode: code },
      data: {
        fieldErrors: {
          coverageCode: {
            msg: formatMessage(ERRORS.APPOINT_COVERAGE_UNKNOWN.zh, { coverageCode: code }),
            msg_en: formatMessage(ERRORS.APPOINT_COVERAGE_UNKNOWN.en, { coverageCode: code }),
          },
        },
      },
    });
  }
  return { ...found, coverage };
}

async function writeProcess(
  db: TDbOrTx,
  actor: TActor | null,
  row: { tenantId: string; id: string },
  step: { action: TAppointmentAction; from: string; to: string; remark?: string },
) {
  await db.insert(appointmentProcess).values({
    tenantId: row.tenantId,
    appointmentRef: row.id,
    action: step.action,
    fromStatus: step.from,
    toStatus: step.to,
    operatorId: actor?.userId ?? null,
    operatorName: actor?.name ?? '系统',
    operatorNameEn: actor ? actor.nameEn || actor.name : 'System',
    remark: step.remark ?? '',
    createdBy: actor?.account ?? 'system',
  });
}

/** A visit must not be booked or registered for a day already past (China time). */
function assertNotPast(visitDate: string) {
  if (visitDate < chinaDay(new Date())) throw new AppError('APPOINT_VISIT_DATE_PAST');
}

/** Books (source 01) or registers (source 02) a visit: one appointment to be treated, with its first history row. */
async function createVisit(
  p: TPlatform,
  { actor, visit, action }: { actor: TActor; visit: TVisit; action: 'book' | 'register' },
): Promise<TAppointment> {
  assertNotPast(visit.visitDate);
  const id = await p.db.transaction(async (tx) => {
    const providerId = await actingProvider(tx, actor, visit.providerId);
    const found = await resolveCoverage(tx, actor, providerId, visit);
    const [row] = await tx
      .insert(appointments)
      .values({
        tenantId: actor.tenantId,
        appointNo: sql`'AP' || nextval('appointment_no_seq')::text`,
        status: APPOINTMENT_STATUS.TO_BE_TREATED.code,
        source: action === 'book' ? '01' : '02',
        providerId,
        memberRef: found.member.id,
        memberId: found.member.memberId,
        memberName: found.member.name,
        memberNameEn: found.member.nameEn,
        patientBirthday: found.member.birthday,
        customerId: found.customer.customerId,
        planRef: found.plan.id,
        grpPlanCode: found.plan.grpPlanCode,
        policyRef: found.policy.id,
        policyNo: found.policy.policyNo,
        coverageRef: found.coverage.id,
        coverageCode: found.coverage.coverageCode,
        currency: found.coverage.currency,
        visitDate: visit.visitDate,
        visitTime: visit.visitTime ?? '',
        department: visit.department,
        doctor: visit.doctor ?? '',
        remark: visit.remark ?? '',
        // The provider made it itself, so there is nothing new for it to read.
        haveRead: isProviderStaff(actor),
        createdBy: actor.account,
        updatedBy: actor.account,
      })
      .returning({ id: appointments.id, tenantId: appointments.tenantId });
    await writeProcess(tx, actor, row, {
      action,
      from: '',
      to: APPOINTMENT_STATUS.TO_BE_TREATED.code,
      remark: visit.remark,
    });
    return row.id;
  });
  // Booked for the provider by someone else: its staff's message-centre badge counts it now.
  if (!isProviderStaff(actor)) await publishMessagesChanged(p, actor.tenantId);
  return getAppointment(p, { actor, id });
}

/** visitRegistration: the member is at the desk; the visit is registered to be treated. */
export function registerVisit(p: TPlatform, { actor, visit }: { actor: TActor; visit: TVisit }) {
  return createVisit(p, { actor, visit, action: APPOINTMENT_ACTION.REGISTER.code });
}

/**
 * The row under a lock for a transition: 40410 when the actor may not see it, 40900 when it
 * changed since it was read, 40925 when its status does not allow the action.
 */
async function lockForAction(
  tx: TDbOrTx,
  actor: TActor,
  { id, version, action }: { id: string; version: number; action: keyof typeof APPOINTMENT_TRANSITIONS },
): Promise<TAppointmentRow> {
  const [row] = await tx.select().from(appointments).where(oneWhere(actor, id)).for('update');
  if (!row) throw new AppError('APPOINT_NOT_FOUND');
  if (row.version !== version) throw new AppError('CASE_STATUS_CHANGED');
  if (!(APPOINTMENT_TRANSITIONS[action].from as readonly string[]).includes(row.status)) {
    throw statusNotAllowed(row, action);
  }
  return row;
}

async function transition(
  p: TPlatform,
  {
    actor,
    id,
    version,
    action,
    set = {},
    remark,
    check,
  }: {
    actor: TActor;
    id: string;
    version: number;
    action: keyof typeof APPOINTMENT_TRANSITIONS;
    set?: Partial<typeof appointments.$inferInsert>;
    remark?: string;
    check?: (row: TAppointmentRow) => void;
  },
): Promise<TAppointment> {
  await p.db.transaction(async (tx) => {
    const row = await lockForAction(tx, actor, { id, version, action });
    check?.(row);
    const to = APPOINTMENT_TRANSITIONS[action].to;
    await tx
      .update(appointments)
      .set({
        ...set,
        status: to,
        version: row.version + 1,
        updatedAt: new Date(),
        updatedBy: actor.account,
      })
      .where(eq(appointments.id, row.id));
    await writeProcess(tx, actor, row, { action, from: row.status, to, remark });
  });
  return getAppointment(p, { actor, id });
}

/**
 * saveAppointMentInfo: without id a new booking; with id a change of one still to be treated
 * (member, coverage, visit day and time, department, doctor, remark).
 */
export async function saveAppointment(
  p: TPlatform,
  { actor, input }: { actor: TActor; input: z.output<typeof ZSaveAppointment> },
): Promise<TAppointment> {
  const { id, version, ...visit } = input;
  if (!id) return createVisit(p, { actor, visit, action: APPOINTMENT_ACTION.BOOK.code });
  assertNotPast(visit.visitDate);
  await p.db.transaction(async (tx) => {
    const row = await lockForAction(tx, actor, { id, version: version ?? -1, action: 'edit' });
    const found = await resolveCoverage(tx, actor, row.providerId, visit);
    await tx
      .update(appointments)
      .set({
        memberRef: found.member.id,
        memberId: found.member.memberId,
        memberName: found.member.name,
        memberNameEn: found.member.nameEn,
        patientBirthday: found.member.birthday,
        customerId: found.customer.customerId,
        planRef: found.plan.id,
        grpPlanCode: found.plan.grpPlanCode,
        policyRef: found.policy.id,
        policyNo: found.policy.policyNo,
        coverageRef: found.coverage.id,
        coverageCode: found.coverage.coverageCode,
        currency: found.coverage.currency,
        visitDate: visit.visitDate,
        visitTime: visit.visitTime ?? '',
        department: visit.department,
        doctor: visit.doctor ?? '',
        remark: visit.remark ?? '',
        version: row.version + 1,
        updatedAt: new Date(),
        updatedBy: actor.account,
      })
      .where(eq(appointments.id, row.id));
    await writeProcess(tx, actor, row, {
      action: APPOINTMENT_ACTION.EDIT.code,
      from: row.status,
      to: row.status,
      remark: visit.remark,
    });
  });
  return getAppointment(p, { actor, id });
}

type TConfirmation = z.output<typeof ZVisitConfirmation>;

/** visitConfirmation: the visit took place (its day has come), with diagnosis and bill. */
export function confirmVisit(p: TPlatform, { actor, input }: { actor: TActor; input: TConfirmation }) {
  return transition(p, {
    actor,
    id: input.id,
    version: input.version,
    action: 'confirm',
    remark: input.remark,
    check: (row) => {
      if (row.visitDate > chinaDay(new Date()))
        throw new AppError('APPOINT_CONFIRM_TOO_EARLY', { params: { visitDate: row.visitDate } });
    },
    set: {
      diagnosis: input.diagnosis,
      billAmount: input.billAmount,
      confirmRemark: input.remark ?? '',
      confirmedAt: new Date(),
    },
  });
}

/** updateVisitConfirmation: corrects the diagnosis and bill of a confirmed visit. */
export function updateVisitConfirmation(
  p: TPlatform,
  { actor, input }: { actor: TActor; input: TConfirmation },
) {
  return transition(p, {
    actor,
    id: input.id,
    version: input.version,
    action: 'updateConfirmation',
    remark: input.remark,
    set: { diagnosis: input.diagnosis, billAmount: input.billAmount, confirmRemark: input.remark ?? '' },
  });
}

export function cancelAppointment(
  p: TPlatform,
  { actor, id, version, remark }: { actor: TActor; id: string; version: number; remark?: string },
) {
  return transition(p, { actor, id, version, action: 'cancel', remark });
}

export function finishAppointment(
  p: TPlatform,
  { actor, id, version, remark }: { actor: TActor; id: string; version: number; remark?: string },
) {
  return transition(p, { actor, id, version, action: 'finish', remark });
}

/** Expires the tenant's appointments still to be treated whose visit day has passed. */
export async function expireTenant(db: TDbOrTx, tenantId: string, today: string): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(appointments)
      .set({
        status: APPOINTMENT_STATUS.EXPIRED.code,
        version: sql`${appointments.version} + 1`,
        updatedAt: new Date(),
        updatedBy: 'system',
      })
      .where(
        and(
          eq(appointments.tenantId, tenantId),
          eq(appointments.status, APPOINTMENT_STATUS.TO_BE_TREATED.code),
          sql`${appointments.visitDate} < ${today}`,
        ),
      )
      .returning({ id: appointments.id, tenantId: appointments.tenantId });
    for (const row of rows) {
      await writeProcess(tx, null, row, {
        action: APPOINTMENT_ACTION.EXPIRE.code,
        from: APPOINTMENT_STATUS.TO_BE_TREATED.code,
        to: APPOINTMENT_STATUS.EXPIRED.code,
      });
    }
    return rows.length;
  });
}
