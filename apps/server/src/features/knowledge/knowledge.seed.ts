/**
 * Seeds a tenant's knowledge bases (decision 0025) from `seed/reference/knowledge.json`: the
 * ICD-10 chapters, blocks and three-character categories with their Chinese names of the national
 * clinical version, common symptoms and treatments, and symptom-disease bondings. Like the other
 * reference data (decision 0007) it goes in only when the tenant has no entry yet, so
 * administrators' additions survive a restart.
 */
import { readFileSync } from 'node:fs';
import { count, eq, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { knowledgeTerms } from './knowledge.tables.ts';

type TSeedRow = [code: string, parentCode: string, cnName: string, enName: string, departments: string[]];
interface TKnowledgeSeed {
  disease: TSeedRow[];
  symptom: TSeedRow[];
  treatment: TSeedRow[];
  /** Symptom code to the codes of its bonded diseases. */
  bonds: Record<string, string[]>;
}

let cached: TKnowledgeSeed | null = null;
/** The starter set, read once. */
export function knowledgeSeed(): TKnowledgeSeed {
  cached ??= JSON.parse(
    readFileSync(new URL('../../seed/reference/knowledge.json', import.meta.url), 'utf8'),
  ) as TKnowledgeSeed;
  return cached;
}

/** Level of each row: 1 without a parent, else one more than the parent's. */
function withLevels(rows: TSeedRow[]) {
  const level = new Map<string, number>();
  return rows.map(([code, parentCode, cnName, enName, departments], sort) => {
    const l = parentCode ? (level.get(parentCode) ?? 0) + 1 : 1;
    level.set(code, l);
    return { code, parentCode, level: l, cnName, enName, departments, sort: sort + 1 };
  });
}

/** Seeds the three bases and the bondings when the tenant has no knowledge entry yet. */
export async function seedTenantKnowledge(db: TDbOrTx, { tenantId }: { tenantId: string }): Promise<void> {
  const [existing] = await db
    .select({ n: count() })
    .from(knowledgeTerms)
    .where(eq(knowledgeTerms.tenantId, tenantId));
  if (Number(existing?.n ?? 0) > 0) return;
  const seed = knowledgeSeed();
  const rows = (['symptom', 'disease', 'treatment'] as const).flatMap((kind) =>
    withLevels(seed[kind]).map((r) => ({ ...r, kind })),
  );
  await db.execute(sql`
    insert into knowledge_terms (tenant_id, kind, code, parent_code, level, cn_name, en_name, departments, sort)
    select ${tenantId}::uuid, x.kind, x.code, x."parentCode", x.level, x."cnName", x."enName", x.departments, x.sort
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as x(kind text, code text, "parentCode" text, level int, "cnName" text, "enName" text, departments jsonb, sort int)
    on conflict do nothing`);
  const bonds = Object.entries(seed.bonds).flatMap(([symptom, diseases]) =>
    diseases.map((disease) => ({ symptom, disease })),
  );
  await db.execute(sql`
    insert into symptom_disease_bonds (tenant_id, symptom_id, disease_id)
    select ${tenantId}::uuid, s.id, d.id
    from jsonb_to_recordset(${JSON.stringify(bonds)}::jsonb) as b(symptom text, disease text)
    join knowledge_terms s on s.tenant_id = ${tenantId}::uuid and s.kind = 'symptom' and s.code = b.symptom
    join knowledge_terms d on d.tenant_id = ${tenantId}::uuid and d.kind = 'disease' and d.code = b.disease
    on conflict do nothing`);
}
