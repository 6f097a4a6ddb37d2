import { date, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../platform/db/columns.ts';

/** A tenant's special days: public holidays and adjusted working days (decision 0043). */
export const calendarDays = pgTable(
  'calendar_days',
  {
    ...tenantColumns(),
    day: date('day', { mode: 'string' }).notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    nameEn: varchar('name_en', { length: 100 }).notNull(),
  },
  (t) => [
    index('calendar_days_tenant_idx').on(t.tenantId),
    uniqueIndex('calendar_days_tenant_day_uq').on(t.tenantId, t.day),
  ],
);

/** The years the seed wrote into a tenant's calendar once; later starts leave them to operators. */
export const calendarSeededYears = pgTable(
  'calendar_seeded_years',
  {
    ...tenantColumns(),
    year: integer('year').notNull(),
  },
  (t) => [
    index('calendar_seeded_years_tenant_idx').on(t.tenantId),
    uniqueIndex('calendar_seeded_years_tenant_year_uq').on(t.tenantId, t.year),
  ],
);
