import { boolean, index, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { at, tenantColumns } from '../../platform/db/columns.ts';

export const users = pgTable(
  'users',
  {
    ...tenantColumns(),
    account: varchar('account', { length: 30 }).notNull(),
    passwordHash: varchar('password_hash', { length: 200 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    nameEn: varchar('name_en', { length: 200 }).notNull().default(''),
    avatar: varchar('avatar', { length: 500 }).notNull().default(''),
    workDescribe: varchar('work_describe', { length: 500 }).notNull().default(''),
    email: varchar('email', { length: 200 }).notNull().default(''),
    mobile: varchar('mobile', { length: 30 }).notNull().default(''),
    /** user_type code table: 01 operator staff, 02 provider staff, ... */
    userType: varchar('user_type', { length: 2 }).notNull(),
    /** Set for provider staff: the provider (hospital) whose data they may see. */
    providerId: varchar('provider_id', { length: 64 }),
    /** The organisation the user belongs to (decision 0028); null: none yet. */
    orgId: uuid('org_id'),
    enabled: boolean('enabled').notNull().default(true),
    /** The user must set a new password before anything else (reset or temporary password). */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    lastLoginAt: at('last_login_at'),
  },
  (t) => [
    index('users_tenant_idx').on(t.tenantId),
    uniqueIndex('users_tenant_account_uq').on(t.tenantId, t.account),
    index('users_tenant_org_idx').on(t.tenantId, t.orgId),
  ],
);
