/**
 * The provider's reads of hospital tasks and records: detail, edit detail, provider detail,
 * the task list, notes, the home page's counts, and who may see a task's files.
 */
import type {
  THospitalTaskListItem,
  THospitalTaskView,
  TProviderNote,
  TTaskFile,
} from '@portal/domain/hospital-tasks/api';
import {
  applyDefaultRemarks,
  emptyHospitalForm,
  flattenContacts,
  groupContacts,
  splitProvinceCity,
  type THospitalTaskForm,
  type THospitalTaskListRequest,
} from '@portal/domain/hospital-tasks/rules';
import { and, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { preparedShapes } from '../../platform/db/prepared.ts';
import { escapeLike, pgArray } from '../../platform/db/values.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { keptSearches, type TKeptSearches } from '../change-tasks/change-tasks.kept-searches.ts';
import {
  pageAcrossKinds,
  type TCountedFilter,
  type TCrossKindSort,
  type TListSource,
} from '../change-tasks/change-tasks.list.ts';
import { findTask, isUuid, listFlows } from '../change-tasks/change-tasks.store.ts';
import type { TTaskScopeOf } from '../doctors/doctors.service.ts';
import { doctorTaskListRows, doctorTaskListSource } from '../doctors/doctors.service.ts';
import { getFileForActor, toFileView } from '../files/files.service.ts';
import { assertOwnProvider, findProvider, hospitalTaskKind as kind, toForm } from './hospital-tasks.kind.ts';
import { hospitalTasks, providerNotes, providers, type THospitalTaskRow } from './hospital-tasks.tables.ts';

/** List date filters use China time (decision 0006). */
const UTC_OFFSET = '+08:00';
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
/** Provider staff reach only their own provider's tasks. */
const scopeOf = (actor: TActor) => ({ tenantId: actor.tenantId, providerId: actor.providerId });

/** Start of a day (or the instant given) in China time. */
export function instantOf(text: string): Date {
  const [date, time = '00:00:00'] = text.split(/[ T]/);
  return new Date(`${date}T${time.length === 5 ? `${time}:00` : time}${UTC_OFFSET}`);
}

/** The files the actor may see, in the order given; files gone since are left out. */
export async function fileViews(p: TPlatform, actor: TActor, ids: readonly string[]): Promise<TTaskFile[]> {
  const out: TTaskFile[] = [];
  for (const id of ids) {
    if (!isUuid(id)) continue;
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

/** Whether the actor may see a task or provider record by its row id (file visibility of photos and attachments). */
export async function canSeeHospitalObject(
  p: TPlatform,
  { actor, bizId }: { actor: TActor; bizId: string },
): Promise<boolean> {
  if (!isUuid(bizId)) return false;
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
    auditFlows: task ? await listFlows(p.db, kind, { tenantId: actor.tenantId, taskId: task.id }) : [],
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
  const task = await findTask<THospitalTaskRow>(p.db, kind, { ...scopeOf(actor), idOrTaskNo: id });
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
    const task = await findTask<THospitalTaskRow>(p.db, kind, { ...scopeOf(actor), idOrTaskNo: taskNo });
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

export type TSearchColumn = 'task_no' | 'provider_id' | 'provider_cn_name' | 'provider_en_name';

/**
 * What the lookup costs per task it finds, in index entries of an ILIKE walk. First measured at
 * 1,000,000 tasks, when the trigram indexes held every tenant: 22,200 found in 0.6-0.9 s where a
 * walk read 200,000 entries in 0.35 s (1.75 µs each). Led by the tenant (migration 0049), the
 * lookup found only the tenant's matches: 4,440 in 37 ms (decision 0022). Through the names'
 * suffixes (migration 0052): 4,440 in 4.8 ms, about 1.1 µs each; 3 is kept, which errs towards
 * the walk.
 */
export const LOOKUP_COST_PER_MATCH = 3;

/**
 * The most ids a lookup hands to the list's queries as a list of values; past it the list asks
 * the lookup inside its queries instead (each query runs it again).
 */
export const LOOKUP_IDS_MAX = 20_000;

/**
 * Whether a substring filter is a plain ILIKE walk rather than the trigram lookup, from the
 * planner's estimates. The page's walk stops when the page is full, and the capped count's walk
 * (an index-only scan of hospital_tasks_search_idx) after about (cap + 1) / share entries, or at
 * the end of the scope. The lookup finds every match of the tenant (`lookupRows`, migration
 * 0049) before the page or the count sees one. So: the walk when it is short (at most
 * `walkLimit` entries, config LIST_TEXT_WALK_LIMIT) or cheaper than the lookup's matches.
 */
export function walksForText(
  estimate: { scopeRows: number; matchingRows: number; lookupRows: number },
  limits: { countCap: number; walkLimit: number; lookupCostPerMatch?: number },
): boolean {
  const share = Math.max(estimate.matchingRows, 1) / Math.max(estimate.scopeRows, 1);
  const walk = Math.min(estimate.scopeRows, (limits.countCap + 1) / share);
  const lookup = (limits.lookupCostPerMatch ?? LOOKUP_COST_PER_MATCH) * estimate.lookupRows;
  return walk <= limits.walkLimit || walk <= lookup;
}

/** Where a substring filter looks (the tenant, or one provider of it) and the limits that choose how. */
interface TTextScope {
  tenantId: string;
  providerId?: string | null;
  countCap: number;
  walkLimit: number;
  lookupCostPerMatch?: number;
}

/**
 * A substring filter as a list's condition: `matches`, how many tasks of the scope match when the
 * lookup found them (null for a walk); `walked`, the condition is an ILIKE the list applies while
 * it walks its order index (TListSource.walked).
 */
export interface TTextMatch {
  where: SQL;
  matches: number | null;
  walked: boolean;
}

/**
 * Tasks in scope (the tenant, or one provider of it) whose named text columns contain `text`
 * (case-insensitive), as a list's condition. Under row-level security an ILIKE cannot use the
 * trigram indexes (decision 0022), so the condition is either a plain ILIKE, which the list
 * applies while it walks an index, or the ids the owner-run lookup (migrations 0014, 0049,
 * 0052: the task number by trigrams, the provider id and names by their suffixes) finds in the
 * scope; walksForText chooses from the owner-run estimate (migrations 0039,
 * 0049). The lookup runs once here and its ids go into the condition as values, so the
 * request's planner knows how many there are and walks the list's order index keeping those
 * ids, and `matches` says how many tasks of the scope match (a list filtered by this alone needs
 * no count). Past LOOKUP_IDS_MAX ids the condition asks the lookup itself. Fewer than three
 * characters (a Chinese search of one or two): no trigram exists, so always the walk. With
 * `kept` the outcome is worked out once until a task of the tenant changes (kept searches).
 */
export async function hospitalTaskTextMatch(
  db: TDbOrTx,
  scope: TTextScope & { kept?: TKeptSearches },
  columns: readonly TSearchColumn[],
  text: string,
): Promise<TTextMatch> {
  if (!scope.kept) return textMatch(db, scope, columns, text);
  const key = JSON.stringify([
    'text',
    scope.providerId ?? null,
    columns,
    text,
    scope.countCap,
    scope.walkLimit,
    scope.lookupCostPerMatch ?? null,
  ]);
  return scope.kept.recall(
    scope.tenantId,
    key,
    () => textMatch(db, scope, columns, text),
    (found) => found.matches ?? 1,
  );
}

async function textMatch(
  db: TDbOrTx,
  scope: TTextScope,
  columns: readonly TSearchColumn[],
  text: string,
): Promise<TTextMatch> {
  const pattern = `%${escapeLike(text)}%`;
  if ([...text].length < 3 || walksForText(await likeEstimate(db, scope, columns, pattern), scope)) {
    const column = {
      task_no: hospitalTasks.taskNo,
      provider_id: hospitalTasks.providerId,
      provider_cn_name: hospitalTasks.providerCnName,
      provider_en_name: hospitalTasks.providerEnName,
    } as const;
    return {
      where: or(...columns.map((c) => ilike(column[c], pattern))) as SQL,
      matches: null,
      walked: true,
    };
  }
  const lookup = sql`select * from hospital_task_ids_like(${scope.tenantId}::uuid, ${scope.providerId ?? null}, ${columns.join(',')}, ${pattern})`;
  const found = await db.execute(
    sql`select ids::text as id from (${lookup}) as found(ids) limit ${LOOKUP_IDS_MAX + 1}`,
  );
  const ids = (found as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
  if (ids.length > LOOKUP_IDS_MAX)
    return { where: sql`${hospitalTasks.id} in (${lookup})`, matches: null, walked: false };
  if (ids.length === 0) return { where: sql`false`, matches: 0, walked: false };
  return {
    where: sql`${hospitalTasks.id} = any(${pgArray(ids)}::uuid[])`,
    matches: ids.length,
    walked: false,
  };
}

/** The planner's estimates of the tasks in scope and of those matching the pattern (migration 0039). */
async function likeEstimate(
  db: TDbOrTx,
  scope: { tenantId: string; providerId?: string | null },
  columns: readonly TSearchColumn[],
  pattern: string,
): Promise<{ scopeRows: number; matchingRows: number; lookupRows: number }> {
  const result = await db.execute(
    sql`select scope_rows, matching_rows, lookup_rows from hospital_task_like_estimate(${scope.tenantId}::uuid, ${scope.providerId ?? null}, ${columns.join(',')}, ${pattern})`,
  );
  type TRow = { scope_rows: number | null; matching_rows: number | null; lookup_rows: number | null };
  const [row] = (result as unknown as { rows: TRow[] }).rows;
  return {
    scopeRows: Number(row?.scope_rows ?? 0),
    matchingRows: Number(row?.matching_rows ?? 0),
    lookupRows: Number(row?.lookup_rows ?? 0),
  };
}

/**
 * The columns a row of the task lists shows: a list reads only these, never the task's form,
 * old data and compare result (large jsonb, read from TOAST and parsed for nothing).
 */
const LIST_COLUMNS = {
  id: hospitalTasks.id,
  taskNo: hospitalTasks.taskNo,
  taskType: hospitalTasks.taskType,
  status: hospitalTasks.status,
  providerId: hospitalTasks.providerId,
  providerCnName: hospitalTasks.providerCnName,
  providerEnName: hospitalTasks.providerEnName,
  commitDate: hospitalTasks.commitDate,
  auditDate: hospitalTasks.auditDate,
  commitName: hospitalTasks.commitName,
  commitNameEn: hospitalTasks.commitNameEn,
  auditMember: hospitalTasks.auditMember,
  auditMemberEn: hospitalTasks.auditMemberEn,
  publicityDate: hospitalTasks.publicityDate,
  returnReason: hospitalTasks.returnReason,
  version: hospitalTasks.version,
  createdAt: hospitalTasks.createdAt,
  updatedAt: hospitalTasks.updatedAt,
  personInCharge: hospitalTasks.personInCharge,
  auditResult: hospitalTasks.auditResult,
} as const;
type TListColumns = Pick<THospitalTaskRow, keyof typeof LIST_COLUMNS>;

/** A task row as a row of the task lists (spec section 3 columns). */
export function listItem(r: TListColumns): THospitalTaskListItem {
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

/**
 * A list page's hospital task rows by id, prepared once per database handle: one statement
 * whatever the page's size, its ids bound as one array (docs/performance.md).
 */
const hospitalListRows = preparedShapes(
  () => 'hospital_task_list_rows',
  (db, _shape: undefined, name) =>
    db
      .select(LIST_COLUMNS)
      .from(hospitalTasks)
      .where(
        and(
          eq(hospitalTasks.tenantId, sql.placeholder('tenantId')),
          sql`${hospitalTasks.id} = any(${sql.placeholder('ids')}::uuid[])`,
        ),
      )
      .prepare(name),
);

/** A row of the task lists: hospital and doctor tasks alike, with who has it and the audit result. */
export type TCrossKindListItem = THospitalTaskListItem & {
  personInCharge: string | null;
  auditResult: string | null;
};

/**
 * One page of the task lists across kinds (hospital tasks, and doctor tasks through the doctors
 * feature): the (kind, id) window of the UNION first (change-tasks.list.ts, read from the
 * nearer end), then those rows from each kind's table, in the window's order. Doctor rows get
 * the approved names of their provider.
 */
export async function pageOfTasks(
  db: TDbOrTx,
  input: {
    tenantId: string;
    sources: readonly TListSource[];
    sort: TCrossKindSort;
    desc: boolean;
    current: number;
    size: number;
    countCap: number;
    /** Names the list query, to page by keyset next to the pages served lately (pageAcrossKinds). */
    pageKey?: string;
    /** A jump's walk keeps a mark every this many rows (pageAcrossKinds). */
    marksEvery?: number;
    /** Keeps the capped counts until a task of the tenant changes (pageAcrossKinds). */
    kept?: { searches: TKeptSearches; tenantId: string };
  },
): Promise<{ records: TCrossKindListItem[]; total: number; totalCapped: boolean }> {
  const { total, totalCapped, refs } = await pageAcrossKinds(db, input);
  const idsOf = (kind: string) => refs.filter((r) => r.kind === kind).map((r) => r.id);
  const hospitalIds = idsOf('hospital');
  const hospitalRows = hospitalIds.length
    ? await hospitalListRows(db, undefined).execute({ tenantId: input.tenantId, ids: pgArray(hospitalIds) })
    : [];
  const doctorRows = await doctorTaskListRows(db, { tenantId: input.tenantId, ids: idsOf('doctor') });
  const providerIds = [...new Set(doctorRows.map((r) => r.providerId))];
  const names = providerIds.length
    ? await db
        .select({
          providerId: providers.providerId,
          cnName: providers.providerCnName,
          enName: providers.providerEnName,
        })
        .from(providers)
        .where(and(eq(providers.tenantId, input.tenantId), inArray(providers.providerId, providerIds)))
    : [];
  const byId = new Map<string, TCrossKindListItem>();
  for (const r of hospitalRows)
    byId.set(r.id, { ...listItem(r), personInCharge: r.personInCharge, auditResult: r.auditResult });
  for (const r of doctorRows) {
    const provider = names.find((n) => n.providerId === r.providerId);
    byId.set(r.id, {
      ...r,
      providerCnName: provider?.cnName ?? '',
      providerEnName: provider?.enName ?? '',
    });
  }
  const records = refs.map((r) => byId.get(r.id)).filter((r): r is TCrossKindListItem => !!r);
  return { records, total, totalCapped };
}

/**
 * The hospital tasks' part of the task lists across kinds; `matched`: how many rows `where`
 * selects when that is known without a count (a text lookup's ids and nothing more); `walked`:
 * `where` holds an ILIKE (TListSource.walked).
 */
export function hospitalTaskListSource(
  where: SQL | undefined,
  counted?: TCountedFilter,
  matched?: number,
  walked?: boolean,
): TListSource {
  return { kind: 'hospital', tasks: hospitalTasks, where, counted, matched, walked };
}

/** The end of a China-time day filter: the next day's start for a date, else just after the instant. */
export function endBefore(text: string): Date {
  const end = instantOf(text);
  return text.length === 10 ? new Date(end.getTime() + 86_400_000) : new Date(end.getTime() + 1);
}

/**
 * The task list: the provider's own hospital and doctor tasks (operator staff: the tenant's),
 * filtered, sorted, paged.
 */
export async function listTasks(
  p: TPlatform,
  { actor, request }: { actor: TActor; request: THospitalTaskListRequest },
): Promise<{
  records: THospitalTaskListItem[];
  current: number;
  size: number;
  total: number;
  totalCapped: boolean;
}> {
  const { model, size, current } = request;
  const kept = keptSearches(p);
  const filters: SQL[] = [
    eq(hospitalTasks.tenantId, actor.tenantId),
    ...(actor.providerId ? [eq(hospitalTasks.providerId, actor.providerId)] : []),
  ];
  const text = model.title
    ? await hospitalTaskTextMatch(
        p.db,
        {
          tenantId: actor.tenantId,
          providerId: actor.providerId,
          countCap: p.config.listCountCap,
          walkLimit: p.config.listTextWalkLimit,
          kept,
        },
        ['task_no', 'provider_cn_name', 'provider_en_name'],
        model.title,
      )
    : null;
  if (text) filters.push(text.where);
  const commitFrom = model.sendStartDate ? instantOf(model.sendStartDate) : null;
  const commitBefore = model.sendEndDate ? endBefore(model.sendEndDate) : null;
  if (commitFrom) filters.push(gte(hospitalTasks.commitDate, commitFrom));
  if (commitBefore) filters.push(lt(hospitalTasks.commitDate, commitBefore));
  if (model.status.length > 0) filters.push(inArray(hospitalTasks.status, model.status));
  const doctorSource = doctorTaskListSource({
    tenantId: actor.tenantId,
    providerId: actor.providerId,
    filter: { title: model.title, status: model.status, commitFrom, commitBefore },
  });
  const { records, total, totalCapped } = await pageOfTasks(p.db, {
    tenantId: actor.tenantId,
    sources: [
      hospitalTaskListSource(
        and(...filters),
        model.title || commitFrom || commitBefore
          ? undefined
          : {
              tenantId: actor.tenantId,
              providerId: actor.providerId ?? null,
              taskTypes: [],
              statuses: model.status,
            },
        // The title alone (tenant and provider are the lookup's scope): its matches are the total.
        !commitFrom && !commitBefore && model.status.length === 0 ? (text?.matches ?? undefined) : undefined,
        text?.walked,
      ),
      doctorSource,
    ],
    sort: request.sort === 'id' ? 'createdAt' : request.sort,
    desc: request.order !== 'asc',
    current,
    size,
    countCap: p.config.listCountCap,
    marksEvery: p.config.listJumpMarkEvery,
    kept: kept && { searches: kept, tenantId: actor.tenantId },
    pageKey: JSON.stringify([
      'tasks',
      actor.tenantId,
      actor.providerId,
      model,
      request.sort,
      request.order,
      size,
    ]),
  });
  return {
    records: records.map(({ personInCharge: _p, auditResult: _a, ...item }) => item),
    current,
    size,
    total,
    totalCapped,
  };
}

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

/**
 * Hospital task counts by status, for one provider or the whole tenant (home page), within an
 * operator's data scope when `scopeOf` gives its condition (decision 0028).
 */
export async function countTasksByStatus(
  db: TDbOrTx,
  { tenantId, providerId, scopeOf }: { tenantId: string; providerId?: string | null; scopeOf?: TTaskScopeOf },
): Promise<Array<{ status: string; count: number }>> {
  const where = and(
    eq(hospitalTasks.tenantId, tenantId),
    providerId ? eq(hospitalTasks.providerId, providerId) : undefined,
    scopeOf?.(hospitalTasks),
  );
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
