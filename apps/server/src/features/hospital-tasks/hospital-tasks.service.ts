import {
  AREA_ROOT_CODE,
  DOMESTIC_CURRENCY,
  HOSPITAL_TASK_STATUS,
  operationRecordText,
  TASK_TYPE,
} from '@portal/domain/dictionaries/codes';
import { PHOTO_BIZ_TYPE, PROVIDER_TASK_ATTACH_BIZ_TYPE } from '@portal/domain/files/rules';
import type {
  THospitalTaskListItem,
  THospitalTaskRef,
  THospitalTaskView,
  TProviderNote,
  TTaskFile,
} from '@portal/domain/hospital-tasks/api';
import {
  CLOSABLE_STATUSES,
  EDITABLE_STATUSES,
  flowTypeFor,
  UNFINISHED_STATUSES,
  WITHDRAWABLE_STATUSES,
} from '@portal/domain/hospital-tasks/codes';
import {
  applyDefaultRemarks,
  CHOICE_CODE_TYPES,
  COMPARE_FIELDS,
  canonicalServiceTimes,
  compareHospital,
  emptyHospitalForm,
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
  type THospitalTaskListRequest,
} from '@portal/domain/hospital-tasks/rules';
import { parseBilingual } from '@portal/domain/i18n/bilingual';
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { orderTerms, pageWindow, type TOrderKey } from '../../platform/db/paging.ts';
import { AppError, type TFieldError, validationError } from '../../platform/http/app-error.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { areaChildren, entriesOfType, searchBanks } from '../dictionaries/dictionaries.service.ts';
import { attachFiles, getFileForActor, toFileView } from '../files/files.service.ts';
import {
  hospitalTaskFlows,
  hospitalTaskSequences,
  hospitalTasks,
  providerNotes,
  providers,
  type THospitalTaskFlowRow,
  type THospitalTaskRow,
  type TProviderNoteRow,
  type TProviderRow,
} from './hospital-tasks.tables.ts';

const S = HOSPITAL_TASK_STATUS;
const ADD_HOSPITAL = TASK_TYPE.ADD_HOSPITAL.code;
const UPDATE_HOSPITAL = TASK_TYPE.UPDATE_HOSPITAL.code;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Task numbers and list date filters use China time (decision 0006). */
const TIME_ZONE = 'Asia/Shanghai';
const UTC_OFFSET = '+08:00';

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

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

function flowView(row: THospitalTaskFlowRow) {
  const text = operationRecordText(row.status, row.flowType);
  return {
    status: row.status,
    flowType: row.flowType,
    operateDate: row.operateDate.toISOString(),
    operateMember: row.operateMember,
    operateMemberEn: row.operateMemberEn,
    operateRemark: row.operateRemark,
    operatorKind: row.operatorKind === 'S' ? ('S' as const) : ('O' as const),
    text: { zh: text?.zh ?? row.status, en: text?.en ?? row.status },
  };
}

/** The files the actor may see, in the order given; files gone since are left out. */
async function fileViews(p: TPlatform, actor: TActor, ids: readonly string[]): Promise<TTaskFile[]> {
  const out: TTaskFile[] = [];
  for (const id of ids) {
    if (!UUID.test(id)) continue;
    try {
      const v = toFileView(await getFileForActor(p, { actor, id }));
      out.push({
        id: v.id,
        fileId: v.fileId,
        name: v.name,
        fileName: v.fileName,
        size: v.size,
        url: v.url,
        fileUrl: v.fileUrl,
        contentType: v.contentType,
      });
    } catch (error) {
      if (!(error instanceof AppError && error.status === 404)) throw error;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Scope

/** Provider staff act only on their own provider; operator staff on every provider of the tenant. */
function assertOwnProvider(
  actor: TActor,
  providerId: string,
  refusal: 'NOT_FOUND' | 'NO_PERMISSION' = 'NOT_FOUND',
) {
  if (actor.providerId && actor.providerId !== providerId) throw new AppError(refusal);
}

function taskScope(actor: TActor): SQL {
  const tenant = eq(hospitalTasks.tenantId, actor.tenantId);
  return actor.providerId ? (and(tenant, eq(hospitalTasks.providerId, actor.providerId)) as SQL) : tenant;
}

/** A task the actor may see, by id (uuid) or task number; 404 otherwise. */
async function findTask(db: TDbOrTx, actor: TActor, idOrTaskNo: string): Promise<THospitalTaskRow> {
  const key = UUID.test(idOrTaskNo) ? eq(hospitalTasks.id, idOrTaskNo) : eq(hospitalTasks.taskNo, idOrTaskNo);
  const [row] = await db
    .select()
    .from(hospitalTasks)
    .where(and(taskScope(actor), key));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

async function findProvider(db: TDbOrTx, tenantId: string, providerId: string): Promise<TProviderRow | null> {
  const [row] = await db
    .select()
    .from(providers)
    .where(and(eq(providers.tenantId, tenantId), eq(providers.providerId, providerId)));
  return row ?? null;
}

/** Whether the actor may see a task or provider record by its row id (file visibility of photos and attachments). */
export async function canSeeHospitalObject(
  p: TPlatform,
  { actor, bizId }: { actor: TActor; bizId: string },
): Promise<boolean> {
  if (!UUID.test(bizId)) return false;
  const [task] = await p.db
    .select({ providerId: hospitalTasks.providerId })
    .from(hospitalTasks)
    .where(and(eq(hospitalTasks.tenantId, actor.tenantId), eq(hospitalTasks.id, bizId)));
  const [record] = task
    ? [task]
    : await p.db
        .select({ providerId: providers.providerId })
        .from(providers)
        .where(and(eq(providers.tenantId, actor.tenantId), eq(providers.id, bizId)));
  return !!record && (!actor.providerId || record.providerId === actor.providerId);
}

/** Whether the actor may see the approved record of a provider (by provider id), as for its files. */
export async function canSeeProvider(
  p: TPlatform,
  { actor, bizId }: { actor: TActor; bizId: string },
): Promise<boolean> {
  if (actor.providerId && actor.providerId !== bizId) return false;
  const [record] = await p.db
    .select({ id: providers.id })
    .from(providers)
    .where(and(eq(providers.tenantId, actor.tenantId), eq(providers.providerId, bizId)));
  return !!record;
}

// ---------------------------------------------------------------------------------------------
// Building blocks of the writes

/** Serialises task creation and changes of one provider (PostgreSQL and PGlite alike). */
async function lockProvider(tx: TDbOrTx, tenantId: string, providerId: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`hospital-tasks:${tenantId}:${providerId}`}))`,
  );
}

/** The next task number of the tenant: HT + yyyymmdd (China time) + a daily sequence of at least 4 digits. */
async function nextTaskNo(tx: TDbOrTx, tenantId: string, now: Date): Promise<string> {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .format(now)
    .split('-');
  const day = parts.join('');
  const [row] = await tx
    .insert(hospitalTaskSequences)
    .values({ tenantId, day, last: 1 })
    .onConflictDoUpdate({
      target: [hospitalTaskSequences.tenantId, hospitalTaskSequences.day],
      set: { last: sql`${hospitalTaskSequences.last} + 1` },
    })
    .returning({ last: hospitalTaskSequences.last });
  return `HT${day}${String(row.last).padStart(4, '0')}`;
}

/** An unfinished change task (01 or 08) of the provider, if any. */
async function unfinishedChange(db: TDbOrTx, tenantId: string, providerId: string, exceptTaskId?: string) {
  const rows = await db
    .select({ id: hospitalTasks.id, taskNo: hospitalTasks.taskNo })
    .from(hospitalTasks)
    .where(
      and(
        eq(hospitalTasks.tenantId, tenantId),
        eq(hospitalTasks.providerId, providerId),
        eq(hospitalTasks.taskType, UPDATE_HOSPITAL),
        inArray(hospitalTasks.status, [...UNFINISHED_STATUSES]),
      ),
    );
  return rows.find((r) => r.id !== exceptTaskId) ?? null;
}

function assertNoUnfinished(found: { taskNo: string } | null) {
  if (found)
    throw new AppError('HOSPITAL_TASK_UNFINISHED', {
      params: { taskNo: found.taskNo },
      data: { taskNo: found.taskNo },
    });
}

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

/** compareResult and oldData of a change task against the approved record. */
function compareColumns(taskType: string, form: THospitalTaskForm, approved: TProviderRow | null) {
  if (taskType !== UPDATE_HOSPITAL || !approved)
    return { compareResult: null, oldData: null, changed: [] as string[] };
  return compareHospital(toForm(approved), form);
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
    const bad = ids.findIndex((id) => !UUID.test(id));
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
  await attachFiles(p, {
    tenantId: actor.tenantId,
    ids: photos,
    bizType: PHOTO_BIZ_TYPE,
    bizId: taskId,
    actor,
    field: 'photos',
    db: tx,
  });
  await attachFiles(p, {
    tenantId: actor.tenantId,
    ids: form.attaches,
    bizType: PROVIDER_TASK_ATTACH_BIZ_TYPE,
    bizId: taskId,
    actor,
    field: 'attaches',
    db: tx,
  });
}

/**
 * Writes an operation record of a task: by a person (kind O, their names) or by the system
 * (kind S, e.g. the overdue job). Pass the transaction that changes the task.
 */
export async function recordFlow(
  tx: TDbOrTx,
  input: {
    tenantId: string;
    taskId: string;
    status: string;
    flowType: string;
    by: TActor | 'system';
    remark?: string;
  },
) {
  const person = input.by === 'system' ? null : input.by;
  await tx.insert(hospitalTaskFlows).values({
    tenantId: input.tenantId,
    taskId: input.taskId,
    status: input.status,
    flowType: input.flowType,
    operateDate: new Date(),
    operateMember: person?.name ?? '系统',
    operateMemberEn: person?.nameEn ?? 'System',
    operateMemberId: person?.userId ?? null,
    operateRemark: input.remark ?? '',
    operatorKind: person ? 'O' : 'S',
    createdBy: person?.userId ?? 'system',
    updatedBy: person?.userId ?? 'system',
  });
}

const addFlow = (tx: TDbOrTx, actor: TActor, taskId: string, status: string, flowType: string) =>
  recordFlow(tx, { tenantId: actor.tenantId, taskId, status, flowType, by: actor });

const ref = (row: THospitalTaskRow): THospitalTaskRef => ({
  id: row.id,
  taskNo: row.taskNo,
  taskType: row.taskType,
  status: row.status,
  version: row.version,
  compareResult: row.compareResult,
});

const commitFields = (actor: TActor, now: Date) => ({
  commitDate: now,
  commitName: actor.name,
  commitNameEn: actor.nameEn,
  commitUserId: actor.userId,
});

/** A new task (draft 08 or submitted 01) with its files and, when submitted, its operation record. */
async function insertTask(
  p: TPlatform,
  input: { actor: TActor; form: THospitalTaskForm; taskType: string; status: string },
): Promise<THospitalTaskRow> {
  const { actor, taskType, status } = input;
  assertOwnProvider(actor, input.form.providerId, 'NO_PERMISSION');
  const form = await checkChoices(p, actor.tenantId, normalizeHospitalTask(input.form));
  return p.db.transaction(async (tx) => {
    await lockProvider(tx, actor.tenantId, form.providerId);
    const approved = await findProvider(tx, actor.tenantId, form.providerId);
    if (taskType === UPDATE_HOSPITAL) {
      if (!approved) throw new AppError('HOSPITAL_RECORD_MISSING');
      assertNoUnfinished(await unfinishedChange(tx, actor.tenantId, form.providerId));
    }
    const compared = compareColumns(taskType, form, approved);
    if (
      taskType === UPDATE_HOSPITAL &&
      status === S.AUDITING.code &&
      compared.changed.length === 0 &&
      form.attaches.length === 0
    ) {
      throw new AppError('HOSPITAL_NO_CHANGES');
    }
    const now = new Date();
    const [row] = await tx
      .insert(hospitalTasks)
      .values({
        tenantId: actor.tenantId,
        taskNo: await nextTaskNo(tx, actor.tenantId, now),
        taskType,
        ...toColumns(form),
        compareResult: compared.compareResult,
        oldData: compared.oldData,
        status,
        ...(status === S.AUDITING.code ? commitFields(actor, now) : {}),
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .returning();
    await attachTaskFiles(p, tx, { actor, taskId: row.id, form, approved });
    if (status === S.AUDITING.code) await addFlow(tx, actor, row.id, status, flowTypeFor(status));
    return row;
  });
}

/**
 * Saves an existing draft or returned task, and submits it when `submit`. The update is
 * conditional on the status and version read, so a task that changed meanwhile gives 409.
 */
async function updateTask(
  p: TPlatform,
  input: { actor: TActor; taskNo: string; version?: number; form: THospitalTaskForm; submit: boolean },
): Promise<THospitalTaskRow> {
  const { actor, submit } = input;
  const form = await checkChoices(p, actor.tenantId, normalizeHospitalTask(input.form));
  return p.db.transaction(async (tx) => {
    const task = await findTask(tx, actor, input.taskNo);
    if (form.providerId !== task.providerId) throw new AppError('NO_PERMISSION');
    if (!EDITABLE_STATUSES.includes(task.status)) throw new AppError('CASE_STATUS_CHANGED');
    if (input.version !== undefined && input.version !== task.version)
      throw new AppError('CASE_STATUS_CHANGED');
    await lockProvider(tx, actor.tenantId, task.providerId);
    const approved = await findProvider(tx, actor.tenantId, task.providerId);
    if (task.taskType === UPDATE_HOSPITAL) {
      if (!approved) throw new AppError('HOSPITAL_RECORD_MISSING');
      if (submit) assertNoUnfinished(await unfinishedChange(tx, actor.tenantId, task.providerId, task.id));
    }
    const compared = compareColumns(task.taskType, form, approved);
    if (
      submit &&
      task.taskType === UPDATE_HOSPITAL &&
      compared.changed.length === 0 &&
      form.attaches.length === 0
    ) {
      throw new AppError('HOSPITAL_NO_CHANGES');
    }
    const now = new Date();
    const status = submit ? S.AUDITING.code : task.status;
    const [row] = await tx
      .update(hospitalTasks)
      .set({
        ...toColumns(form),
        compareResult: compared.compareResult,
        oldData: compared.oldData,
        status,
        ...(submit
          ? {
              ...commitFields(actor, now),
              auditResult: null,
              returnReason: null,
              auditDate: null,
              auditMember: null,
              auditMemberEn: null,
              auditMemberId: null,
            }
          : {}),
        version: task.version + 1,
        updatedAt: now,
        updatedBy: actor.userId,
      })
      .where(
        and(
          eq(hospitalTasks.tenantId, actor.tenantId),
          eq(hospitalTasks.id, task.id),
          eq(hospitalTasks.version, task.version),
          inArray(hospitalTasks.status, [...EDITABLE_STATUSES]),
        ),
      )
      .returning();
    if (!row) throw new AppError('CASE_STATUS_CHANGED');
    await attachTaskFiles(p, tx, { actor, taskId: row.id, form, approved });
    if (submit) await addFlow(tx, actor, row.id, status, flowTypeFor(status));
    return row;
  });
}

// ---------------------------------------------------------------------------------------------
// The provider's calls

/** saveCache: a draft (validation mode none) of a new task or of an existing draft or returned task. */
export async function saveDraft(
  p: TPlatform,
  {
    actor,
    taskNo,
    taskType,
    version,
    form,
  }: { actor: TActor; taskNo?: string; taskType?: string; version?: number; form: THospitalTaskForm },
): Promise<THospitalTaskRef> {
  if (taskNo) return ref(await updateTask(p, { actor, taskNo, version, form, submit: false }));
  return ref(
    await insertTask(p, { actor, form, taskType: taskType ?? ADD_HOSPITAL, status: S.PENDING.code }),
  );
}

/** commit: submits a new add-hospital task, or the saved draft named by taskNo. */
export async function commitTask(
  p: TPlatform,
  {
    actor,
    taskNo,
    version,
    form,
  }: { actor: TActor; taskNo?: string; version?: number; form: THospitalTaskForm },
): Promise<THospitalTaskRef> {
  if (taskNo) return ref(await updateTask(p, { actor, taskNo, version, form, submit: true }));
  return ref(await insertTask(p, { actor, form, taskType: ADD_HOSPITAL, status: S.AUDITING.code }));
}

/** modify: submits an edited draft (08) or returned (04) task. */
export async function modifyTask(
  p: TPlatform,
  {
    actor,
    taskNo,
    version,
    form,
  }: { actor: TActor; taskNo: string; version?: number; form: THospitalTaskForm },
): Promise<THospitalTaskRef> {
  return ref(await updateTask(p, { actor, taskNo, version, form, submit: true }));
}

/** createCase: submits a change (04) of the approved record, compared with it. */
export async function createChangeCase(
  p: TPlatform,
  { actor, form }: { actor: TActor; form: THospitalTaskForm },
): Promise<THospitalTaskRef> {
  assertOwnProvider(actor, form.providerId);
  return ref(await insertTask(p, { actor, form, taskType: UPDATE_HOSPITAL, status: S.AUDITING.code }));
}

async function transition(
  p: TPlatform,
  input: {
    actor: TActor;
    taskNo: string;
    version?: number;
    from: readonly string[];
    to: string;
    flowType: string;
  },
): Promise<THospitalTaskRef> {
  const { actor } = input;
  return p.db.transaction(async (tx) => {
    const task = await findTask(tx, actor, input.taskNo);
    if (!input.from.includes(task.status)) throw new AppError('CASE_STATUS_CHANGED');
    if (input.version !== undefined && input.version !== task.version)
      throw new AppError('CASE_STATUS_CHANGED');
    const now = new Date();
    const [row] = await tx
      .update(hospitalTasks)
      .set({ status: input.to, version: task.version + 1, updatedAt: now, updatedBy: actor.userId })
      .where(
        and(
          eq(hospitalTasks.tenantId, actor.tenantId),
          eq(hospitalTasks.id, task.id),
          eq(hospitalTasks.version, task.version),
          inArray(hospitalTasks.status, [...input.from]),
        ),
      )
      .returning();
    if (!row) throw new AppError('CASE_STATUS_CHANGED');
    await addFlow(tx, actor, row.id, input.to, input.flowType);
    return ref(row);
  });
}

/** withdraw: a submitted task (01) goes back to the hospital as withdrawn (03). */
export function withdrawTask(
  p: TPlatform,
  input: { actor: TActor; taskNo: string; version?: number },
): Promise<THospitalTaskRef> {
  const to = S.WITHDRAWN.code;
  return transition(p, { ...input, from: WITHDRAWABLE_STATUSES, to, flowType: flowTypeFor(to) });
}

/** close: a draft (08) or returned (04) task is closed by the hospital (07, flow type 06). */
export function closeTask(
  p: TPlatform,
  input: { actor: TActor; taskNo: string; version?: number },
): Promise<THospitalTaskRef> {
  const to = S.CLOSED.code;
  return transition(p, { ...input, from: CLOSABLE_STATUSES, to, flowType: flowTypeFor(to, 'hospital') });
}

/** The operation records of a task, oldest first. */
export async function listFlows(db: TDbOrTx, { tenantId, taskId }: { tenantId: string; taskId: string }) {
  const rows = await db
    .select()
    .from(hospitalTaskFlows)
    .where(and(eq(hospitalTaskFlows.tenantId, tenantId), eq(hospitalTaskFlows.taskId, taskId)))
    .orderBy(asc(hospitalTaskFlows.operateDate), asc(hospitalTaskFlows.createdAt));
  return rows.map(flowView);
}

async function viewOf(
  p: TPlatform,
  actor: TActor,
  form: THospitalTaskForm,
  task: THospitalTaskRow | null,
  options: {
    fillEmptyContacts?: boolean;
    compare?: Pick<THospitalTaskRow, 'compareResult' | 'oldData'> | null;
  } = {},
): Promise<THospitalTaskView> {
  const contacts = groupContacts(flattenContacts(form.contacts), { fillEmpty: options.fillEmptyContacts });
  const compare = options.compare ?? task;
  return {
    id: task?.id ?? null,
    taskNo: task?.taskNo ?? null,
    taskType: task?.taskType ?? null,
    version: task?.version ?? null,
    ...form,
    ...splitProvinceCity(form.provinceCity),
    contacts: contacts as THospitalTaskView['contacts'],
    photoList: await fileViews(p, actor, form.photos),
    attacheList: await fileViews(p, actor, form.attaches),
    auditFlows: task ? await listFlows(p.db, { tenantId: actor.tenantId, taskId: task.id }) : [],
    compareResult: compare?.compareResult ?? null,
    oldData: (compare?.oldData ?? null) as THospitalTaskView['oldData'],
    status: task?.status ?? null,
    cacheStatus: task?.status ?? null,
    auditResult: task?.auditResult ?? null,
    returnReason: task?.returnReason ?? null,
    auditDate: iso(task?.auditDate),
    auditMember: task?.auditMember ?? null,
    auditMemberEn: task?.auditMemberEn ?? null,
    commitDate: iso(task?.commitDate),
    commitName: task?.commitName ?? null,
    commitNameEn: task?.commitNameEn ?? null,
    personInCharge: task?.personInCharge ?? null,
    publicityDate: iso(task?.publicityDate),
    createdAt: iso(task?.createdAt),
    updatedAt: iso(task?.updatedAt),
  };
}

/** detail/{id}: a task by id or task number, with files and operation records. */
export async function getTaskDetail(
  p: TPlatform,
  { actor, id }: { actor: TActor; id: string },
): Promise<THospitalTaskView> {
  const task = await findTask(p.db, actor, id);
  return viewOf(p, actor, toForm(task), task);
}

/**
 * editDetail: the data that fills the form. With taskNo, the task; with providerId, the
 * approved record (modifyHosp); with neither, a blank form for the actor's provider. Empty
 * contact groups get one row and empty remarks their defaults.
 */
export async function getEditDetail(
  p: TPlatform,
  { actor, taskNo, providerId }: { actor: TActor; taskNo?: string; providerId?: string },
): Promise<THospitalTaskView> {
  if (taskNo) {
    const task = await findTask(p.db, actor, taskNo);
    return viewOf(p, actor, applyDefaultRemarks(toForm(task)), task, { fillEmptyContacts: true });
  }
  const id = providerId ?? actor.providerId;
  if (!id) throw new AppError('NOT_FOUND');
  assertOwnProvider(actor, id);
  const record = await findProvider(p.db, actor.tenantId, id);
  if (providerId && !record) throw new AppError('NOT_FOUND');
  const form = record ? applyDefaultRemarks(toForm(record)) : emptyHospitalForm(id);
  return viewOf(p, actor, form, null, { fillEmptyContacts: true });
}

/** providerDetail/{providerId}: the approved record, with the compare data of the change that last updated it. */
export async function getProviderDetail(
  p: TPlatform,
  { actor, providerId }: { actor: TActor; providerId: string },
): Promise<THospitalTaskView> {
  assertOwnProvider(actor, providerId);
  const record = await findProvider(p.db, actor.tenantId, providerId);
  if (!record) throw new AppError('NOT_FOUND');
  const [last] = record.lastTaskNo
    ? await p.db
        .select({ compareResult: hospitalTasks.compareResult, oldData: hospitalTasks.oldData })
        .from(hospitalTasks)
        .where(and(eq(hospitalTasks.tenantId, actor.tenantId), eq(hospitalTasks.taskNo, record.lastTaskNo)))
    : [];
  return viewOf(p, actor, toForm(record), null, { compare: last ?? null });
}

/** checkEdit: refuses (409, 40910) when the provider has an unfinished change task (01 or 08). */
export async function checkEdit(
  p: TPlatform,
  { actor, providerId }: { actor: TActor; providerId: string },
): Promise<{ providerId: string; canEdit: true }> {
  assertOwnProvider(actor, providerId);
  if (!(await findProvider(p.db, actor.tenantId, providerId))) throw new AppError('HOSPITAL_RECORD_MISSING');
  assertNoUnfinished(await unfinishedChange(p.db, actor.tenantId, providerId));
  return { providerId, canEdit: true };
}

const SORT_COLUMNS = {
  id: hospitalTasks.createdAt,
  taskNo: hospitalTasks.taskNo,
  taskType: hospitalTasks.taskType,
  status: hospitalTasks.status,
  commitDate: hospitalTasks.commitDate,
  auditDate: hospitalTasks.auditDate,
  publicityDate: hospitalTasks.publicityDate,
} as const;

/**
 * One page of tasks: the ids of the window first (an index-only scan where an index of
 * hospital_tasks.tables.ts matches the order), then those rows, so a deep page does not read
 * every row it skips; pages past the middle are read from the end (platform/db/paging.ts).
 */
async function pageOfTasks(
  db: TDbOrTx,
  input: { where: SQL | undefined; order: TOrderKey[]; current: number; size: number; total: number },
): Promise<THospitalTaskRow[]> {
  const window = pageWindow(input);
  if (!window) return [];
  const ids = db
    .select({ id: hospitalTasks.id })
    .from(hospitalTasks)
    .where(input.where)
    .orderBy(...orderTerms(input.order, window.reverse))
    .limit(window.limit)
    .offset(window.offset);
  return db
    .select()
    .from(hospitalTasks)
    .where(inArray(hospitalTasks.id, ids))
    .orderBy(...orderTerms(input.order));
}

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Start of a day (or the instant given) in China time. */
function instantOf(text: string): Date {
  const [date, time = '00:00:00'] = text.split(/[ T]/);
  return new Date(`${date}T${time.length === 5 ? `${time}:00` : time}${UTC_OFFSET}`);
}

/** A task row as a row of the task lists (spec section 3 columns). */
function listItem(r: THospitalTaskRow): THospitalTaskListItem {
  return {
    id: r.id,
    taskNo: r.taskNo,
    taskType: r.taskType,
    status: r.status,
    providerId: r.providerId,
    providerCnName: r.providerCnName,
    providerEnName: r.providerEnName,
    commitDate: iso(r.commitDate),
    auditDate: iso(r.auditDate),
    commitName: r.commitName,
    commitNameEn: r.commitNameEn,
    auditMember: r.auditMember,
    auditMemberEn: r.auditMemberEn,
    publicityDate: iso(r.publicityDate),
    returnReason: r.returnReason,
    version: r.version,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The task list: the provider's own tasks (operator staff: the tenant's), filtered, sorted, paged. */
export async function listTasks(
  p: TPlatform,
  { actor, request }: { actor: TActor; request: THospitalTaskListRequest },
): Promise<{ records: THospitalTaskListItem[]; current: number; size: number; total: number }> {
  const { model, size, current } = request;
  const filters: SQL[] = [taskScope(actor)];
  if (model.title) {
    const like = `%${escapeLike(model.title)}%`;
    filters.push(
      or(
        ilike(hospitalTasks.taskNo, like),
        ilike(hospitalTasks.providerCnName, like),
        ilike(hospitalTasks.providerEnName, like),
      ) as SQL,
    );
  }
  if (model.sendStartDate) filters.push(gte(hospitalTasks.commitDate, instantOf(model.sendStartDate)));
  if (model.sendEndDate) {
    const end = instantOf(model.sendEndDate);
    const dateOnly = model.sendEndDate.length === 10;
    filters.push(
      lt(
        hospitalTasks.commitDate,
        dateOnly ? new Date(end.getTime() + 86_400_000) : new Date(end.getTime() + 1),
      ),
    );
  }
  if (model.status.length > 0) filters.push(inArray(hospitalTasks.status, model.status));
  const where = and(...filters);
  const descending = request.order !== 'asc';
  const order: TOrderKey[] = [
    { column: SORT_COLUMNS[request.sort], desc: descending },
    { column: hospitalTasks.id, desc: descending },
  ];
  const [{ total }] = await p.db.select({ total: count() }).from(hospitalTasks).where(where);
  const rows = await pageOfTasks(p.db, { where, order, current, size, total });
  return { records: rows.map(listItem), current, size, total };
}

// ---------------------------------------------------------------------------------------------
// Provider notes

/** A page of a provider's notes, newest first; provider staff only their own provider's. */
export async function pageProviderNotes(
  p: TPlatform,
  { actor, providerId, current, size }: { actor: TActor; providerId: string; current: number; size: number },
): Promise<{ records: TProviderNote[]; current: number; size: number; total: number }> {
  assertOwnProvider(actor, providerId);
  const where = and(eq(providerNotes.tenantId, actor.tenantId), eq(providerNotes.providerId, providerId));
  const [{ total }] = await p.db.select({ total: count() }).from(providerNotes).where(where);
  const rows = await p.db
    .select()
    .from(providerNotes)
    .where(where)
    .orderBy(desc(providerNotes.createdAt), desc(providerNotes.id))
    .limit(size)
    .offset((current - 1) * size);
  return {
    records: rows.map((r) => ({
      id: r.id,
      providerId: r.providerId,
      notesC: r.notesC,
      notesE: r.notesE,
      createdByName: r.createdByName,
      createdByNameEn: r.createdByNameEn,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    })),
    current,
    size,
    total,
  };
}

/** Hospital task counts by status, for one provider or the whole tenant (home page). */
export async function countTasksByStatus(
  db: TDbOrTx,
  { tenantId, providerId }: { tenantId: string; providerId?: string | null },
): Promise<Array<{ status: string; count: number }>> {
  const where = providerId
    ? and(eq(hospitalTasks.tenantId, tenantId), eq(hospitalTasks.providerId, providerId))
    : eq(hospitalTasks.tenantId, tenantId);
  const rows = await db
    .select({ status: hospitalTasks.status, count: count() })
    .from(hospitalTasks)
    .where(where)
    .groupBy(hospitalTasks.status);
  return rows.map((r) => ({ status: r.status, count: Number(r.count) }));
}

/** The approved names of a provider, or null when it has no approved record yet. */
export async function getProviderNames(
  db: TDbOrTx,
  { tenantId, providerId }: { tenantId: string; providerId: string },
): Promise<{ cnName: string; enName: string } | null> {
  const rows = await db
    .select({ cnName: providers.providerCnName, enName: providers.providerEnName })
    .from(providers)
    .where(and(eq(providers.tenantId, tenantId), eq(providers.providerId, providerId)));
  return rows[0] ?? null;
}

// ---------------------------------------------------------------------------------------------
// Operator side: the building blocks the hospital-audit feature (audit, jobs, exports, notes)
// reaches these tables through.

export type { THospitalTaskRow, TProviderNoteRow, TProviderRow } from './hospital-tasks.tables.ts';

/** A task of the tenant by id (uuid) or task number, whatever its provider; 404 otherwise. */
export async function findTenantTask(
  db: TDbOrTx,
  { tenantId, idOrTaskNo }: { tenantId: string; idOrTaskNo: string },
): Promise<THospitalTaskRow> {
  const key = UUID.test(idOrTaskNo) ? eq(hospitalTasks.id, idOrTaskNo) : eq(hospitalTasks.taskNo, idOrTaskNo);
  const [row] = await db
    .select()
    .from(hospitalTasks)
    .where(and(eq(hospitalTasks.tenantId, tenantId), key));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** The approved record of a provider, or null. */
export function findProviderRecord(
  db: TDbOrTx,
  { tenantId, providerId }: { tenantId: string; providerId: string },
): Promise<TProviderRow | null> {
  return findProvider(db, tenantId, providerId);
}

/** Serialises changes of one provider's tasks and record (the same lock the provider's saves take). */
export function lockProviderChanges(
  tx: TDbOrTx,
  { tenantId, providerId }: { tenantId: string; providerId: string },
) {
  return lockProvider(tx, tenantId, providerId);
}

/** The audit and assignment fields an operator's transition may set. */
export type TTaskAuditPatch = Partial<
  Pick<
    THospitalTaskRow,
    | 'status'
    | 'auditResult'
    | 'returnReason'
    | 'auditDate'
    | 'auditMember'
    | 'auditMemberEn'
    | 'auditMemberId'
    | 'personInCharge'
    | 'publicityDate'
  >
>;

/**
 * The conditional update of every operator transition: applies `set` only while the task is
 * still in one of `from` with the `version` read (and, with `unassigned`, nobody in charge).
 * The version goes up unless `keepVersion`. Null when the task changed meanwhile: the caller
 * answers 409 'case status changed' and writes nothing else.
 */
export async function updateTaskIf(
  tx: TDbOrTx,
  input: {
    tenantId: string;
    taskId: string;
    version: number;
    from: readonly string[];
    set: TTaskAuditPatch;
    by: string;
    keepVersion?: boolean;
    unassigned?: boolean;
  },
): Promise<THospitalTaskRow | null> {
  const [row] = await tx
    .update(hospitalTasks)
    .set({
      ...input.set,
      version: input.keepVersion ? input.version : input.version + 1,
      updatedAt: new Date(),
      updatedBy: input.by,
    })
    .where(
      and(
        eq(hospitalTasks.tenantId, input.tenantId),
        eq(hospitalTasks.id, input.taskId),
        eq(hospitalTasks.version, input.version),
        inArray(hospitalTasks.status, [...input.from]),
        ...(input.unassigned ? [isNull(hospitalTasks.personInCharge)] : []),
      ),
    )
    .returning();
  return row ?? null;
}

/** One field written to a provider record by an approval: the approved value before and after. */
export interface TAppliedChange {
  field: TCompareField;
  oldValue: unknown;
  newValue: unknown;
}

/** Record columns of compare fields: provinceCity is three columns. */
const columnsOfField = (field: TCompareField): string[] =>
  field === 'provinceCity' ? ['province', 'city', 'district'] : [field];

/**
 * Writes an approved task into the provider master record, inside the approval's transaction:
 * add hospital (03) inserts a new record under `providerId` with every field of the task;
 * update hospital (04) writes only the fields of its compareResult. Either way the record
 * remembers the task (last_task_no, for the NEW markers) and the approval time.
 */
export async function applyTaskToProvider(
  tx: TDbOrTx,
  input: { task: THospitalTaskRow; providerId: string; now: Date; by: string },
): Promise<{ created: boolean; changes: TAppliedChange[] }> {
  const { task, providerId, now, by } = input;
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
    const changes = COMPARE_FIELDS.map((field) => ({ field, oldValue: null, newValue: form[field] }));
    return { created: true, changes };
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
    created: false,
    changes: fields.map((field) => ({ field, oldValue: before[field], newValue: form[field] })),
  };
}

/** The highest number n of the tenant's provider ids written 'P' + 5 digits, in records and tasks (0 when none). */
export async function highestProviderNumber(
  db: TDbOrTx,
  { tenantId }: { tenantId: string },
): Promise<number> {
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

/** Tasks of every tenant in one of `statuses` untouched (updated_at) since `before`, oldest first. */
export async function findIdleTasks(
  db: TDbOrTx,
  { statuses, before, limit }: { statuses: readonly string[]; before: Date; limit: number },
): Promise<THospitalTaskRow[]> {
  return db
    .select()
    .from(hospitalTasks)
    .where(and(inArray(hospitalTasks.status, [...statuses]), lt(hospitalTasks.updatedAt, before)))
    .orderBy(asc(hospitalTasks.updatedAt), asc(hospitalTasks.id))
    .limit(limit);
}

/** A row of the operator's task list: the provider's columns plus who has it and the audit result. */
export type TOperatorTaskItem = THospitalTaskListItem & {
  personInCharge: string | null;
  auditResult: string | null;
};

/** The operator's task search (all providers of the tenant). Text filters match partially, dates are China-time days. */
export interface TTaskSearch {
  title: string;
  taskNo: string;
  providerId: string;
  providerName: string;
  taskType: string[];
  status: string[];
  sendStartDate: string;
  sendEndDate: string;
  personInCharge: string;
}

const OPERATOR_SORT_COLUMNS = {
  commitDate: hospitalTasks.commitDate,
  taskNo: hospitalTasks.taskNo,
  taskType: hospitalTasks.taskType,
  status: hospitalTasks.status,
  auditDate: hospitalTasks.auditDate,
  publicityDate: hospitalTasks.publicityDate,
  providerId: hospitalTasks.providerId,
} as const;

/** Every provider's tasks of the tenant, filtered, sorted (submit date newest first by default), paged. */
export async function searchTasks(
  db: TDbOrTx,
  input: {
    tenantId: string;
    filter: TTaskSearch;
    current: number;
    size: number;
    sort: keyof typeof OPERATOR_SORT_COLUMNS;
    order: 'asc' | 'desc';
  },
): Promise<{ records: TOperatorTaskItem[]; current: number; size: number; total: number }> {
  const { filter, current, size } = input;
  const like = (v: string) => `%${escapeLike(v)}%`;
  const filters: SQL[] = [eq(hospitalTasks.tenantId, input.tenantId)];
  if (filter.title) {
    filters.push(
      or(
        ilike(hospitalTasks.taskNo, like(filter.title)),
        ilike(hospitalTasks.providerCnName, like(filter.title)),
        ilike(hospitalTasks.providerEnName, like(filter.title)),
      ) as SQL,
    );
  }
  if (filter.taskNo) filters.push(ilike(hospitalTasks.taskNo, like(filter.taskNo)));
  if (filter.providerId) filters.push(ilike(hospitalTasks.providerId, like(filter.providerId)));
  if (filter.providerName) {
    filters.push(
      or(
        ilike(hospitalTasks.providerCnName, like(filter.providerName)),
        ilike(hospitalTasks.providerEnName, like(filter.providerName)),
      ) as SQL,
    );
  }
  if (filter.personInCharge) filters.push(ilike(hospitalTasks.personInCharge, like(filter.personInCharge)));
  if (filter.taskType.length > 0) filters.push(inArray(hospitalTasks.taskType, filter.taskType));
  if (filter.status.length > 0) filters.push(inArray(hospitalTasks.status, filter.status));
  if (filter.sendStartDate) filters.push(gte(hospitalTasks.commitDate, instantOf(filter.sendStartDate)));
  if (filter.sendEndDate)
    filters.push(
      lt(hospitalTasks.commitDate, new Date(instantOf(filter.sendEndDate).getTime() + 86_400_000)),
    );
  const where = and(...filters);
  const order: TOrderKey[] = [
    { column: OPERATOR_SORT_COLUMNS[input.sort], desc: input.order !== 'asc' },
    { column: hospitalTasks.createdAt, desc: true },
    { column: hospitalTasks.id, desc: true },
  ];
  const [{ total }] = await db.select({ total: count() }).from(hospitalTasks).where(where);
  const rows = await pageOfTasks(db, { where, order, current, size, total });
  return {
    records: rows.map((r) => ({
      ...listItem(r),
      personInCharge: r.personInCharge,
      auditResult: r.auditResult,
    })),
    current,
    size,
    total,
  };
}

/** Approved provider records of the tenant (all, or those named), by provider id. */
export async function listProviderRecords(
  db: TDbOrTx,
  { tenantId, providerIds }: { tenantId: string; providerIds?: readonly string[] },
): Promise<TProviderRow[]> {
  if (providerIds && providerIds.length === 0) return [];
  return db
    .select()
    .from(providers)
    .where(
      and(
        eq(providers.tenantId, tenantId),
        ...(providerIds ? [inArray(providers.providerId, [...providerIds])] : []),
      ),
    )
    .orderBy(asc(providers.providerId));
}

/** A page of the tenant's provider records (id or either name matching the keyword) with their note counts. */
export async function pageProviderRecords(
  db: TDbOrTx,
  { tenantId, keyword, current, size }: { tenantId: string; keyword: string; current: number; size: number },
) {
  const like = `%${escapeLike(keyword)}%`;
  const where = and(
    eq(providers.tenantId, tenantId),
    ...(keyword
      ? [
          or(
            ilike(providers.providerId, like),
            ilike(providers.providerCnName, like),
            ilike(providers.providerEnName, like),
          ) as SQL,
        ]
      : []),
  );
  const [{ total }] = await db.select({ total: count() }).from(providers).where(where);
  const rows = await db
    .select({
      id: providers.id,
      providerId: providers.providerId,
      providerCnName: providers.providerCnName,
      providerEnName: providers.providerEnName,
      status: providers.status,
      approvedAt: providers.approvedAt,
      noteCount: sql<number>`(select count(*) from ${providerNotes} where ${providerNotes.tenantId} = ${providers.tenantId} and ${providerNotes.providerId} = ${providers.providerId})::int`,
    })
    .from(providers)
    .where(where)
    .orderBy(asc(providers.providerId))
    .limit(size)
    .offset((current - 1) * size);
  return {
    records: rows.map((r) => ({ ...r, approvedAt: iso(r.approvedAt), noteCount: Number(r.noteCount) })),
    current,
    size,
    total,
  };
}

/** Adds a note about a provider that has an approved record (404 otherwise). */
export async function addProviderNote(
  db: TDbOrTx,
  input: { tenantId: string; providerId: string; notesC: string; notesE: string; by: TActor },
): Promise<TProviderNoteRow> {
  if (!(await findProvider(db, input.tenantId, input.providerId))) throw new AppError('NOT_FOUND');
  const [row] = await db
    .insert(providerNotes)
    .values({
      tenantId: input.tenantId,
      providerId: input.providerId,
      notesC: input.notesC,
      notesE: input.notesE,
      createdByName: input.by.name,
      createdByNameEn: input.by.nameEn,
      createdBy: input.by.userId,
      updatedBy: input.by.userId,
    })
    .returning();
  return row;
}

/** Edits a note's text; 404 when missing, 409 when `version` is given and stale. */
export async function updateProviderNote(
  db: TDbOrTx,
  input: { tenantId: string; id: string; version?: number; notesC: string; notesE: string; by: TActor },
): Promise<TProviderNoteRow> {
  const scope = and(eq(providerNotes.tenantId, input.tenantId), eq(providerNotes.id, input.id));
  const [current] = await db.select().from(providerNotes).where(scope);
  if (!current) throw new AppError('NOT_FOUND');
  const version = input.version ?? current.version;
  const [row] = await db
    .update(providerNotes)
    .set({
      notesC: input.notesC,
      notesE: input.notesE,
      version: version + 1,
      updatedAt: new Date(),
      updatedBy: input.by.userId,
    })
    .where(and(scope, eq(providerNotes.version, version)))
    .returning();
  if (!row) throw new AppError('CASE_STATUS_CHANGED');
  return row;
}

/** Deletes notes of the tenant by id; how many went (404 when none of them exists). */
export async function deleteProviderNotes(
  db: TDbOrTx,
  { tenantId, ids }: { tenantId: string; ids: readonly string[] },
): Promise<number> {
  const rows = await db
    .delete(providerNotes)
    .where(and(eq(providerNotes.tenantId, tenantId), inArray(providerNotes.id, [...ids])))
    .returning({ id: providerNotes.id });
  if (rows.length === 0) throw new AppError('NOT_FOUND');
  return rows.length;
}
