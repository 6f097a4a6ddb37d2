import { eq } from 'drizzle-orm';
import type { TDbOrTx } from '../db/client.ts';
import { tenants } from './tenancy.tables.ts';

export type TTenantRow = typeof tenants.$inferSelect;

/** An enabled tenant by its code, or null. */
export async function findTenantByCode(db: TDbOrTx, code: string): Promise<TTenantRow | null> {
  const rows = await db.select().from(tenants).where(eq(tenants.code, code));
  const row = rows[0];
  return row?.enabled ? row : null;
}

/** A tenant by id (enabled or not), or null. */
export async function getTenant(db: TDbOrTx, id: string): Promise<TTenantRow | null> {
  const rows = await db.select().from(tenants).where(eq(tenants.id, id));
  return rows[0] ?? null;
}
