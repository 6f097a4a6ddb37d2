import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { findTenantByCode } from '../../platform/tenancy/tenancy.service.ts';
import { describeTwoInstances, eventually } from '../../test/instances.ts';
import { call, login } from '../../test/test-app.ts';
import { menus } from './menus.tables.ts';

/**
 * The route tree's menu cache across instances through Redis pub/sub (decision 0029, amendment
 * "the route tree from a cache"). Runs when REDIS_URL (or TEST_REDIS_URL) names a Redis server and
 * TEST_DATABASE_URL (or DATABASE_URL) a PostgreSQL database both instances share.
 */

describeTwoInstances('the route tree on two app instances', (instances) => {
  it("an administrator's menu edit on one instance reaches the other's router at once", async () => {
    const { first, second } = await instances();
    const admin = (await login(first.app, 'demo', 'admin')).token;
    const auditor = (await login(second, 'demo', 'auditor')).token;
    const router = async () => {
      const res = await call(second, 'demo', auditor, { method: 'GET', url: '/saasapi/oauth/menu/router' });
      expect(res.statusCode, res.body).toBe(200);
      return JSON.stringify(res.json().data);
    };
    const before = await router();
    expect(before).toContain('"name":"hospitalAudit"');

    // A row written behind the services' back stays unseen: the second instance answers from memory.
    const demo = (await findTenantByCode(first.platform.db, 'demo'))!;
    const [row] = await first.platform.db
      .update(menus)
      .set({ titleEn: 'Written behind the back' })
      .where(and(eq(menus.tenantId, demo.id), eq(menus.name, 'hospitalAudit')))
      .returning();
    expect(await router()).toBe(before);

    const edited = await call(first.app, 'demo', admin, {
      method: 'PUT',
      url: '/saasapi/authority/menu',
      payload: {
        id: row.id,
        parentId: row.parentId,
        menuGroup: row.menuGroup,
        path: row.path,
        component: row.component,
        redirect: '',
        title: row.title,
        titleEn: 'Audits, renamed on the first instance',
        icon: row.icon ?? '',
        hidden: row.hidden,
        noCache: row.noCache,
        alwaysShow: row.alwaysShow,
        sortOrder: row.sortOrder,
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(
      await eventually(async () => (await router()).includes('Audits, renamed on the first instance')),
    ).toBe(true);
  });
});
