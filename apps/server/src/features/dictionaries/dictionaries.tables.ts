import { boolean, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../platform/db/columns.ts';

/** Code types: 'codeTable' (add-only, the app's rules rely on the codes) or 'dictionary'. */
export const dictionaryTypes = pgTable(
  'dictionary_types',
  {
    ...tenantColumns(),
    codeType: varchar('code_type', { length: 64 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    nameEn: varchar('name_en', { length: 200 }).notNull(),
    kind: varchar('kind', { length: 16 }).notNull().default('dictionary'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    index('dictionary_types_tenant_idx').on(t.tenantId),
    uniqueIndex('dictionary_types_tenant_type_uq').on(t.tenantId, t.codeType),
  ],
);

/** Entries of code tables and dictionaries (areas and departments have their own tables). */
export const dictionaryEntries = pgTable(
  'dictionary_entries',
  {
    ...tenantColumns(),
    codeType: varchar('code_type', { length: 64 }).notNull(),
    code: varchar('code', { length: 32 }).notNull(),
    codeName: varchar('code_name', { length: 200 }).notNull(),
    codeEnName: varchar('code_en_name', { length: 300 }).notNull(),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [
    index('dictionary_entries_tenant_idx').on(t.tenantId),
    uniqueIndex('dictionary_entries_tenant_type_code_uq').on(t.tenantId, t.codeType, t.code),
  ],
);

/** Continents, countries, provinces, cities and districts (level = code type 01..05). */
export const areas = pgTable(
  'areas',
  {
    ...tenantColumns(),
    code: varchar('code', { length: 16 }).notNull(),
    upCode: varchar('up_code', { length: 16 }).notNull(),
    level: varchar('level', { length: 2 }).notNull(),
    cnName: varchar('cn_name', { length: 100 }).notNull(),
    enName: varchar('en_name', { length: 200 }).notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    index('areas_tenant_idx').on(t.tenantId),
    uniqueIndex('areas_tenant_code_uq').on(t.tenantId, t.code),
    index('areas_tenant_up_code_idx').on(t.tenantId, t.upCode),
  ],
);

/** Banks operating in China by CNAPS code. */
export const banks = pgTable(
  'banks',
  {
    ...tenantColumns(),
    bankCode: varchar('bank_code', { length: 16 }).notNull(),
    cnName: varchar('cn_name', { length: 100 }).notNull(),
    enName: varchar('en_name', { length: 200 }).notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    index('banks_tenant_idx').on(t.tenantId),
    uniqueIndex('banks_tenant_code_uq').on(t.tenantId, t.bankCode),
  ],
);

/** Hospital departments (code type 'outpatients'). */
export const departments = pgTable(
  'departments',
  {
    ...tenantColumns(),
    deptCode: varchar('dept_code', { length: 32 }).notNull(),
    deptCnName: varchar('dept_cn_name', { length: 200 }).notNull(),
    deptEnName: varchar('dept_en_name', { length: 300 }).notNull(),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [
    index('departments_tenant_idx').on(t.tenantId),
    uniqueIndex('departments_tenant_code_uq').on(t.tenantId, t.deptCode),
  ],
);
