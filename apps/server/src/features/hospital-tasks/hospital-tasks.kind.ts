/**
 * Hospital change tasks as a kind of the change-task engine: 03 add hospital, 04 update
 * hospital. What is the hospital's own: the form and its columns, the tenant's codes the form
 * is checked against, its photos and attachments, the compare with the approved provider
 * record, and the apply step of an approval (decisions 0006, 0009, 0023).
 */
import { TASK_NO_PREFIX } from '@portal/domain/change-tasks/lifecycle';
import { AREA_ROOT_CODE, DOMESTIC_CURRENCY, TASK_TYPE, USER_TYPE } from '@portal/domain/dictionaries/codes';
import { PHOTO_BIZ_TYPE, PROVIDER_TASK_ATTACH_BIZ_TYPE } from '@portal/domain/files/rules';
import {
  CHOICE_CODE_TYPES,
  COMPARE_FIELDS,
  canonicalServiceTimes,
  compareHospital,
  FORM_FIELDS,
  flattenContacts,
  groupContacts,
  invalidChoiceMessage,
  LABELS,
  normalizeHospitalTask,
  parseCompareResult,
  splitProvinceCity,
  type TCompareField,
  TEL_TYPE_CODE_TYPE,
  type THospitalTaskForm,
} from '@portal/domain/hospital-tasks/rules';
import { parseBilingual } from '@portal/domain/i18n/bilingual';
import { and, eq, sql } from 'drizzle-orm';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { AppError, type TFieldError, validationError } from '../../platform/http/app-error.ts';
import type { TPlatform } from '../../platform/platform.ts';
import type { TApplied, TChangeTaskKind } from '../change-tasks/change-tasks.kind.ts';
import { isUuid, lockSubject } from '../change-tasks/change-tasks.store.ts';
import { areaChildren, entriesOfType, searchBanks } from '../dictionaries/dictionaries.service.ts';
import { attachFiles } from '../files/files.service.ts';
import { highestUserProviderNumber, linkUserToProvider } from '../users/users.service.ts';
import {
  hospitalTaskAudits,
  hospitalTaskFlows,
  hospitalTaskSequences,
  hospitalTasks,
  providers,
  type THospitalTaskRow,
  type TProviderRow,
} from './hospital-tasks.tables.ts';

const ADD_HOSPITAL = TASK_TYPE.ADD_HOSPITAL.code;
const UPDATE_HOSPITAL = TASK_TYPE.UPDATE_HOSPITAL.code;
/** Provider ids allocated to new hospitals: 'P' + 5 digits, after the highest in use. */
const FIRST_PROVIDER_NUMBER = 10001;

// ---------------------------------------------------------------------------------------------
// Mapping between the form and the rows

type THospitalColumns = Omit<
  typeof hospitalTasks.$inferInsert,
  'id' | 'tenantId' | 'taskNo' | 'taskType' | 'status' | 'createdAt' | 'updatedAt' | 'version'
>;

/** The normalised form as columns of a task or provider row: provinceCity split, contacts flattened. */
export function toColumns(form: THospitalTaskForm): THospitalColumns {
  const values: Record<string, unknown> = {};
  for (const field of FORM_FIELDS) {
    if (field === 'provinceCity' || field === 'contacts') continue;
    values[field] = form[field];
  }
  return {
    ...(values as THospitalColumns),
    ...splitProvinceCity(form.provinceCity),
    contacts: flattenContacts(form.contacts),
    serviceTimes: canonicalServiceTimes(form.serviceTimes),
  };
}

/** A task or provider row back to the form (contacts grouped, provinceCity joined). */
export function toForm(row: TProviderRow | THospitalTaskRow): THospitalTaskForm {
  const values: Record<string, unknown> = {};
  for (const field of FORM_FIELDS) values[field] = (row as Record<string, unknown>)[field];
  return {
    ...(values as THospitalTaskForm),
    attaches: 'attaches' in row ? row.attaches : [],
    provinceCity: [row.province, row.city, row.district].filter((v) => v !== ''),
    contacts: groupContacts(row.contacts),
    serviceTimes: canonicalServiceTimes(row.serviceTimes),
  };
}

// ---------------------------------------------------------------------------------------------
// Scope and records

/** Provider staff act only on their own provider; operator staff on every provider of the tenant. */
export function assertOwnProvider(
  actor: TActor,
  providerId: string,
  refusal: 'NOT_FOUND' | 'NO_PERMISSION' = 'NOT_FOUND',
) {
  if (actor.providerId && actor.providerId !== providerId) throw new AppError(refusal);
}

/** The approved record of a provider, or null. */
export async function findProvider(
  db: TDbOrTx,
  tenantId: string,
  providerId: string,
): Promise<TProviderRow | null> {
  const [row] = await db
    .select()
    .from(providers)
    .where(and(eq(providers.tenantId, tenantId), eq(providers.providerId, providerId)));
  return row ?? null;
}

const lockKeyOf = (tenantId: string, providerId: string) => `hospital-tasks:${tenantId}:${providerId}`;

/** Serialises changes of one provider's tasks and record (the lock the provider's saves and the approval take). */
export function lockProviderChanges(
  tx: TDbOrTx,
  { tenantId, providerId }: { tenantId: string; providerId: string },
) {
  return lockSubject(tx, lockKeyOf(tenantId, providerId));
}

// ---------------------------------------------------------------------------------------------
// The checks of a save

const invalid = (label: { zh: string; en: string }): TFieldError => {
  const text = parseBilingual(invalidChoiceMessage(label));
  return { msg: text.zh, msg_en: text.en };
};

/**
 * The chosen codes checked against the tenant's dictionaries: select fields, phone types,
 * the bank, and the area chain continent > country > province > city > district. Refuses
 * with per-field errors; sets bankName to the chosen bank's name.
 */
async function checkChoices(
  p: TPlatform,
  tenantId: string,
  form: THospitalTaskForm,
): Promise<THospitalTaskForm> {
  const errors: Record<string, TFieldError> = {};
  const codesOf = async (codeType: string) =>
    new Set((await entriesOfType(p, { tenantId, codeType })).map((e) => e.code));
  for (const [field, codeType] of Object.entries(CHOICE_CODE_TYPES) as [
    keyof typeof CHOICE_CODE_TYPES,
    string,
  ][]) {
    const value = form[field];
    const values = Array.isArray(value) ? value : value ? [value] : [];
    if (values.length === 0) continue;
    const known = await codesOf(codeType);
    if (values.some((v) => !known.has(v))) errors[field] = invalid(LABELS[field]);
  }
  const telTypes = await codesOf(TEL_TYPE_CODE_TYPE);
  form.contacts['01'].forEach((row, i) => {
    if (row.telType.some((v) => !telTypes.has(v)))
      errors[`contacts.01.${i}.telType`] = invalid(LABELS.contacts);
  });
  let bankName = form.bankName;
  if (form.bankCode && form.currency === DOMESTIC_CURRENCY) {
    const bank = (await searchBanks(p, { tenantId, keyword: form.bankCode })).find(
      (b) => b.bankcode === form.bankCode,
    );
    if (bank) bankName = bank.bankname;
    else errors.bankCode = invalid(LABELS.bankCode);
  }
  const childOf = async (upCode: string, code: string) =>
    (await areaChildren(p, { tenantId, upCode })).some((a) => a.code === code);
  const chain: [string, string][] = [];
  if (form.continent) chain.push(['continent', form.continent]);
  if (form.country) chain.push(['country', form.country]);
  for (const code of form.provinceCity) chain.push(['provinceCity', code]);
  let parent = AREA_ROOT_CODE;
  for (const [field, code] of chain) {
    if (!(await childOf(parent, code))) {
      errors[field] = invalid(LABELS[field as 'continent' | 'country' | 'provinceCity']);
      break;
    }
    parent = code;
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return { ...form, bankName };
}

/**
 * Attaches the task's photos and attachments to it. Photos of the approved record and files
 * already on this task are kept as they are; new uploads are attached (refused when missing,
 * of another tenant or object, or uploaded as something else).
 */
async function attachTaskFiles(
  p: TPlatform,
  tx: TDbOrTx,
  input: { actor: TActor; taskId: string; form: THospitalTaskForm; approved: TProviderRow | null },
) {
  const { actor, taskId, form, approved } = input;
  const kept = new Set(approved?.photos ?? []);
  const checkIds = (ids: string[], field: string) => {
    const bad = ids.findIndex((id) => !isUuid(id));
    if (bad >= 0) {
      throw validationError({
        [`${field}.${bad}`]: {
          msg: '文件不存在，请重新上传',
          msg_en: 'The file does not exist; upload it again',
        },
      });
    }
  };
  const photos = form.photos.filter((id) => !kept.has(id));
  checkIds(photos, 'photos');
  checkIds(form.attaches, 'attaches');
  const common = { tenantId: actor.tenantId, bizId: taskId, actor, db: tx };
  await attachFiles(p, { ...common, ids: photos, bizType: PHOTO_BIZ_TYPE, field: 'photos' });
  await attachFiles(p, {
    ...common,
    ids: form.attaches,
    bizType: PROVIDER_TASK_ATTACH_BIZ_TYPE,
    field: 'attaches',
  });
}

// ---------------------------------------------------------------------------------------------
// The apply step of an approval

/** Record columns of compare fields: provinceCity is three columns. */
const columnsOfField = (field: TCompareField): string[] =>
  field === 'provinceCity' ? ['province', 'city', 'district'] : [field];

/** The highest number n of the tenant's provider ids written 'P' + 5 digits, in records and tasks (0 when none). */
async function highestProviderNumber(db: TDbOrTx, tenantId: string): Promise<number> {
  const pattern = '^P[0-9]{5}$';
  const [a] = await db
    .select({ n: sql<string | null>`max(substring(${providers.providerId} from 2)::int)` })
    .from(providers)
    .where(and(eq(providers.tenantId, tenantId), sql`${providers.providerId} ~ ${pattern}`));
  const [b] = await db
    .select({ n: sql<string | null>`max(substring(${hospitalTasks.providerId} from 2)::int)` })
    .from(hospitalTasks)
    .where(and(eq(hospitalTasks.tenantId, tenantId), sql`${hospitalTasks.providerId} ~ ${pattern}`));
  return Math.max(Number(a?.n ?? 0), Number(b?.n ?? 0));
}

/**
 * The provider id an approved task writes to. Update hospital: the task's provider. Add
 * hospital: the task's provider id when it has no approved record yet (the id the
 * administrator gave the hospital's account); otherwise a new id, 'P' + 5 digits after the
 * highest such id of the tenant's records, tasks and users, allocated under a tenant lock.
 */
async function providerIdFor(tx: TDbOrTx, task: THospitalTaskRow): Promise<string> {
  if (task.taskType !== ADD_HOSPITAL) return task.providerId;
  await lockSubject(tx, `provider-ids:${task.tenantId}`);
  if (!(await findProvider(tx, task.tenantId, task.providerId))) return task.providerId;
  const highest = Math.max(
    await highestProviderNumber(tx, task.tenantId),
    await highestUserProviderNumber(tx, { tenantId: task.tenantId }),
    FIRST_PROVIDER_NUMBER - 1,
  );
  return `P${String(highest + 1).padStart(5, '0')}`;
}

/**
 * Writes an approved task into the provider master record: add hospital (03) inserts a new
 * record with every field of the task (and links a provider-staff submitter without a provider
 * to it); update hospital (04) writes only the fields of its compareResult. Either way the
 * record remembers the task (last_task_no, for the NEW markers) and the approval time.
 */
async function applyToProvider(
  tx: TDbOrTx,
  { task, now, actor }: { task: THospitalTaskRow; now: Date; actor: TActor },
): Promise<TApplied> {
  const by = actor.userId;
  const providerId = await providerIdFor(tx, task);
  const form = toForm(task);
  const columns = toColumns(form);
  if (task.taskType === ADD_HOSPITAL) {
    await tx.insert(providers).values({
      tenantId: task.tenantId,
      ...columns,
      providerId,
      status: '01',
      lastTaskNo: task.taskNo,
      approvedAt: now,
      createdBy: by,
      updatedBy: by,
    });
    const linked =
      task.commitUserId &&
      (await linkUserToProvider(tx, {
        tenantId: task.tenantId,
        userId: task.commitUserId,
        providerId,
        userType: USER_TYPE.PROVIDER.code,
      }));
    const changes = COMPARE_FIELDS.map((field) => ({ field, oldValue: null, newValue: form[field] }));
    return { providerId, changes, linkedUserId: linked ? task.commitUserId : null };
  }
  const record = await findProvider(tx, task.tenantId, providerId);
  if (!record) throw new AppError('HOSPITAL_RECORD_MISSING');
  const before = toForm(record);
  const fields = parseCompareResult(task.compareResult);
  const set: Record<string, unknown> = {};
  for (const field of fields) {
    for (const column of columnsOfField(field)) set[column] = (columns as Record<string, unknown>)[column];
  }
  await tx
    .update(providers)
    .set({
      ...(set as Partial<TProviderRow>),
      lastTaskNo: task.taskNo,
      approvedAt: now,
      version: record.version + 1,
      updatedAt: now,
      updatedBy: by,
    })
    .where(and(eq(providers.tenantId, task.tenantId), eq(providers.id, record.id)));
  return {
    providerId,
    changes: fields.map((field) => ({ field, oldValue: before[field], newValue: form[field] })),
  };
}

// ---------------------------------------------------------------------------------------------
// The kind

export const hospitalTaskKind: TChangeTaskKind<THospitalTaskForm, TProviderRow, THospitalTaskRow> = {
  name: 'hospital',
  prefix: TASK_NO_PREFIX.hospital,
  tables: {
    tasks: hospitalTasks,
    flows: hospitalTaskFlows,
    decisions: hospitalTaskAudits,
    sequences: hospitalTaskSequences,
  },
  changeTypes: [UPDATE_HOSPITAL],
  errors: {
    unfinished: 'HOSPITAL_TASK_UNFINISHED',
    noChanges: 'HOSPITAL_NO_CHANGES',
    recordMissing: 'HOSPITAL_RECORD_MISSING',
  },
  lockKey: ({ tenantId, form, task }) => lockKeyOf(tenantId, task?.providerId ?? form.providerId),
  prepare: (p, { actor, form }) => checkChoices(p, actor.tenantId, normalizeHospitalTask(form)),
  assertSubject: ({ actor, form, task }) => {
    if (task) {
      if (form.providerId !== task.providerId) throw new AppError('NO_PERMISSION');
    } else assertOwnProvider(actor, form.providerId, 'NO_PERMISSION');
  },
  loadApproved: async (tx, { actor, form, task, taskType }) => {
    const approved = await findProvider(tx, actor.tenantId, task?.providerId ?? form.providerId);
    if (taskType === UPDATE_HOSPITAL && !approved) throw new AppError('HOSPITAL_RECORD_MISSING');
    return approved;
  },
  sameSubject: ({ form, task }) =>
    and(
      eq(hospitalTasks.providerId, task?.providerId ?? form.providerId),
      eq(hospitalTasks.taskType, UPDATE_HOSPITAL),
    ) as ReturnType<typeof eq>,
  compare: ({ taskType, form }, approved) =>
    taskType === UPDATE_HOSPITAL && approved
      ? compareHospital(toForm(approved), form)
      : { compareResult: null, oldData: null, changed: [] },
  hasDocuments: (form) => form.attaches.length > 0,
  toColumns,
  attachFiles: attachTaskFiles,
  apply: applyToProvider,
  decisionColumns: (task, providerId) => ({
    providerId,
    taskProviderId: task.providerId,
    providerCnName: task.providerCnName,
    providerEnName: task.providerEnName,
  }),
};
