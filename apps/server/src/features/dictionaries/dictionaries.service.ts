import { AREA_ROOT_CODE } from '@portal/domain/dictionaries/codes';
import {
  AREA_CODE_TYPES,
  AREA_MAX_LEVEL,
  DEPARTMENT_CODE_TYPE,
  hasSpecialCharacters,
  type TArea,
  type TBank,
  type TDepartment,
  type TDictEntry,
  type TDictionaryKind,
  type TDictionaryRecord,
  type TDictionaryTypeRecord,
  type TEnumItem,
} from '@portal/domain/dictionaries/rules';
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { writeOperationLog } from '../../platform/audit-log/audit-log.service.ts';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { writtenAnswers } from '../../platform/http/envelope.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { dictionaryCache, type TCacheSection } from './dictionaries.cache.ts';
import { areas, banks, departments, dictionaryEntries, dictionaryTypes } from './dictionaries.tables.ts';

// ---------------------------------------------------------------------------------------
// Cached sections

interface TTypeRow {
  id: string;
  codeType: string;
  name: string;
  nameEn: string;
  kind: TDictionaryKind;
  sort: number;
  updatedAt: Date;
}

interface TAreaIndex {
  byCode: Map<string, TArea>;
  children: Map<string, TArea[]>;
  byLevel: Map<string, TArea[]>;
}

interface TDepartmentRow extends TDepartment {
  enabled: boolean;
}

const cacheOf = (p: TPlatform) => dictionaryCache(p);

function loadTypes(p: TPlatform, tenantId: string) {
  return cacheOf(p).get(tenantId, 'types', async () => {
    const rows = await p.db
      .select()
      .from(dictionaryTypes)
      .where(eq(dictionaryTypes.tenantId, tenantId))
      .orderBy(asc(dictionaryTypes.sort), asc(dictionaryTypes.codeType));
    return new Map<string, TTypeRow>(
      rows.map((r) => [r.codeType, { ...r, kind: r.kind as TDictionaryKind }]),
    );
  });
}

function loadEntries(p: TPlatform, tenantId: string) {
  return cacheOf(p).get(tenantId, 'entries', async () => {
    const rows = await p.db
      .select({
        code: dictionaryEntries.code,
        codeType: dictionaryEntries.codeType,
        codeName: dictionaryEntries.codeName,
        codeEnName: dictionaryEntries.codeEnName,
        enabled: dictionaryEntries.enabled,
      })
      .from(dictionaryEntries)
      .where(eq(dictionaryEntries.tenantId, tenantId))
      .orderBy(asc(dictionaryEntries.codeType), asc(dictionaryEntries.sort), asc(dictionaryEntries.code));
    const byType = new Map<string, TDictEntry[]>();
    for (const row of rows) {
      const list = byType.get(row.codeType);
      if (list) list.push(row);
      else byType.set(row.codeType, [row]);
    }
    return byType;
  });
}

function loadAreas(p: TPlatform, tenantId: string) {
  return cacheOf(p).get(tenantId, 'areas', async (): Promise<TAreaIndex> => {
    const rows = await p.db
      .select({
        id: areas.id,
        code: areas.code,
        upCode: areas.upCode,
        level: areas.level,
        cnName: areas.cnName,
        enName: areas.enName,
        sort: areas.sort,
      })
      .from(areas)
      .where(eq(areas.tenantId, tenantId))
      .orderBy(asc(areas.sort), asc(areas.code));
    const index: TAreaIndex = { byCode: new Map(), children: new Map(), byLevel: new Map() };
    const push = (map: Map<string, TArea[]>, key: string, area: TArea) => {
      const list = map.get(key);
      if (list) list.push(area);
      else map.set(key, [area]);
    };
    const all = rows.map((r) => ({ ...r, hasChildren: false }));
    for (const area of all) index.byCode.set(area.code, area);
    for (const area of all) {
      push(index.children, area.upCode, area);
      push(index.byLevel, area.level, area);
      const parent = index.byCode.get(area.upCode);
      if (parent) parent.hasChildren = true;
    }
    return index;
  });
}

function loadBanks(p: TPlatform, tenantId: string) {
  return cacheOf(p).get(tenantId, 'banks', () =>
    p.db
      .select({ bankcode: banks.bankCode, bankname: banks.cnName, bankEnName: banks.enName })
      .from(banks)
      .where(eq(banks.tenantId, tenantId))
      .orderBy(asc(banks.sort), asc(banks.bankCode)),
  );
}

function loadDepartments(p: TPlatform, tenantId: string) {
  return cacheOf(p).get(
    tenantId,
    'departments',
    (): Promise<TDepartmentRow[]> =>
      p.db
        .select({
          deptCode: departments.deptCode,
          deptCnName: departments.deptCnName,
          deptEnName: departments.deptEnName,
          enabled: departments.enabled,
        })
        .from(departments)
        .where(eq(departments.tenantId, tenantId))
        .orderBy(asc(departments.sort), asc(departments.deptCode)),
  );
}

// ---------------------------------------------------------------------------------------
// Lookups

const areaEntry = (a: TArea): TDictEntry => ({
  code: a.code,
  codeType: a.level,
  codeName: a.cnName,
  codeEnName: a.enName,
  enabled: true,
});

/** The cache section a code type's entries come from. */
function sectionOfType(codeType: string): TCacheSection {
  if (AREA_CODE_TYPES.includes(codeType)) return 'areas';
  if (codeType === DEPARTMENT_CODE_TYPE) return 'departments';
  return 'entries';
}

/** A code type's section, loaded (or from the cache). */
function loadSection(p: TPlatform, tenantId: string, section: TCacheSection): Promise<object> {
  if (section === 'areas') return loadAreas(p, tenantId);
  if (section === 'departments') return loadDepartments(p, tenantId);
  return loadEntries(p, tenantId);
}

/** A code type's entries in its loaded section's value. */
function entriesIn(section: TCacheSection, value: object, codeType: string): TDictEntry[] {
  if (section === 'areas') return ((value as TAreaIndex).byLevel.get(codeType) ?? []).map(areaEntry);
  if (section === 'departments')
    return (value as TDepartmentRow[]).map((d) => ({
      code: d.deptCode,
      codeType,
      codeName: d.deptCnName,
      codeEnName: d.deptEnName,
      enabled: d.enabled,
    }));
  return (value as Map<string, TDictEntry[]>).get(codeType) ?? [];
}

/** Every entry of one code type (areas 01-05, outpatients, code tables, dictionaries); [] when unknown. */
export async function entriesOfType(
  p: TPlatform,
  { tenantId, codeType }: { tenantId: string; codeType: string },
): Promise<TDictEntry[]> {
  const section = sectionOfType(codeType);
  return entriesIn(section, await loadSection(p, tenantId, section), codeType);
}

/** Written answers of one code type, per loaded section; at most 256 per section. */
const writtenEntries = writtenAnswers<object>(256);

/** A code type's answer from its loaded section's value, written once per value and code type. */
const answerIn = (
  section: TCacheSection,
  value: object,
  codeType: string,
  write: (entries: TDictEntry[]) => Buffer,
) => writtenEntries(value, codeType, () => write(entriesIn(section, value, codeType)));

/**
 * The answer of one code type's entries as the route's serializer wrote it (`write`), written
 * once per loaded section and code type, then answered from memory. A change drops the
 * tenant's section from the cache (dictionaryCache), and with it these answers.
 */
export async function entriesOfTypeAnswer(
  p: TPlatform,
  { tenantId, codeType }: { tenantId: string; codeType: string },
  write: (entries: TDictEntry[]) => Buffer,
): Promise<Buffer> {
  const section = sectionOfType(codeType);
  return answerIn(section, await loadSection(p, tenantId, section), codeType, write);
}

/**
 * The same answer read synchronously, when the code type's section is loaded and fresh (a
 * cached lookup then awaits nothing); undefined otherwise, and `entriesOfTypeAnswer` answers.
 */
export function knownEntriesOfTypeAnswer(
  p: TPlatform,
  { tenantId, codeType }: { tenantId: string; codeType: string },
  write: (entries: TDictEntry[]) => Buffer,
): Buffer | undefined {
  const section = sectionOfType(codeType);
  const value = cacheOf(p).settled<object>(tenantId, section);
  return value === undefined ? undefined : answerIn(section, value, codeType, write);
}

/** The dictionary lookup: entries of each asked code type, filtered by its codeList when not empty. */
export async function lookupCodes(
  p: TPlatform,
  { tenantId, queries }: { tenantId: string; queries: { codeType: string; codeList: string[] }[] },
): Promise<TDictEntry[]> {
  const result: TDictEntry[] = [];
  const seen = new Set<string>();
  for (const { codeType, codeList } of queries) {
    const entries = await entriesOfType(p, { tenantId, codeType });
    const wanted = codeList.length > 0 ? new Set(codeList) : null;
    for (const entry of entries) {
      if (wanted && !wanted.has(entry.code)) continue;
      const key = `${codeType}\u0000${entry.code}`;
      if (seen.has(key)) continue;
      seen.add(key);
      result.push(entry);
    }
  }
  return result;
}

/** Entries grouped by code type, one key per asked type (unknown types get []). */
export async function groupCodes(
  p: TPlatform,
  { tenantId, codeTypes }: { tenantId: string; codeTypes: string[] },
): Promise<Record<string, TDictEntry[]>> {
  const groups: Record<string, TDictEntry[]> = {};
  for (const codeType of codeTypes) groups[codeType] = await entriesOfType(p, { tenantId, codeType });
  return groups;
}

/** The enums of POST /oauth/enums: the asked code types, or every code table when none is asked. */
export async function enumsOf(
  p: TPlatform,
  { tenantId, names }: { tenantId: string; names: string[] },
): Promise<Record<string, TEnumItem[]>> {
  const types = await loadTypes(p, tenantId);
  const wanted =
    names.length > 0
      ? names
      : [...types.values()].filter((t) => t.kind === 'codeTable').map((t) => t.codeType);
  const result: Record<string, TEnumItem[]> = {};
  for (const name of wanted) {
    result[name] = (await entriesOfType(p, { tenantId, codeType: name })).map((e) => ({
      code: e.code,
      name: e.codeName,
      nameEn: e.codeEnName,
    }));
  }
  return result;
}

/** Children of an area ('0' gives the continents). */
export async function areaChildren(
  p: TPlatform,
  { tenantId, upCode }: { tenantId: string; upCode: string },
): Promise<TArea[]> {
  return (await loadAreas(p, tenantId)).children.get(upCode) ?? [];
}

/** The province -> city -> district chain ending at a Chinese division's code; [] for others. */
export async function areaChain(
  p: TPlatform,
  { tenantId, code }: { tenantId: string; code: string },
): Promise<TArea[]> {
  const index = await loadAreas(p, tenantId);
  const chain: TArea[] = [];
  let area = index.byCode.get(code);
  while (area && area.level >= '03') {
    chain.unshift(area);
    area = index.byCode.get(area.upCode);
  }
  return chain;
}

const matches = (keyword: string, ...values: string[]) => {
  const k = keyword.toLowerCase();
  return values.some((v) => v.toLowerCase().includes(k));
};

/** Enabled departments whose code, Chinese or English name contains the keyword (all when empty). */
export async function searchDepartments(
  p: TPlatform,
  { tenantId, keyword }: { tenantId: string; keyword: string },
): Promise<TDepartment[]> {
  const k = keyword.trim();
  return (await loadDepartments(p, tenantId))
    .filter((d) => d.enabled && (!k || matches(k, d.deptCode, d.deptCnName, d.deptEnName)))
    .map(({ deptCode, deptCnName, deptEnName }) => ({ deptCode, deptCnName, deptEnName }));
}

/** Banks whose Chinese or English name or code contains the keyword; input with | or ^ finds nothing. */
export async function searchBanks(
  p: TPlatform,
  { tenantId, keyword }: { tenantId: string; keyword: string },
): Promise<TBank[]> {
  const k = keyword.trim();
  if (hasSpecialCharacters(k)) return [];
  return (await loadBanks(p, tenantId)).filter((b) => !k || matches(k, b.bankname, b.bankEnName, b.bankcode));
}

// ---------------------------------------------------------------------------------------
// Administration

interface TChange {
  actor: TActor;
  requestId: string;
}

const logOf = (actor: TActor, requestId: string) => ({
  tenantId: actor.tenantId,
  userId: actor.userId,
  account: actor.account,
  requestId,
});

async function afterChange(p: TPlatform, tenantId: string, sections: TCacheSection[]) {
  await cacheOf(p).invalidate(tenantId, sections);
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const contains = (s: string) => `%${escapeLike(s)}%`;

/** Unique-index violations (PGlite and node-postgres both report SQLSTATE 23505). */
const isUniqueViolation = (error: unknown) =>
  (error as { code?: string })?.code === '23505' ||
  (error as { cause?: { code?: string } })?.cause?.code === '23505';

/** The sort value that puts a new row after the last one of its group. */
async function nextSort(
  db: TDbOrTx,
  table: typeof dictionaryEntries | typeof departments | typeof dictionaryTypes,
  where: SQL | undefined,
) {
  const [row] = await db
    .select({ max: sql<number>`coalesce(max(${table.sort}), 0)`.mapWith(Number) })
    .from(table)
    .where(where);
  return (row?.max ?? 0) + 10;
}

async function requireType(db: TDbOrTx, tenantId: string, codeType: string) {
  if (AREA_CODE_TYPES.includes(codeType)) throw new AppError('DICTIONARY_TYPE_RESERVED');
  const [type] = await db
    .select()
    .from(dictionaryTypes)
    .where(and(eq(dictionaryTypes.tenantId, tenantId), eq(dictionaryTypes.codeType, codeType)));
  if (!type) throw new AppError('DICTIONARY_TYPE_UNKNOWN');
  return { ...type, kind: type.kind as TDictionaryKind };
}

type TEntryRow = typeof dictionaryEntries.$inferSelect;
type TDeptRow = typeof departments.$inferSelect;

const entryRecord = (r: TEntryRow, kind: TDictionaryKind): TDictionaryRecord => ({
  id: r.id,
  codeType: r.codeType,
  code: r.code,
  codeName: r.codeName,
  codeEnName: r.codeEnName,
  sort: r.sort,
  enabled: r.enabled,
  kind,
  updatedAt: r.updatedAt.toISOString(),
});

const departmentRecord = (r: TDeptRow): TDictionaryRecord => ({
  id: r.id,
  codeType: DEPARTMENT_CODE_TYPE,
  code: r.deptCode,
  codeName: r.deptCnName,
  codeEnName: r.deptEnName,
  sort: r.sort,
  enabled: r.enabled,
  kind: 'dictionary',
  updatedAt: r.updatedAt.toISOString(),
});

/**
 * A page of dictionary entries: code-table and dictionary entries ordered by their type, then
 * the departments (code type outpatients), which live in their own table.
 */
export async function pageDictionaryEntries(
  p: TPlatform,
  {
    actor,
    current,
    size,
    model,
  }: {
    actor: TActor;
    current: number;
    size: number;
    model: { codeType: string; code: string; name: string };
  },
): Promise<{ records: TDictionaryRecord[]; current: number; size: number; total: number }> {
  const tenantId = actor.tenantId;
  const wantEntries = model.codeType !== DEPARTMENT_CODE_TYPE;
  const wantDepartments = model.codeType === '' || model.codeType === DEPARTMENT_CODE_TYPE;
  const entryWhere = and(
    eq(dictionaryEntries.tenantId, tenantId),
    model.codeType ? eq(dictionaryEntries.codeType, model.codeType) : undefined,
    model.code ? ilike(dictionaryEntries.code, contains(model.code)) : undefined,
    model.name
      ? or(
          ilike(dictionaryEntries.codeName, contains(model.name)),
          ilike(dictionaryEntries.codeEnName, contains(model.name)),
        )
      : undefined,
  );
  const deptWhere = and(
    eq(departments.tenantId, tenantId),
    model.code ? ilike(departments.deptCode, contains(model.code)) : undefined,
    model.name
      ? or(
          ilike(departments.deptCnName, contains(model.name)),
          ilike(departments.deptEnName, contains(model.name)),
        )
      : undefined,
  );
  const [entryTotal, deptTotal] = await Promise.all([
    wantEntries
      ? p.db
          .select({ n: count() })
          .from(dictionaryEntries)
          .where(entryWhere)
          .then((r) => Number(r[0]?.n ?? 0))
      : 0,
    wantDepartments
      ? p.db
          .select({ n: count() })
          .from(departments)
          .where(deptWhere)
          .then((r) => Number(r[0]?.n ?? 0))
      : 0,
  ]);
  const offset = (current - 1) * size;
  const records: TDictionaryRecord[] = [];
  if (offset < entryTotal) {
    const rows = await p.db
      .select({ entry: dictionaryEntries, kind: dictionaryTypes.kind })
      .from(dictionaryEntries)
      .leftJoin(
        dictionaryTypes,
        and(
          eq(dictionaryTypes.tenantId, dictionaryEntries.tenantId),
          eq(dictionaryTypes.codeType, dictionaryEntries.codeType),
        ),
      )
      .where(entryWhere)
      .orderBy(
        asc(sql`coalesce(${dictionaryTypes.sort}, 0)`),
        asc(dictionaryEntries.codeType),
        asc(dictionaryEntries.sort),
        asc(dictionaryEntries.code),
      )
      .limit(size)
      .offset(offset);
    for (const r of rows) records.push(entryRecord(r.entry, (r.kind ?? 'dictionary') as TDictionaryKind));
  }
  const left = size - records.length;
  if (left > 0 && deptTotal > 0) {
    const rows = await p.db
      .select()
      .from(departments)
      .where(deptWhere)
      .orderBy(asc(departments.sort), asc(departments.deptCode))
      .limit(left)
      .offset(Math.max(0, offset - entryTotal));
    for (const r of rows) records.push(departmentRecord(r));
  }
  return { records, current, size, total: entryTotal + deptTotal };
}

/** Adds an entry to a code table, a dictionary or the departments (code type outpatients). */
export async function addDictionaryEntry(
  p: TPlatform,
  {
    actor,
    requestId,
    input,
  }: TChange & {
    input: {
      codeType: string;
      code: string;
      codeName: string;
      codeEnName: string;
      sort?: number;
      enabled: boolean;
    };
  },
): Promise<TDictionaryRecord> {
  const tenantId = actor.tenantId;
  const record = await p.db.transaction(async (tx) => {
    const type = await requireType(tx, tenantId, input.codeType);
    if (type.codeType === DEPARTMENT_CODE_TYPE) {
      const [row] = await tx
        .insert(departments)
        .values({
          tenantId,
          deptCode: input.code,
          deptCnName: input.codeName,
          deptEnName: input.codeEnName,
          sort: input.sort ?? (await nextSort(tx, departments, eq(departments.tenantId, tenantId))),
          enabled: input.enabled,
          createdBy: actor.userId,
          updatedBy: actor.userId,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new AppError('ALREADY_EXISTS');
      await writeOperationLog(tx, {
        ...logOf(actor, requestId),
        action: 'create',
        targetTable: 'departments',
        targetId: row.id,
        after: row,
      });
      return departmentRecord(row);
    }
    const [row] = await tx
      .insert(dictionaryEntries)
      .values({
        tenantId,
        ...input,
        sort:
          input.sort ??
          (await nextSort(
            tx,
            dictionaryEntries,
            and(eq(dictionaryEntries.tenantId, tenantId), eq(dictionaryEntries.codeType, input.codeType)),
          )),
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('ALREADY_EXISTS');
    await writeOperationLog(tx, {
      ...logOf(actor, requestId),
      action: 'create',
      targetTable: 'dictionary_entries',
      targetId: row.id,
      after: row,
    });
    return entryRecord(row, type.kind);
  });
  await afterChange(p, tenantId, [record.codeType === DEPARTMENT_CODE_TYPE ? 'departments' : 'entries']);
  return record;
}

/**
 * Edits an entry. Code-table entries keep their code (CODE_TABLE_ADD_ONLY); their names,
 * order and enabled flag may change without further validation (the web warns first).
 */
export async function updateDictionaryEntry(
  p: TPlatform,
  {
    actor,
    requestId,
    input,
  }: TChange & {
    input: {
      id: string;
      code: string;
      codeName: string;
      codeEnName: string;
      sort?: number;
      enabled: boolean;
    };
  },
): Promise<TDictionaryRecord> {
  const tenantId = actor.tenantId;
  const record = await p.db.transaction(async (tx) => {
    const [entry] = await tx
      .select()
      .from(dictionaryEntries)
      .where(and(eq(dictionaryEntries.tenantId, tenantId), eq(dictionaryEntries.id, input.id)));
    if (entry) {
      const type = await requireType(tx, tenantId, entry.codeType);
      if (type.kind === 'codeTable' && input.code !== entry.code) throw new AppError('CODE_TABLE_ADD_ONLY');
      const [row] = await tx
        .update(dictionaryEntries)
        .set({
          code: input.code,
          codeName: input.codeName,
          codeEnName: input.codeEnName,
          sort: input.sort ?? entry.sort,
          enabled: input.enabled,
          updatedAt: new Date(),
          updatedBy: actor.userId,
          version: sql`${dictionaryEntries.version} + 1`,
        })
        .where(and(eq(dictionaryEntries.tenantId, tenantId), eq(dictionaryEntries.id, input.id)))
        .returning()
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw new AppError('ALREADY_EXISTS');
          throw error;
        });
      await writeOperationLog(tx, {
        ...logOf(actor, requestId),
        action: 'update',
        targetTable: 'dictionary_entries',
        targetId: row.id,
        before: entry,
        after: row,
      });
      return entryRecord(row, type.kind);
    }
    const [dept] = await tx
      .select()
      .from(departments)
      .where(and(eq(departments.tenantId, tenantId), eq(departments.id, input.id)));
    if (!dept) throw new AppError('NOT_FOUND');
    const [row] = await tx
      .update(departments)
      .set({
        deptCode: input.code,
        deptCnName: input.codeName,
        deptEnName: input.codeEnName,
        sort: input.sort ?? dept.sort,
        enabled: input.enabled,
        updatedAt: new Date(),
        updatedBy: actor.userId,
        version: sql`${departments.version} + 1`,
      })
      .where(and(eq(departments.tenantId, tenantId), eq(departments.id, input.id)))
      .returning()
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw new AppError('ALREADY_EXISTS');
        throw error;
      });
    await writeOperationLog(tx, {
      ...logOf(actor, requestId),
      action: 'update',
      targetTable: 'departments',
      targetId: row.id,
      before: dept,
      after: row,
    });
    return departmentRecord(row);
  });
  await afterChange(p, tenantId, [record.codeType === DEPARTMENT_CODE_TYPE ? 'departments' : 'entries']);
  return record;
}

/** Deletes dictionary entries and departments; refused as a whole when one is in a code table. */
export async function deleteDictionaryEntries(
  p: TPlatform,
  { actor, requestId, ids }: TChange & { ids: string[] },
): Promise<{ deleted: number }> {
  const tenantId = actor.tenantId;
  const result = await p.db.transaction(async (tx) => {
    const entries = await tx
      .select({ entry: dictionaryEntries, kind: dictionaryTypes.kind })
      .from(dictionaryEntries)
      .leftJoin(
        dictionaryTypes,
        and(
          eq(dictionaryTypes.tenantId, dictionaryEntries.tenantId),
          eq(dictionaryTypes.codeType, dictionaryEntries.codeType),
        ),
      )
      .where(and(eq(dictionaryEntries.tenantId, tenantId), inArray(dictionaryEntries.id, ids)));
    const depts = await tx
      .select()
      .from(departments)
      .where(and(eq(departments.tenantId, tenantId), inArray(departments.id, ids)));
    if (entries.length + depts.length === 0) throw new AppError('NOT_FOUND');
    if (entries.some((e) => e.kind === 'codeTable')) throw new AppError('CODE_TABLE_ADD_ONLY');
    const log = logOf(actor, requestId);
    for (const { entry } of entries) {
      await writeOperationLog(tx, {
        ...log,
        action: 'delete',
        targetTable: 'dictionary_entries',
        targetId: entry.id,
        before: entry,
      });
    }
    for (const dept of depts) {
      await writeOperationLog(tx, {
        ...log,
        action: 'delete',
        targetTable: 'departments',
        targetId: dept.id,
        before: dept,
      });
    }
    if (entries.length > 0) {
      await tx.delete(dictionaryEntries).where(
        and(
          eq(dictionaryEntries.tenantId, tenantId),
          inArray(
            dictionaryEntries.id,
            entries.map((e) => e.entry.id),
          ),
        ),
      );
    }
    if (depts.length > 0) {
      await tx.delete(departments).where(
        and(
          eq(departments.tenantId, tenantId),
          inArray(
            departments.id,
            depts.map((d) => d.id),
          ),
        ),
      );
    }
    return { deleted: entries.length + depts.length, entries: entries.length, depts: depts.length };
  });
  const sections: TCacheSection[] = [];
  if (result.entries > 0) sections.push('entries');
  if (result.depts > 0) sections.push('departments');
  await afterChange(p, tenantId, sections);
  return { deleted: result.deleted };
}

// ----- types

const typeRecord = (r: typeof dictionaryTypes.$inferSelect, entryCount: number): TDictionaryTypeRecord => ({
  id: r.id,
  codeType: r.codeType,
  name: r.name,
  nameEn: r.nameEn,
  kind: r.kind as TDictionaryKind,
  sort: r.sort,
  entryCount,
  updatedAt: r.updatedAt.toISOString(),
});

async function entryCountOf(db: TDbOrTx, tenantId: string, codeType: string): Promise<number> {
  const [row] =
    codeType === DEPARTMENT_CODE_TYPE
      ? await db.select({ n: count() }).from(departments).where(eq(departments.tenantId, tenantId))
      : await db
          .select({ n: count() })
          .from(dictionaryEntries)
          .where(and(eq(dictionaryEntries.tenantId, tenantId), eq(dictionaryEntries.codeType, codeType)));
  return Number(row?.n ?? 0);
}

/** A page of code types with their entry counts. */
export async function pageDictionaryTypes(
  p: TPlatform,
  {
    actor,
    current,
    size,
    model,
  }: {
    actor: TActor;
    current: number;
    size: number;
    model: { codeType: string; name: string; kind: TDictionaryKind | '' };
  },
): Promise<{ records: TDictionaryTypeRecord[]; current: number; size: number; total: number }> {
  const tenantId = actor.tenantId;
  const where = and(
    eq(dictionaryTypes.tenantId, tenantId),
    model.codeType ? ilike(dictionaryTypes.codeType, contains(model.codeType)) : undefined,
    model.name
      ? or(
          ilike(dictionaryTypes.name, contains(model.name)),
          ilike(dictionaryTypes.nameEn, contains(model.name)),
        )
      : undefined,
    model.kind ? eq(dictionaryTypes.kind, model.kind) : undefined,
  );
  const [rows, totals] = await Promise.all([
    p.db
      .select()
      .from(dictionaryTypes)
      .where(where)
      .orderBy(asc(dictionaryTypes.sort), asc(dictionaryTypes.codeType))
      .limit(size)
      .offset((current - 1) * size),
    p.db.select({ n: count() }).from(dictionaryTypes).where(where),
  ]);
  const counts = new Map<string, number>();
  const codeTypes = rows.map((r) => r.codeType);
  if (codeTypes.length > 0) {
    const grouped = await p.db
      .select({ codeType: dictionaryEntries.codeType, n: count() })
      .from(dictionaryEntries)
      .where(and(eq(dictionaryEntries.tenantId, tenantId), inArray(dictionaryEntries.codeType, codeTypes)))
      .groupBy(dictionaryEntries.codeType);
    for (const g of grouped) counts.set(g.codeType, Number(g.n));
    if (codeTypes.includes(DEPARTMENT_CODE_TYPE)) {
      counts.set(DEPARTMENT_CODE_TYPE, await entryCountOf(p.db, tenantId, DEPARTMENT_CODE_TYPE));
    }
  }
  return {
    records: rows.map((r) => typeRecord(r, counts.get(r.codeType) ?? 0)),
    current,
    size,
    total: Number(totals[0]?.n ?? 0),
  };
}

/** Adds a code type (area levels 01-05 are reserved). */
export async function addDictionaryType(
  p: TPlatform,
  {
    actor,
    requestId,
    input,
  }: TChange & {
    input: { codeType: string; name: string; nameEn: string; kind: TDictionaryKind; sort?: number };
  },
): Promise<TDictionaryTypeRecord> {
  const tenantId = actor.tenantId;
  if (AREA_CODE_TYPES.includes(input.codeType)) throw new AppError('DICTIONARY_TYPE_RESERVED');
  const record = await p.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(dictionaryTypes)
      .values({
        tenantId,
        ...input,
        sort: input.sort ?? (await nextSort(tx, dictionaryTypes, eq(dictionaryTypes.tenantId, tenantId))),
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('ALREADY_EXISTS');
    await writeOperationLog(tx, {
      ...logOf(actor, requestId),
      action: 'create',
      targetTable: 'dictionary_types',
      targetId: row.id,
      after: row,
    });
    return typeRecord(row, 0);
  });
  await afterChange(p, tenantId, ['types']);
  return record;
}

/** Edits a code type's names and order; a dictionary may become a code table, never back. */
export async function updateDictionaryType(
  p: TPlatform,
  {
    actor,
    requestId,
    input,
  }: TChange & { input: { id: string; name: string; nameEn: string; kind: TDictionaryKind; sort?: number } },
): Promise<TDictionaryTypeRecord> {
  const tenantId = actor.tenantId;
  const record = await p.db.transaction(async (tx) => {
    const [type] = await tx
      .select()
      .from(dictionaryTypes)
      .where(and(eq(dictionaryTypes.tenantId, tenantId), eq(dictionaryTypes.id, input.id)));
    if (!type) throw new AppError('NOT_FOUND');
    if (type.kind === 'codeTable' && input.kind !== 'codeTable') throw new AppError('CODE_TABLE_ADD_ONLY');
    if (type.codeType === DEPARTMENT_CODE_TYPE && input.kind !== type.kind)
      throw new AppError('DICTIONARY_TYPE_RESERVED');
    const [row] = await tx
      .update(dictionaryTypes)
      .set({
        name: input.name,
        nameEn: input.nameEn,
        kind: input.kind,
        sort: input.sort ?? type.sort,
        updatedAt: new Date(),
        updatedBy: actor.userId,
        version: sql`${dictionaryTypes.version} + 1`,
      })
      .where(and(eq(dictionaryTypes.tenantId, tenantId), eq(dictionaryTypes.id, input.id)))
      .returning();
    await writeOperationLog(tx, {
      ...logOf(actor, requestId),
      action: 'update',
      targetTable: 'dictionary_types',
      targetId: row.id,
      before: type,
      after: row,
    });
    return typeRecord(row, await entryCountOf(tx, tenantId, row.codeType));
  });
  await afterChange(p, tenantId, ['types']);
  return record;
}

/** Deletes empty dictionary types; code tables and the built-in outpatients type stay. */
export async function deleteDictionaryTypes(
  p: TPlatform,
  { actor, requestId, ids }: TChange & { ids: string[] },
): Promise<{ deleted: number }> {
  const tenantId = actor.tenantId;
  const deleted = await p.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(dictionaryTypes)
      .where(and(eq(dictionaryTypes.tenantId, tenantId), inArray(dictionaryTypes.id, ids)));
    if (rows.length === 0) throw new AppError('NOT_FOUND');
    if (rows.some((r) => r.kind === 'codeTable')) throw new AppError('CODE_TABLE_ADD_ONLY');
    if (rows.some((r) => r.codeType === DEPARTMENT_CODE_TYPE)) throw new AppError('DICTIONARY_TYPE_RESERVED');
    for (const row of rows) {
      const entries = await entryCountOf(tx, tenantId, row.codeType);
      if (entries > 0) throw new AppError('DICTIONARY_TYPE_IN_USE', { params: { count: entries } });
      await writeOperationLog(tx, {
        ...logOf(actor, requestId),
        action: 'delete',
        targetTable: 'dictionary_types',
        targetId: row.id,
        before: row,
      });
    }
    await tx.delete(dictionaryTypes).where(
      and(
        eq(dictionaryTypes.tenantId, tenantId),
        inArray(
          dictionaryTypes.id,
          rows.map((r) => r.id),
        ),
      ),
    );
    return rows.length;
  });
  await afterChange(p, tenantId, ['types']);
  return { deleted };
}

// ----- areas

/** A page of areas found by code or name (either language) and level, in tree order. */
export async function pageAreas(
  p: TPlatform,
  {
    actor,
    current,
    size,
    model,
  }: { actor: TActor; current: number; size: number; model: { keyword: string; level: string } },
): Promise<{ records: TArea[]; current: number; size: number; total: number }> {
  const index = await loadAreas(p, actor.tenantId);
  const k = model.keyword.trim();
  const found: TArea[] = [];
  for (const area of index.byCode.values()) {
    if (model.level && area.level !== model.level) continue;
    if (k && !(area.code.startsWith(k) || matches(k, area.cnName, area.enName))) continue;
    found.push(area);
  }
  found.sort((a, b) => a.level.localeCompare(b.level) || a.sort - b.sort || a.code.localeCompare(b.code));
  const start = (current - 1) * size;
  return { records: found.slice(start, start + size), current, size, total: found.length };
}

const areaOut = (r: typeof areas.$inferSelect, hasChildren: boolean): TArea => ({
  id: r.id,
  code: r.code,
  upCode: r.upCode,
  level: r.level,
  cnName: r.cnName,
  enName: r.enName,
  sort: r.sort,
  hasChildren,
});

/** Adds an area under a parent ('0' for a continent); its level follows the parent's. */
export async function addArea(
  p: TPlatform,
  {
    actor,
    requestId,
    input,
  }: TChange & { input: { upCode: string; code: string; cnName: string; enName: string; sort?: number } },
): Promise<TArea> {
  const tenantId = actor.tenantId;
  const record = await p.db.transaction(async (tx) => {
    let level = '01';
    if (input.upCode !== AREA_ROOT_CODE) {
      const [parent] = await tx
        .select({ level: areas.level })
        .from(areas)
        .where(and(eq(areas.tenantId, tenantId), eq(areas.code, input.upCode)));
      if (!parent) throw new AppError('AREA_PARENT_UNKNOWN');
      if (parent.level >= AREA_MAX_LEVEL) throw new AppError('AREA_TOO_DEEP');
      level = `0${Number(parent.level) + 1}`;
    }
    let sort = input.sort;
    if (sort === undefined) {
      const [last] = await tx
        .select({ max: sql<number>`coalesce(max(${areas.sort}), 0)`.mapWith(Number) })
        .from(areas)
        .where(and(eq(areas.tenantId, tenantId), eq(areas.upCode, input.upCode)));
      sort = (last?.max ?? 0) + 1;
    }
    const [row] = await tx
      .insert(areas)
      .values({
        tenantId,
        code: input.code,
        upCode: input.upCode,
        level,
        cnName: input.cnName,
        enName: input.enName,
        sort,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('ALREADY_EXISTS');
    await writeOperationLog(tx, {
      ...logOf(actor, requestId),
      action: 'create',
      targetTable: 'areas',
      targetId: row.id,
      after: row,
    });
    return areaOut(row, false);
  });
  await afterChange(p, tenantId, ['areas']);
  return record;
}

/** Renames an area or changes its order; codes stay (stored records refer to them). */
export async function updateArea(
  p: TPlatform,
  {
    actor,
    requestId,
    input,
  }: TChange & { input: { id: string; cnName: string; enName: string; sort?: number } },
): Promise<TArea> {
  const tenantId = actor.tenantId;
  const record = await p.db.transaction(async (tx) => {
    const [area] = await tx
      .select()
      .from(areas)
      .where(and(eq(areas.tenantId, tenantId), eq(areas.id, input.id)));
    if (!area) throw new AppError('NOT_FOUND');
    const [row] = await tx
      .update(areas)
      .set({
        cnName: input.cnName,
        enName: input.enName,
        sort: input.sort ?? area.sort,
        updatedAt: new Date(),
        updatedBy: actor.userId,
        version: sql`${areas.version} + 1`,
      })
      .where(and(eq(areas.tenantId, tenantId), eq(areas.id, input.id)))
      .returning();
    await writeOperationLog(tx, {
      ...logOf(actor, requestId),
      action: 'update',
      targetTable: 'areas',
      targetId: row.id,
      before: area,
      after: row,
    });
    const [child] = await tx
      .select({ id: areas.id })
      .from(areas)
      .where(and(eq(areas.tenantId, tenantId), eq(areas.upCode, row.code)))
      .limit(1);
    return areaOut(row, Boolean(child));
  });
  await afterChange(p, tenantId, ['areas']);
  return record;
}
