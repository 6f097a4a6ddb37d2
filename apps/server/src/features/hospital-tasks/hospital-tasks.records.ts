import { and, asc, count, eq, gte, ilike, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { escapeLike } from '../../platform/db/values.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TKeptSearches } from '../change-tasks/change-tasks.kept-searches.ts';
import type { TCrossKindSort } from '../change-tasks/change-tasks.list.ts';
import {
  doctorTaskFilterOfAudit,
  doctorTaskListSource,
  type TTaskScopeOf,
} from '../doctors/doctors.service.ts';
import { findProvider } from './hospital-tasks.kind.ts';
import {
  endBefore,
  hospitalTaskListSource,
  hospitalTaskTextMatch,
  instantOf,
  pageOfTasks,
  type TCrossKindListItem,
  type TSearchColumn,
  type TTextMatch,
} from './hospital-tasks.queries.ts';
import {
  hospitalTasks,
  providerNotes,
  providers,
  type TProviderNoteRow,
  type TProviderRow,
} from './hospital-tasks.tables.ts';
import { providerMatching } from './providers.match.ts';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The approved record of a provider, or null. */
export function findProviderRecord(
  db: TDbOrTx,
  { tenantId, providerId }: { tenantId: string; providerId: string },
): Promise<TProviderRow | null> {
  return findProvider(db, tenantId, providerId);
}

/** A row of the operator's task list: the provider's columns plus who has it and the audit result. */
export type TOperatorTaskItem = TCrossKindListItem;

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

/** Sorts of the operator's list and the common column each reads. */
const OPERATOR_SORTS = {
  commitDate: 'commitDate',
  taskNo: 'taskNo',
  taskType: 'taskType',
  status: 'status',
  auditDate: 'auditDate',
  publicityDate: 'publicityDate',
  providerId: 'providerId',
} as const satisfies Record<string, TCrossKindSort>;

/**
 * Every provider's hospital and doctor tasks of the tenant, filtered, sorted (submit date newest
 * first by default), paged. The hospital-name filter matches hospital tasks only.
 */
export async function searchTasks(
  db: TDbOrTx,
  input: {
    tenantId: string;
    filter: TTaskSearch;
    current: number;
    size: number;
    sort: keyof typeof OPERATOR_SORTS;
    order: 'asc' | 'desc';
    /** The actor's data-scope condition on a task table (decision 0028); undefined: every task. */
    scopeOf?: TTaskScopeOf;
    /** The most a filter's matches are counted (config listCountCap). */
    countCap: number;
    /** The most index entries a substring filter walks (config listTextWalkLimit). */
    textWalkLimit: number;
    /** The trigram lookup's cost per match (LOOKUP_COST_PER_MATCH unless set; tests: 0 forces the lookup). */
    textLookupCost?: number;
    /** Who reads the list (their data scope is part of it): set, pages are read by keyset next to the last ones. */
    viewer?: string;
    /** With `viewer`: a jump's walk keeps a mark every this many rows (config listJumpMarkEvery). */
    marksEvery?: number;
    /** Keeps the filters' outcomes and capped counts until a task of the tenant changes. */
    kept?: TKeptSearches;
  },
): Promise<{
  records: TOperatorTaskItem[];
  current: number;
  size: number;
  total: number;
  totalCapped: boolean;
}> {
  const { filter, current, size } = input;
  const hospitalScope = input.scopeOf?.(hospitalTasks);
  const like = (v: string) => `%${escapeLike(v)}%`;
  const filters: SQL[] = [eq(hospitalTasks.tenantId, input.tenantId)];
  const tenant = input.tenantId;
  const textScope = {
    tenantId: tenant,
    countCap: input.countCap,
    walkLimit: input.textWalkLimit,
    lookupCostPerMatch: input.textLookupCost,
    kept: input.kept,
  };
  const textFilters: [readonly TSearchColumn[], string][] = [
    [['task_no', 'provider_cn_name', 'provider_en_name'], filter.title],
    [['task_no'], filter.taskNo],
    [['provider_id'], filter.providerId],
    [['provider_cn_name', 'provider_en_name'], filter.providerName],
  ];
  const texts: TTextMatch[] = [];
  for (const [columns, text] of textFilters) {
    if (text) texts.push(await hospitalTaskTextMatch(db, textScope, columns, text));
  }
  filters.push(...texts.map((x) => x.where));
  if (filter.personInCharge) filters.push(ilike(hospitalTasks.personInCharge, like(filter.personInCharge)));
  if (filter.taskType.length > 0) filters.push(inArray(hospitalTasks.taskType, filter.taskType));
  if (filter.status.length > 0) filters.push(inArray(hospitalTasks.status, filter.status));
  const commitFrom = filter.sendStartDate ? instantOf(filter.sendStartDate) : null;
  const commitBefore = filter.sendEndDate ? endBefore(filter.sendEndDate.slice(0, 10)) : null;
  if (commitFrom) filters.push(gte(hospitalTasks.commitDate, commitFrom));
  if (commitBefore) filters.push(lt(hospitalTasks.commitDate, commitBefore));
  if (hospitalScope) filters.push(hospitalScope);
  // Filtered by type and status only (and no data scope): the total comes from the kept counts.
  const byCodesOnly =
    !hospitalScope &&
    !filter.title &&
    !filter.taskNo &&
    !filter.providerId &&
    !filter.providerName &&
    !filter.personInCharge &&
    !commitFrom &&
    !commitBefore;
  const sources = [
    hospitalTaskListSource(
      and(...filters),
      byCodesOnly
        ? { tenantId: tenant, providerId: null, taskTypes: filter.taskType, statuses: filter.status }
        : undefined,
      // One text filter answered by the lookup and nothing else: its matches are the total.
      texts.length === 1 &&
        !hospitalScope &&
        !filter.personInCharge &&
        filter.taskType.length === 0 &&
        filter.status.length === 0 &&
        !commitFrom &&
        !commitBefore
        ? (texts[0].matches ?? undefined)
        : undefined,
      texts.some((x) => x.walked) || !!filter.personInCharge,
    ),
  ];
  const doctorFilter = doctorTaskFilterOfAudit(filter);
  if (doctorFilter) {
    sources.push(
      doctorTaskListSource({
        tenantId: input.tenantId,
        providerId: null,
        filter: doctorFilter,
        scopeOf: input.scopeOf,
      }),
    );
  }
  const { records, total, totalCapped } = await pageOfTasks(db, {
    tenantId: input.tenantId,
    sources,
    sort: OPERATOR_SORTS[input.sort],
    desc: input.order !== 'asc',
    current,
    size,
    countCap: input.countCap,
    marksEvery: input.marksEvery,
    kept: input.kept && { searches: input.kept, tenantId: input.tenantId },
    pageKey:
      input.viewer &&
      JSON.stringify(['audit', input.tenantId, input.viewer, filter, input.sort, input.order, size]),
  });
  return { records, current, size, total, totalCapped };
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
  const where = and(eq(providers.tenantId, tenantId), providerMatching(keyword));
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
