import { randomUUID } from 'node:crypto';
import type { TOrganisationType } from '@portal/domain/organisations/rules';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { tenants } from '../../platform/tenancy/tenancy.tables.ts';
import { users } from '../users/users.tables.ts';
import { organisationProviders, organisations } from './organisations.tables.ts';

interface TOrgSeed {
  name: string;
  nameEn: string;
  orgType: TOrganisationType;
  /** Demo accounts placed in the organisation. */
  accounts?: string[];
  /** Demo providers placed in it. */
  providerIds?: string[];
  children?: TOrgSeed[];
}

/**
 * The demo tenant's organisations (decision 0028): the operations centre with two audit teams,
 * each over the region whose providers it audits; the demo provider is in East China.
 */
const demoTree = (providerId: string): TOrgSeed[] => [
  {
    name: '运营中心',
    nameEn: 'Operations Centre',
    orgType: 'dept',
    accounts: ['admin'],
    children: [
      {
        name: '华东审核组',
        nameEn: 'East China Audit Team',
        orgType: 'dept',
        accounts: ['auditor'],
        children: [
          { name: '华东区域', nameEn: 'East China Region', orgType: 'region', providerIds: [providerId] },
        ],
      },
      {
        name: '华北审核组',
        nameEn: 'North China Audit Team',
        orgType: 'dept',
        accounts: ['netview'],
        children: [{ name: '华北区域', nameEn: 'North China Region', orgType: 'region' }],
      },
    ],
  },
];

/**
 * Seeds the demo organisations once: only while the tenant has none, so what an administrator
 * changed or deleted stays as they left it.
 */
export async function seedDemoOrganisations(
  tx: TDbOrTx,
  { tenantCode, providerId }: { tenantCode: string; providerId: string },
): Promise<void> {
  const [tenant] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, tenantCode));
  if (!tenant) return;
  const tenantId = tenant.id;
  const [{ n }] = await tx
    .select({ n: count() })
    .from(organisations)
    .where(eq(organisations.tenantId, tenantId));
  if (Number(n) > 0) return;
  const walk = async (seeds: TOrgSeed[], parentPath: string[]) => {
    for (const [i, seed] of seeds.entries()) {
      const id = randomUUID();
      const path = [...parentPath, id];
      await tx.insert(organisations).values({
        id,
        tenantId,
        parentId: parentPath.at(-1) ?? null,
        path,
        name: seed.name,
        nameEn: seed.nameEn,
        orgType: seed.orgType,
        sortOrder: i + 1,
        createdBy: 'seed',
        updatedBy: 'seed',
      });
      if (seed.providerIds?.length)
        await tx
          .insert(organisationProviders)
          .values(seed.providerIds.map((p) => ({ tenantId, organisationId: id, providerId: p })))
          .onConflictDoNothing();
      if (seed.accounts?.length)
        await tx
          .update(users)
          .set({ orgId: id })
          .where(and(eq(users.tenantId, tenantId), inArray(users.account, seed.accounts)));
      if (seed.children) await walk(seed.children, path);
    }
  };
  await walk(demoTree(providerId), []);
}
