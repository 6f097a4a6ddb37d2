import { boolean, jsonb, pgTable, uuid, varchar } from 'drizzle-orm/pg-core';
import { at } from '../db/columns.ts';

/** Per-tenant footer and links shown by the shell (issue 3 makes them editable). */
export interface TTenantSettings {
  footer?: {
    privacyUrl?: string;
    licenceUrl?: string;
    filingNumbers?: string[];
    fraudMailbox?: string;
  };
  onlineServiceUrl?: string;
  operationGuideUrl?: string;
  /** The payer printed on providers' invoices (decision 0044): the taxpayer number of the tenant. */
  invoiceTitle?: { taxNo?: string };
}

export const tenants = pgTable('tenants', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: varchar('code', { length: 32 }).notNull().unique(),
  name: varchar('name', { length: 100 }).notNull(),
  nameEn: varchar('name_en', { length: 200 }).notNull(),
  enabled: boolean('enabled').notNull().default(true),
  settings: jsonb('settings').$type<TTenantSettings>().notNull().default({}),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});
