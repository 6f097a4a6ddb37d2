import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../platform/db/columns.ts';

/**
 * The organisation tree of a tenant: operator departments, provider groups and regions
 * (decision 0028). `path` holds the ids from the root down to the organisation itself, so
 * "this organisation and below" is `id = any(path)` without a recursive walk; an organisation
 * keeps its parent (there is no move), so the path never changes.
 */
export const organisations = pgTable(
  'organisations',
  {
    ...tenantColumns(),
    parentId: uuid('parent_id'),
    path: uuid('path').array().notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    nameEn: varchar('name_en', { length: 200 }).notNull(),
    /** dept | provider_group | region (ORGANISATION_TYPE in the domain package). */
    orgType: varchar('org_type', { length: 20 }).notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    index('organisations_tenant_idx').on(t.tenantId),
    index('organisations_parent_idx').on(t.tenantId, t.parentId),
    // Names are unique among siblings in either language, without regard to case.
    uniqueIndex('organisations_sibling_name_uq').on(
      t.tenantId,
      sql`coalesce(${t.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      sql`lower(${t.name})`,
    ),
    uniqueIndex('organisations_sibling_name_en_uq').on(
      t.tenantId,
      sql`coalesce(${t.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      sql`lower(${t.nameEn})`,
    ),
  ],
);

/** The organisations a role with data scope 'custom' may see. */
export const roleOrganisations = pgTable(
  'role_organisations',
  {
    tenantId: uuid('tenant_id').notNull(),
    roleId: uuid('role_id').notNull(),
    organisationId: uuid('organisation_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.roleId, t.organisationId] }),
    index('role_organisations_tenant_idx').on(t.tenantId),
    index('role_organisations_org_idx').on(t.tenantId, t.organisationId),
  ],
);

/** The providers placed in an organisation (a provider group or region): one organisation per provider. */
export const organisationProviders = pgTable(
  'organisation_providers',
  {
    tenantId: uuid('tenant_id').notNull(),
    organisationId: uuid('organisation_id').notNull(),
    providerId: varchar('provider_id', { length: 64 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.providerId] }),
    index('organisation_providers_tenant_idx').on(t.tenantId),
    index('organisation_providers_org_idx').on(t.tenantId, t.organisationId),
  ],
);

export type TOrganisationRow = typeof organisations.$inferSelect;
