/**
 * Knowledge-base administration (decision 0025): list a base, add a disease or a treatment
 * (/drsystem/info/add/disease, add/treatment), read and replace a symptom's bonded diseases
 * (/drsystem/system/symptom/bondingdisease/{id}). Every change writes its operation-log row in
 * its transaction.
 */
import type { TKnowledgeItem, TSymptomBonding } from '@portal/domain/knowledge/api';
import {
  KNOWLEDGE_MAX_LEVEL,
  type TKnowledgeAddBody,
  type TKnowledgeKind,
  type TKnowledgeListRequest,
} from '@portal/domain/knowledge/rules';
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { writeOperationLog } from '../../platform/audit-log/audit-log.service.ts';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { query } from '../../platform/db/raw-query.ts';
import { pgArray } from '../../platform/db/values.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { invalidateDoctorSearch } from './knowledge.search.ts';
import { knowledgeTerms, symptomDiseaseBonds, type TKnowledgeTermRow } from './knowledge.tables.ts';

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);
const logOf = (actor: TActor, requestId: string) => ({
  tenantId: actor.tenantId,
  userId: actor.userId,
  account: actor.account,
  requestId,
});

/** How many bondings an entry has (symptom: diseases; disease: symptoms), by entry id. */
async function bondCounts(db: TDbOrTx, tenantId: string, rows: TKnowledgeTermRow[]) {
  const ids = rows.filter((r) => r.kind !== 'treatment').map((r) => r.id);
  if (ids.length === 0) return new Map<string, number>();
  const found = await query<{ id: string; n: number }>(
    db,
    sql`
    select b.symptom_id as id, count(*)::int as n from symptom_disease_bonds b
    where b.tenant_id = ${tenantId} and b.symptom_id = any(${pgArray(ids)}::uuid[]) group by b.symptom_id
    union all
    select b.disease_id, count(*)::int from symptom_disease_bonds b
    where b.tenant_id = ${tenantId} and b.disease_id = any(${pgArray(ids)}::uuid[]) group by b.disease_id`,
  );
  return new Map(found.map((r) => [r.id, Number(r.n)]));
}

function itemOf(r: TKnowledgeTermRow, bonds = 0): TKnowledgeItem {
  return {
    id: r.id,
    kind: r.kind,
    code: r.code,
    parentCode: r.parentCode,
    level: r.level,
    cnName: r.cnName,
    enName: r.enName,
    departments: r.departments,
    bondCount: bonds,
  };
}

/** A page of one knowledge base, in tree order (code within parent), by keyword, parent and level. */
export async function listKnowledge(
  p: TPlatform,
  { actor, request }: { actor: TActor; request: TKnowledgeListRequest },
) {
  const { kind, keyword, parentCode, level } = request.model;
  const where: SQL[] = [eq(knowledgeTerms.tenantId, actor.tenantId), eq(knowledgeTerms.kind, kind)];
  if (keyword) {
    const like = `%${escapeLike(keyword)}%`;
    where.push(
      or(
        ilike(knowledgeTerms.cnName, like),
        ilike(knowledgeTerms.enName, like),
        ilike(knowledgeTerms.code, like),
      ) as SQL,
    );
  }
  if (parentCode) where.push(eq(knowledgeTerms.parentCode, parentCode));
  if (level) where.push(eq(knowledgeTerms.level, level));
  const [total] = await p.db
    .select({ n: count() })
    .from(knowledgeTerms)
    .where(and(...where));
  const rows = await p.db
    .select()
    .from(knowledgeTerms)
    .where(and(...where))
    .orderBy(asc(knowledgeTerms.level), asc(knowledgeTerms.sort), asc(knowledgeTerms.code))
    .limit(request.size)
    .offset((request.current - 1) * request.size);
  const bonds = await bondCounts(p.db, actor.tenantId, rows);
  return {
    records: rows.map((r) => itemOf(r, bonds.get(r.id) ?? 0)),
    current: request.current,
    size: request.size,
    total: Number(total?.n ?? 0),
  };
}

/** The next free code under a parent: parent + '.' + two digits (level 1: kind prefix + two digits). */
async function nextCode(db: TDbOrTx, tenantId: string, kind: TKnowledgeKind, parentCode: string) {
  const prefix = parentCode ? `${parentCode}.` : { symptom: 'S', disease: 'D', treatment: 'T' }[kind];
  const taken = await db
    .select({ code: knowledgeTerms.code })
    .from(knowledgeTerms)
    .where(and(eq(knowledgeTerms.tenantId, tenantId), eq(knowledgeTerms.kind, kind)));
  const codes = new Set(taken.map((r) => r.code));
  for (let n = 1; ; n += 1) {
    const code = `${prefix}${String(n).padStart(2, '0')}`;
    if (!codes.has(code)) return code;
  }
}

/** add/symptom, add/disease, add/treatment: a new entry at level 1, or under a level-1 or level-2 parent of the same base. */
export async function addKnowledge(
  p: TPlatform,
  {
    actor,
    kind,
    body,
    requestId,
  }: { actor: TActor; kind: TKnowledgeKind; body: TKnowledgeAddBody; requestId: string },
): Promise<TKnowledgeItem> {
  const item = await p.db.transaction(async (tx) => {
    let level = 1;
    if (body.parentCode) {
      const [parent] = await tx
        .select()
        .from(knowledgeTerms)
        .where(
          and(
            eq(knowledgeTerms.tenantId, actor.tenantId),
            eq(knowledgeTerms.kind, kind),
            eq(knowledgeTerms.code, body.parentCode),
          ),
        );
      if (!parent || parent.level >= KNOWLEDGE_MAX_LEVEL) throw new AppError('KNOWLEDGE_PARENT_UNKNOWN');
      level = parent.level + 1;
    }
    const code = body.code || (await nextCode(tx, actor.tenantId, kind, body.parentCode));
    const [last] = await tx
      .select({ n: sql<number>`coalesce(max(${knowledgeTerms.sort}), 0)::int` })
      .from(knowledgeTerms)
      .where(and(eq(knowledgeTerms.tenantId, actor.tenantId), eq(knowledgeTerms.kind, kind)));
    const [row] = await tx
      .insert(knowledgeTerms)
      .values({
        tenantId: actor.tenantId,
        kind,
        code,
        parentCode: body.parentCode,
        level,
        cnName: body.cnName,
        enName: body.enName,
        departments: body.departments,
        sort: Number(last?.n ?? 0) + 1,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('KNOWLEDGE_CODE_TAKEN', { params: { code } });
    await writeOperationLog(tx, {
      ...logOf(actor, requestId),
      action: 'create',
      targetTable: 'knowledge_terms',
      targetId: row.id,
      after: { ...row },
    });
    return itemOf(row);
  });
  await invalidateDoctorSearch(p, actor.tenantId);
  return item;
}

async function findSymptom(db: TDbOrTx, tenantId: string, id: string) {
  const [symptom] = await db
    .select()
    .from(knowledgeTerms)
    .where(
      and(
        eq(knowledgeTerms.tenantId, tenantId),
        eq(knowledgeTerms.id, id),
        eq(knowledgeTerms.kind, 'symptom'),
      ),
    );
  if (!symptom) throw new AppError('NOT_FOUND');
  return symptom;
}

async function bondedDiseases(db: TDbOrTx, tenantId: string, symptomId: string) {
  return db
    .select({ term: knowledgeTerms })
    .from(symptomDiseaseBonds)
    .innerJoin(
      knowledgeTerms,
      and(
        eq(knowledgeTerms.tenantId, symptomDiseaseBonds.tenantId),
        eq(knowledgeTerms.id, symptomDiseaseBonds.diseaseId),
      ),
    )
    .where(and(eq(symptomDiseaseBonds.tenantId, tenantId), eq(symptomDiseaseBonds.symptomId, symptomId)))
    .orderBy(asc(knowledgeTerms.code))
    .then((rows) => rows.map((r) => itemOf(r.term)));
}

/** GET bondingdisease/{id}: the symptom and its bonded diseases. */
export async function getBonding(
  p: TPlatform,
  { actor, id }: { actor: TActor; id: string },
): Promise<TSymptomBonding> {
  const symptom = await findSymptom(p.db, actor.tenantId, id);
  const diseases = await bondedDiseases(p.db, actor.tenantId, id);
  return { symptom: itemOf(symptom, diseases.length), diseases };
}

/** POST bondingdisease/{id}: replaces the symptom's bonded diseases with the given set. */
export async function setBonding(
  p: TPlatform,
  {
    actor,
    id,
    diseaseIds,
    requestId,
  }: { actor: TActor; id: string; diseaseIds: string[]; requestId: string },
): Promise<TSymptomBonding> {
  const wanted = [...new Set(diseaseIds)];
  const bonding = await p.db.transaction(async (tx) => {
    const symptom = await findSymptom(tx, actor.tenantId, id);
    const before = await bondedDiseases(tx, actor.tenantId, id);
    if (wanted.length > 0) {
      const found = await tx
        .select({ id: knowledgeTerms.id })
        .from(knowledgeTerms)
        .where(
          and(
            eq(knowledgeTerms.tenantId, actor.tenantId),
            eq(knowledgeTerms.kind, 'disease'),
            inArray(knowledgeTerms.id, wanted),
          ),
        );
      if (found.length !== wanted.length) throw new AppError('KNOWLEDGE_DISEASE_UNKNOWN');
    }
    await tx
      .delete(symptomDiseaseBonds)
      .where(and(eq(symptomDiseaseBonds.tenantId, actor.tenantId), eq(symptomDiseaseBonds.symptomId, id)));
    if (wanted.length > 0) {
      await tx.insert(symptomDiseaseBonds).values(
        wanted.map((diseaseId) => ({
          tenantId: actor.tenantId,
          symptomId: id,
          diseaseId,
          createdBy: actor.userId,
          updatedBy: actor.userId,
        })),
      );
    }
    const diseases = await bondedDiseases(tx, actor.tenantId, id);
    await writeOperationLog(tx, {
      ...logOf(actor, requestId),
      action: 'update',
      targetTable: 'symptom_disease_bonds',
      targetId: id,
      before: { diseases: before.map((d) => d.code) },
      after: { diseases: diseases.map((d) => d.code) },
    });
    return { symptom: itemOf(symptom, diseases.length), diseases };
  });
  await invalidateDoctorSearch(p, actor.tenantId);
  return bonding;
}
