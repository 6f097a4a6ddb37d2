/**
 * Doctor change tasks as a kind of the change-task engine: 01 add doctor, 02 update doctor
 * (decisions 0023, 0024). The doctor is modelled once per tenant (certificate number); what is
 * particular to a provider is its practice. What is the doctor's own here: the form's columns,
 * the codes it is checked against, its photo, the compare with the approved doctor and
 * practice, and the apply step that creates or updates them.
 */
import { compareRecords, parseCompareFields, TASK_NO_PREFIX } from '@portal/domain/change-tasks/lifecycle';
import { OUTPATIENTS_CODE_TYPE, TASK_TYPE } from '@portal/domain/dictionaries/codes';
import {
  DOCTOR_COMPARE_FIELDS,
  DOCTOR_LABELS,
  doctorComparable,
  PRACTICE_FIELDS,
  type TDoctorCompareField,
  type TDoctorForm,
} from '@portal/domain/doctors/rules';
import { parseBilingual, pleaseSelect } from '@portal/domain/i18n/bilingual';
import { and, eq, type SQL } from 'drizzle-orm';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { AppError, type TFieldError, validationError } from '../../platform/http/app-error.ts';
import type { TPlatform } from '../../platform/platform.ts';
import type { TApplied, TChangeTaskKind } from '../change-tasks/change-tasks.kind.ts';
import { entriesOfType } from '../dictionaries/dictionaries.service.ts';
import { attachFiles } from '../files/files.service.ts';
import {
  doctorPractices,
  doctors,
  doctorTaskAudits,
  doctorTaskFlows,
  doctorTaskSequences,
  doctorTasks,
  type TDoctorPracticeRow,
  type TDoctorRow,
  type TDoctorTaskRow,
} from './doctors.tables.ts';

export const ADD_DOCTOR = TASK_TYPE.ADD_DOCTOR.code;
export const UPDATE_DOCTOR = TASK_TYPE.UPDATE_DOCTOR.code;
/** Uploads of doctor photos: the image rules (jpg, jpeg, png, at most 10 MB). */
export const DOCTOR_PHOTO_BIZ_TYPE = 'DOCTOR_PHOTO';

/** The form as the engine saves it: the doctor form, the provider and (update tasks) the doctor. */
export type TDoctorTaskForm = TDoctorForm & { providerId: string; doctorId: string | null };
/** The approved state a task compares with: the doctor and its practice at the task's provider. */
export interface TApprovedDoctor {
  doctor: TDoctorRow;
  practice: TDoctorPracticeRow | null;
}

const DOCTOR_FIELDS = DOCTOR_COMPARE_FIELDS.filter((f) => !PRACTICE_FIELDS.includes(f));

/** The doctor form of an approved doctor and practice (practice fields blank without a practice). */
export function approvedForm({ doctor, practice }: TApprovedDoctor): TDoctorForm {
  const values: Record<string, unknown> = {};
  for (const f of DOCTOR_FIELDS) values[f] = doctor[f as keyof TDoctorRow];
  return {
    ...(values as TDoctorForm),
    externalDisplay: practice?.externalDisplay ?? '',
    departments: practice?.departments ?? [],
    practiceEndDate: practice?.practiceEndDate ?? '',
    collectors: practice?.collectors ?? [],
  };
}

/** The form of a task row. */
export function taskForm(row: TDoctorTaskRow): TDoctorForm {
  const values: Record<string, unknown> = {};
  for (const f of DOCTOR_COMPARE_FIELDS) values[f] = row[f];
  return values as TDoctorForm;
}

function columnsOf(form: TDoctorTaskForm) {
  const values: Record<string, unknown> = {};
  for (const f of DOCTOR_COMPARE_FIELDS) values[f] = form[f];
  return { ...values, providerId: form.providerId, doctorId: form.doctorId };
}

/** A doctor of the tenant and its practice at a provider (valid ones only); null when not matched. */
export async function findPractisingDoctor(
  db: TDbOrTx,
  where: { tenantId: string; providerId: string; doctorId?: string; certificateNo?: string },
): Promise<TApprovedDoctor | null> {
  const key = where.doctorId
    ? eq(doctors.id, where.doctorId)
    : eq(doctors.certificateNo, where.certificateNo ?? '');
  const [doctor] = await db
    .select()
    .from(doctors)
    .where(and(eq(doctors.tenantId, where.tenantId), key));
  if (!doctor) return null;
  const [practice] = await db
    .select()
    .from(doctorPractices)
    .where(
      and(
        eq(doctorPractices.tenantId, where.tenantId),
        eq(doctorPractices.doctorId, doctor.id),
        eq(doctorPractices.providerId, where.providerId),
      ),
    );
  return { doctor, practice: practice ?? null };
}

/** Whether the doctor is valid and has a valid practice at the provider. */
export const isPractising = (a: TApprovedDoctor | null) =>
  !!a && a.doctor.delFlag === '0' && !!a.practice && a.practice.delFlag === '0';

const invalid = (label: { zh: string; en: string }): TFieldError => {
  const text = parseBilingual(pleaseSelect(label));
  return { msg: text.zh, msg_en: text.en };
};

/** Languages and departments checked against the tenant's dictionaries (per-field errors). */
async function checkCodes(p: TPlatform, tenantId: string, form: TDoctorTaskForm): Promise<TDoctorTaskForm> {
  const errors: Record<string, TFieldError> = {};
  for (const [field, codeType] of [
    ['languages', 'ldCode-language'],
    ['departments', OUTPATIENTS_CODE_TYPE],
  ] as const) {
    if (form[field].length === 0) continue;
    const known = new Set((await entriesOfType(p, { tenantId, codeType })).map((e) => e.code));
    if (form[field].some((c) => !known.has(c))) errors[field] = invalid(DOCTOR_LABELS[field]);
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return form;
}

/**
 * Creates or updates the doctor and its practice at the task's provider from an approved task:
 * add doctor (01) writes every field (the doctor may already practise elsewhere: multi-practice,
 * one doctor row); update doctor (02) only the fields of its compareResult.
 */
async function applyToDoctor(
  tx: TDbOrTx,
  { task, now, actor }: { task: TDoctorTaskRow; now: Date; actor: TActor },
): Promise<TApplied> {
  const by = actor.userId;
  const where = { tenantId: task.tenantId, providerId: task.providerId };
  const current =
    task.taskType === UPDATE_DOCTOR && task.doctorId
      ? await findPractisingDoctor(tx, { ...where, doctorId: task.doctorId })
      : await findPractisingDoctor(tx, { ...where, certificateNo: task.certificateNo });
  if (task.taskType === UPDATE_DOCTOR && !isPractising(current)) throw new AppError('DOCTOR_NOT_MATCHED');
  const form = taskForm(task);
  const before = current ? approvedForm(current) : null;
  const fields: readonly TDoctorCompareField[] =
    task.taskType === ADD_DOCTOR
      ? DOCTOR_COMPARE_FIELDS
      : parseCompareFields(DOCTOR_COMPARE_FIELDS, task.compareResult);
  const doctorSet: Record<string, unknown> = {};
  const practiceSet: Record<string, unknown> = {};
  for (const f of fields) (PRACTICE_FIELDS.includes(f) ? practiceSet : doctorSet)[f] = form[f];
  let doctorId = current?.doctor.id;
  if (!current) {
    const [row] = await tx
      .insert(doctors)
      .values({
        ...(doctorSet as Omit<typeof doctors.$inferInsert, 'tenantId' | 'certificateNo'>),
        tenantId: task.tenantId,
        certificateNo: task.certificateNo,
        createdBy: by,
        updatedBy: by,
      })
      .returning({ id: doctors.id });
    doctorId = row.id;
  } else if (Object.keys(doctorSet).length > 0 || current.doctor.delFlag !== '0') {
    await tx
      .update(doctors)
      .set({ ...doctorSet, delFlag: '0', version: current.doctor.version + 1, updatedAt: now, updatedBy: by })
      .where(and(eq(doctors.tenantId, task.tenantId), eq(doctors.id, current.doctor.id)));
  }
  const practice = {
    ...practiceSet,
    delFlag: '0',
    lastTaskNo: task.taskNo,
    approvedAt: now,
    updatedAt: now,
    updatedBy: by,
  };
  if (current?.practice) {
    await tx
      .update(doctorPractices)
      .set({ ...practice, version: current.practice.version + 1 })
      .where(and(eq(doctorPractices.tenantId, task.tenantId), eq(doctorPractices.id, current.practice.id)));
  } else {
    await tx.insert(doctorPractices).values({
      tenantId: task.tenantId,
      doctorId: doctorId!,
      providerId: task.providerId,
      ...(practice as Partial<typeof doctorPractices.$inferInsert>),
      createdBy: by,
    });
  }
  if (task.doctorId !== doctorId) {
    await tx
      .update(doctorTasks)
      .set({ doctorId })
      .where(and(eq(doctorTasks.tenantId, task.tenantId), eq(doctorTasks.id, task.id)));
    task.doctorId = doctorId ?? null;
  }
  return {
    providerId: task.providerId,
    changes: fields.map((field) => ({
      field,
      oldValue: before ? before[field] : null,
      newValue: form[field],
    })),
  };
}

export const doctorTaskKind: TChangeTaskKind<TDoctorTaskForm, TApprovedDoctor, TDoctorTaskRow> = {
  name: 'doctor',
  prefix: TASK_NO_PREFIX.doctor,
  tables: {
    tasks: doctorTasks,
    flows: doctorTaskFlows,
    decisions: doctorTaskAudits,
    sequences: doctorTaskSequences,
  },
  changeTypes: [UPDATE_DOCTOR],
  guardedTypes: [ADD_DOCTOR, UPDATE_DOCTOR],
  errors: {
    unfinished: 'DOCTOR_TASK_UNFINISHED',
    noChanges: 'DOCTOR_NO_CHANGES',
    recordMissing: 'DOCTOR_NOT_MATCHED',
  },
  lockKey: ({ tenantId, form, task }) =>
    `doctor-tasks:${tenantId}:${task?.providerId ?? form?.providerId}:${task?.certificateNo ?? form?.certificateNo}`,
  prepare: (p, { actor, form }) => checkCodes(p, actor.tenantId, form),
  assertSubject: ({ actor, form, task }) => {
    if (!actor.providerId || form.providerId !== actor.providerId) throw new AppError('NO_PERMISSION');
    if (task && (task.providerId !== form.providerId || task.doctorId !== form.doctorId))
      throw new AppError('NO_PERMISSION');
  },
  loadApproved: async (tx, { actor, form, taskType }) => {
    const where = { tenantId: actor.tenantId, providerId: form.providerId };
    if (taskType === UPDATE_DOCTOR) {
      const approved = form.doctorId
        ? await findPractisingDoctor(tx, { ...where, doctorId: form.doctorId })
        : null;
      if (!approved || !isPractising(approved)) throw new AppError('DOCTOR_NOT_MATCHED');
      if (approved.doctor.certificateNo !== form.certificateNo) {
        throw validationError({
          certificateNo: { msg: '执业证号不能修改', msg_en: 'The certificate number cannot be changed' },
        });
      }
      return approved;
    }
    const existing = await findPractisingDoctor(tx, { ...where, certificateNo: form.certificateNo });
    if (isPractising(existing))
      throw new AppError('DOCTOR_CERTIFICATE_TAKEN', { params: { certificateNo: form.certificateNo } });
    return existing;
  },
  sameSubject: ({ form, task }) =>
    and(
      eq(doctorTasks.providerId, task?.providerId ?? form.providerId),
      eq(doctorTasks.certificateNo, task?.certificateNo ?? form.certificateNo),
    ) as SQL,
  compare: ({ taskType, form }, approved) =>
    taskType === UPDATE_DOCTOR && approved
      ? compareRecords(DOCTOR_COMPARE_FIELDS, approvedForm(approved), form, doctorComparable)
      : { compareResult: null, oldData: null, changed: [] },
  hasDocuments: () => false,
  toColumns: columnsOf,
  attachFiles: async (p, tx, { actor, taskId, form, approved }) => {
    if (!form.photo || form.photo === approved?.doctor.photo) return;
    await attachFiles(p, {
      tenantId: actor.tenantId,
      ids: [form.photo],
      bizType: DOCTOR_PHOTO_BIZ_TYPE,
      bizId: taskId,
      actor,
      field: 'photo',
      db: tx,
    });
  },
  apply: applyToDoctor,
  decisionColumns: (task) => ({
    providerId: task.providerId,
    doctorId: task.doctorId,
    certificateNo: task.certificateNo,
  }),
};

/** The bilingual label of a doctor's name: Chinese last + first, English first + last. */
export const doctorNames = (
  d: Pick<TDoctorRow, 'cnLastName' | 'cnFirstName' | 'enFirstName' | 'enLastName'>,
) => ({
  cnName: `${d.cnLastName}${d.cnFirstName}`,
  enName: [d.enFirstName, d.enLastName].filter(Boolean).join(' '),
});
