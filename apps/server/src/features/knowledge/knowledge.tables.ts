import { index, integer, jsonb, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../platform/db/columns.ts';

/**
 * The three medical knowledge bases of a tenant (symptom, disease, treatment), three levels each
 * (decision 0025). A level-2 or level-3 entry names its parent by code, within its kind.
 */
export const knowledgeTerms = pgTable(
  'knowledge_terms',
  {
    ...tenantColumns(),
    /** symptom | disease | treatment. */
    kind: varchar('kind', { length: 16 }).notNull(),
    code: varchar('code', { length: 32 }).notNull(),
    /** '' on level 1. */
    parentCode: varchar('parent_code', { length: 32 }).notNull().default(''),
    level: integer('level').notNull(),
    cnName: varchar('cn_name', { length: 100 }).notNull(),
    enName: varchar('en_name', { length: 200 }).notNull(),
    /** Department codes (dictionary outpatients) that treat it: the search's department link. */
    departments: jsonb('departments').$type<string[]>().notNull().default([]),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    index('knowledge_terms_tenant_idx').on(t.tenantId),
    uniqueIndex('knowledge_terms_kind_code_uq').on(t.tenantId, t.kind, t.code),
    index('knowledge_terms_parent_idx').on(t.tenantId, t.kind, t.parentCode),
  ],
);

/** A symptom bonded to a disease (/drsystem/system/symptom/bondingdisease/{id}). */
export const symptomDiseaseBonds = pgTable(
  'symptom_disease_bonds',
  {
    ...tenantColumns(),
    symptomId: uuid('symptom_id').notNull(),
    diseaseId: uuid('disease_id').notNull(),
  },
  (t) => [
    index('symptom_disease_bonds_tenant_idx').on(t.tenantId),
    uniqueIndex('symptom_disease_bonds_uq').on(t.tenantId, t.symptomId, t.diseaseId),
    index('symptom_disease_bonds_disease_idx').on(t.tenantId, t.diseaseId),
  ],
);

export type TKnowledgeTermRow = typeof knowledgeTerms.$inferSelect;
