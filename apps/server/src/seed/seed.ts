import { and, eq } from 'drizzle-orm';
import { seedTenantCalendar } from '../features/calendar/calendar.seed.ts';
import { seedTenantDictionaries } from '../features/dictionaries/dictionaries.seed.ts';
import { seedDemoTenantLinks } from '../features/home/home-links.seed.ts';
import { seedDemoProviders } from '../features/hospital-tasks/hospital-tasks.seed.ts';
import { seedTenantKnowledge } from '../features/knowledge/knowledge.seed.ts';
import { seedDemoMembers } from '../features/members/members.seed.ts';
import { menus, resources } from '../features/menus/menus.tables.ts';
import { seedDemoMessages } from '../features/messages/messages.seed.ts';
import { seedDemoOrganisations } from '../features/organisations/organisations.seed.ts';
import { roleMenus, rolePermissions, roles, userRoles } from '../features/roles/roles.tables.ts';
import { clientApps } from '../features/session/session.tables.ts';
import { users } from '../features/users/users.tables.ts';
import { hashPassword } from '../platform/auth/passwords.ts';
import { sha256 } from '../platform/auth/tokens.ts';
import type { TConfig } from '../platform/config.ts';
import type { TDb, TDbOrTx } from '../platform/db/client.ts';
import { crossTenant } from '../platform/db/db-scope.ts';
import type { TSecurityEventWriter } from '../platform/security-events/security-events.ts';
import { type TTenantSettings, tenants } from '../platform/tenancy/tenancy.tables.ts';
import { MENU_SEED, type TMenuSeed } from './menus.seed.ts';
import { ROLE_SEED } from './roles.seed.ts';

export const DEMO_PASSWORD = 'Portal2026';
export const DEMO_PROVIDER_ID = 'P10001';

interface TUserSeed {
  account: string;
  name: string;
  nameEn: string;
  userType: string;
  providerId?: string;
  roles: string[];
}

const DEMO_USERS: TUserSeed[] = [
  {
    account: 'admin',
    name: '系统管理员',
    nameEn: 'System Administrator',
    userType: '01',
    roles: ['SUPER_ADMIN'],
  },
  {
    account: 'auditor',
    name: '审核员王敏',
    nameEn: 'Wang Min (Auditor)',
    userType: '01',
    roles: ['AUDITOR'],
  },
  {
    account: 'hospital',
    name: '北京和睦国际医院 李娜',
    nameEn: 'Li Na (Harmony International)',
    userType: '02',
    providerId: DEMO_PROVIDER_ID,
    roles: ['SMART_PORTAL'],
  },
  {
    account: 'netview',
    name: '网络专员赵磊',
    nameEn: 'Zhao Lei (Network)',
    userType: '01',
    roles: ['NET_VIEW'],
  },
];

const ACME_USERS: TUserSeed[] = [
  {
    account: 'admin',
    name: 'Acme 管理员',
    nameEn: 'Acme Administrator',
    userType: '01',
    roles: ['SUPER_ADMIN'],
  },
  { account: 'auditor', name: 'Acme 审核员', nameEn: 'Acme Auditor', userType: '01', roles: ['AUDITOR'] },
  {
    account: 'hospital',
    name: 'Acme 医院用户',
    nameEn: 'Acme Hospital User',
    userType: '02',
    providerId: 'P20001',
    roles: ['SMART_PORTAL'],
  },
];

const DEFAULT_SETTINGS: TTenantSettings = {
  footer: {
    privacyUrl: '/privacy',
    licenceUrl: '',
    filingNumbers: [],
    fraudMailbox: '',
  },
};

/** Makes sure the built-in client application exists with the configured secret. */
async function ensureWebClient(db: TDbOrTx, secret: string) {
  await db
    .insert(clientApps)
    .values({ clientId: 'portal-web', secretHash: sha256(secret), name: 'Portal web', captchaExempt: false })
    // A public client (its secret is in the browser bundle): never exempt from the captcha.
    .onConflictDoUpdate({
      target: clientApps.clientId,
      // Shared by every tenant, enabled, public, with both grants: the portal cannot lock itself out.
      set: {
        secretHash: sha256(secret),
        captchaExempt: false,
        confidential: false,
        tenantId: null,
        enabled: true,
        grantTypes: ['password', 'refresh_token'],
      },
    });
}

async function ensureTenant(db: TDbOrTx, code: string, name: string, nameEn: string) {
  const existing = await db.select().from(tenants).where(eq(tenants.code, code));
  if (existing[0]) return { tenant: existing[0] };
  const [tenant] = await db
    .insert(tenants)
    .values({ code, name, nameEn, settings: DEFAULT_SETTINGS })
    .returning();
  return { tenant };
}

/** A role's ids and the seed grants already applied to it (decision 0033). */
interface TSeededRole {
  id: string;
  applied: Set<string>;
}

/**
 * Upserts roles and grants the seed's permissions, each once per role: a grant the seed applied
 * before and an administrator took away stays away. Returns the roles by code.
 */
async function ensureRoles(db: TDbOrTx, tenantId: string): Promise<Map<string, TSeededRole>> {
  const byCode = new Map<string, TSeededRole>();
  for (const seed of ROLE_SEED) {
    const [row] = await db
      .insert(roles)
      .values({ tenantId, code: seed.code, name: seed.name, nameEn: seed.nameEn })
      .onConflictDoUpdate({ target: [roles.tenantId, roles.code], set: { tenantId } })
      .returning({ id: roles.id, seededGrants: roles.seededGrants });
    const role = { id: row.id, applied: new Set(row.seededGrants) };
    byCode.set(seed.code, role);
    for (const permission of seed.permissions) {
      if (role.applied.has(`p:${permission}`)) continue;
      await db.insert(rolePermissions).values({ tenantId, roleId: row.id, permission }).onConflictDoNothing();
      role.applied.add(`p:${permission}`);
    }
  }
  return byCode;
}

/** Records the seed grants applied to each role. */
async function saveSeededGrants(db: TDbOrTx, tenantId: string, byCode: Map<string, TSeededRole>) {
  for (const role of byCode.values()) {
    await db
      .update(roles)
      .set({ seededGrants: [...role.applied].sort() })
      .where(and(eq(roles.tenantId, tenantId), eq(roles.id, role.id)));
  }
}

/** Upserts the menu tree by name (built in) and grants entries to their roles once. */
async function ensureMenus(db: TDbOrTx, tenantId: string, roleIds: Map<string, TSeededRole>) {
  const walk = async (items: TMenuSeed[], parentId: string | null) => {
    let order = 0;
    for (const item of items) {
      order += 10;
      const values = {
        tenantId,
        parentId,
        menuGroup: item.group ?? 'default',
        name: item.name,
        path: item.path,
        component: item.component,
        redirect: item.redirect ?? null,
        title: item.title,
        titleEn: item.titleEn,
        icon: item.icon ?? null,
        hidden: item.hidden ?? false,
        alwaysShow: item.alwaysShow ?? false,
        noCache: item.noCache ?? false,
        affix: item.affix ?? false,
        sortOrder: order,
        providerFunction: item.providerFunction ?? null,
        builtIn: true,
      };
      // What an administrator may change (titles, icon, order, hidden, alwaysShow, noCache) is
      // written once; what the product relies on is brought back on every start (decision 0029).
      const update = {
        parentId,
        menuGroup: values.menuGroup,
        path: values.path,
        component: values.component,
        redirect: values.redirect,
        affix: values.affix,
        providerFunction: values.providerFunction,
        builtIn: true,
      };
      const [row] = await db
        .insert(menus)
        .values(values)
        .onConflictDoUpdate({ target: [menus.tenantId, menus.name], set: update })
        .returning({ id: menus.id });
      for (const code of item.roles) {
        const role = roleIds.get(code);
        if (!role || role.applied.has(`m:${item.name}`)) continue;
        await db
          .insert(roleMenus)
          .values({ tenantId, roleId: role.id, menuId: row.id })
          .onConflictDoNothing();
        role.applied.add(`m:${item.name}`);
      }
      for (const resource of item.resources ?? []) {
        await db
          .insert(resources)
          .values({ tenantId, menuId: row.id, ...resource, builtIn: true })
          .onConflictDoUpdate({
            target: [resources.tenantId, resources.code],
            set: { menuId: row.id, builtIn: true },
          });
      }
      if (item.children) await walk(item.children, row.id);
    }
  };
  await walk(MENU_SEED, null);
}

async function ensureUsers(
  db: TDbOrTx,
  tenantId: string,
  roleIds: Map<string, TSeededRole>,
  seeds: TUserSeed[],
  securityEvent?: TSecurityEventWriter,
) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const seed of seeds) {
    const existing = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.account, seed.account)));
    if (existing[0]) continue;
    const [user] = await db
      .insert(users)
      .values({
        tenantId,
        account: seed.account,
        passwordHash,
        name: seed.name,
        nameEn: seed.nameEn,
        userType: seed.userType,
        providerId: seed.providerId ?? null,
      })
      .returning({ id: users.id });
    for (const code of seed.roles) {
      await db
        .insert(userRoles)
        .values({ tenantId, userId: user.id, roleId: roleIds.get(code)!.id })
        .onConflictDoNothing();
    }
    // Granting roles is a security event, whoever does it (decision 0021).
    await securityEvent?.(db, {
      tenantId,
      userId: user.id,
      account: seed.account,
      event: 'role-change',
      reason: 'granted',
      detail: { roles: seed.roles, by: 'seed' },
    });
  }
}

/**
 * Brings a database to the state the app needs: the web client, roles and menus of every
 * tenant, and (when seedDemo) the demo tenant `demo` and the isolation tenant `acme`.
 * Safe to run on every start.
 */
export async function seedDatabase(
  db: TDb,
  config: TConfig,
  options: { securityEvent?: TSecurityEventWriter } = {},
): Promise<void> {
  await crossTenant('seed: reference data and demo tenants', () => seedAll(db, config, options));
}

async function seedAll(
  db: TDb,
  config: TConfig,
  { securityEvent }: { securityEvent?: TSecurityEventWriter },
): Promise<void> {
  await db.transaction(async (tx) => {
    await ensureWebClient(tx, config.portalWebSecret);
    const demoUsers = new Map<string, TUserSeed[]>();
    if (config.seedDemo) {
      const demo = await ensureTenant(tx, 'demo', '演示医疗网络', 'Demo Medical Network');
      const acme = await ensureTenant(tx, 'acme', 'Acme 保险', 'Acme Insurance');
      demoUsers.set(demo.tenant.id, DEMO_USERS);
      demoUsers.set(acme.tenant.id, ACME_USERS);
    }
    for (const tenant of await tx.select({ id: tenants.id }).from(tenants)) {
      const roleIds = await ensureRoles(tx, tenant.id);
      await ensureMenus(tx, tenant.id, roleIds);
      await saveSeededGrants(tx, tenant.id, roleIds);
      const seeds = demoUsers.get(tenant.id);
      if (seeds) await ensureUsers(tx, tenant.id, roleIds, seeds, securityEvent);
      await seedTenantDictionaries(tx, { tenantId: tenant.id });
      await seedTenantKnowledge(tx, { tenantId: tenant.id });
      await seedTenantCalendar(tx, { tenantId: tenant.id });
    }
    if (config.seedDemo) await seedDemoMessages(tx, { tenantCode: 'demo', providerId: DEMO_PROVIDER_ID });
    if (config.seedDemo) await seedDemoTenantLinks(tx, { tenantCode: 'demo' });
    if (config.seedDemo) await seedDemoMembers(tx, { tenantCode: 'demo', providerId: DEMO_PROVIDER_ID });
    if (config.seedDemo) await seedDemoProviders(tx, { config });
    if (config.seedDemo)
      await seedDemoOrganisations(tx, { tenantCode: 'demo', providerId: DEMO_PROVIDER_ID });
  });
}
