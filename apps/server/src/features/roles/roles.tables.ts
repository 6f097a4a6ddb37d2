import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../platform/db/columns.ts';

export const roles = pgTable(
  'roles',
  {
    ...tenantColumns(),
    code: varchar('code', { length: 64 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    nameEn: varchar('name_en', { length: 200 }).notNull().default(''),
    /** all | org_and_below | org | self | custom */
    dataScope: varchar('data_scope', { length: 20 }).notNull().default('all'),
    description: varchar('description', { length: 500 }).notNull().default(''),
    /** A disabled role grants nothing: no permissions, no menus (decision 0033). */
    enabled: boolean('enabled').notNull().default(true),
    /**
     * The seed's grants already applied to this role ('p:<permission>', 'm:<menu name>'): the
     * seed adds a grant once, so one an administrator took away stays away (decision 0033).
     */
    seededGrants: text('seeded_grants').array().notNull().default([]),
  },
  (t) => [
    index('roles_tenant_idx').on(t.tenantId),
    uniqueIndex('roles_tenant_code_uq').on(t.tenantId, t.code),
    // 'Role name already exists' in either language, without regard to case (decision 0033).
    uniqueIndex('roles_tenant_name_uq').on(t.tenantId, sql`lower(${t.name})`),
    uniqueIndex('roles_tenant_name_en_uq').on(t.tenantId, sql`lower(${t.nameEn})`),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    tenantId: uuid('tenant_id').notNull(),
    userId: uuid('user_id').notNull(),
    roleId: uuid('role_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_tenant_idx').on(t.tenantId)],
);

/** Permission strings (area:resource:action, wildcards allowed) a role grants. */
export const rolePermissions = pgTable(
  'role_permissions',
  {
    tenantId: uuid('tenant_id').notNull(),
    roleId: uuid('role_id').notNull(),
    permission: varchar('permission', { length: 200 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.roleId, t.permission] }),
    index('role_permissions_tenant_idx').on(t.tenantId),
  ],
);

export const roleMenus = pgTable(
  'role_menus',
  {
    tenantId: uuid('tenant_id').notNull(),
    roleId: uuid('role_id').notNull(),
    menuId: uuid('menu_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] }), index('role_menus_tenant_idx').on(t.tenantId)],
);
