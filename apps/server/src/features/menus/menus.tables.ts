import { boolean, index, integer, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../platform/db/columns.ts';

/** The route tree the web builds its sidebar and routes from. */
export const menus = pgTable(
  'menus',
  {
    ...tenantColumns(),
    parentId: uuid('parent_id'),
    /** 'default' or 'smartPortal' (the transfer setting 'free' selects the latter). */
    menuGroup: varchar('menu_group', { length: 20 }).notNull().default('default'),
    name: varchar('name', { length: 64 }).notNull(),
    path: varchar('path', { length: 300 }).notNull(),
    component: varchar('component', { length: 200 }).notNull(),
    redirect: varchar('redirect', { length: 300 }),
    title: varchar('title', { length: 100 }).notNull(),
    titleEn: varchar('title_en', { length: 200 }).notNull(),
    icon: varchar('icon', { length: 64 }),
    hidden: boolean('hidden').notNull().default(false),
    alwaysShow: boolean('always_show').notNull().default(false),
    noCache: boolean('no_cache').notNull().default(false),
    affix: boolean('affix').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    /** The provider function (PROVIDER_FUNCTION) the entry belongs to; hidden from provider staff without it. */
    providerFunction: varchar('provider_function', { length: 32 }),
    /** Seeded by the product: never deleted, path, component, parent and group fixed (decision 0029). */
    builtIn: boolean('built_in').notNull().default(false),
  },
  (t) => [
    index('menus_tenant_idx').on(t.tenantId),
    uniqueIndex('menus_tenant_name_uq').on(t.tenantId, t.name),
  ],
);

/** Permission codes (buttons and actions) an administrator can grant, attached to a menu. */
export const resources = pgTable(
  'resources',
  {
    ...tenantColumns(),
    menuId: uuid('menu_id'),
    code: varchar('code', { length: 200 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    nameEn: varchar('name_en', { length: 200 }).notNull(),
    /** Seeded by the product, whose routes check the code: never deleted (decision 0029). */
    builtIn: boolean('built_in').notNull().default(false),
  },
  (t) => [
    index('resources_tenant_idx').on(t.tenantId),
    uniqueIndex('resources_tenant_code_uq').on(t.tenantId, t.code),
  ],
);
