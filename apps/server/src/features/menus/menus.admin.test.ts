import { randomUUID } from 'node:crypto';
import { isKnownComponent } from '@portal/domain/menus/page-components';
import { resolveMenuPath } from '@portal/domain/menus/paths';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationLogs } from '../../platform/audit-log/audit-log.tables.ts';
import type { TActor } from '../../platform/auth/access.ts';
import { findTenantByCode } from '../../platform/tenancy/tenancy.service.ts';
import { MENU_SEED, type TMenuSeed } from '../../seed/menus.seed.ts';
import { seedDatabase } from '../../seed/seed.ts';
import { call, createTestApp, login, type TTestApp } from '../../test/test-app.ts';
import { rolePermissions, roles } from '../roles/roles.tables.ts';
import { loadActor } from '../session/session.service.ts';
import { menuCache, routeTreeAnswer } from './menus.service.ts';

let t: TTestApp;
const tokens: Record<string, string> = {};

type TMethod = 'GET' | 'PUT' | 'POST' | 'DELETE';
const req = (who: string, method: TMethod, url: string, payload?: unknown, language?: 'zh' | 'en') =>
  call(t.app, who.split('/')[0], tokens[who], {
    method,
    url: `/saasapi${url}`,
    ...(payload === undefined ? {} : { payload: payload as string }),
    headers: language ? { language } : {},
  });

interface TNode {
  id: string;
  name: string;
  path: string;
  fullPath: string;
  component: string;
  title: string;
  titleEn: string;
  hidden: boolean;
  builtIn: boolean;
  version: number;
  parentId: string | null;
  sortOrder: number;
  children: TNode[];
  resources: { id: string; code: string; builtIn: boolean }[];
}
interface TRoute {
  name: string;
  path: string;
  hidden: boolean;
  meta: { title: string; titleEn: string; activeMenu?: string };
  children?: TRoute[];
}

const find = <T extends { name: string; children?: T[] }>(nodes: T[], name: string): T | undefined =>
  nodes.map((n) => (n.name === name ? n : find(n.children ?? [], name))).find(Boolean);

async function tree(who = 'demo/admin', group = 'default'): Promise<TNode[]> {
  const res = await req(who, 'GET', `/authority/menu/tree?group=${group}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
async function node(name: string, who = 'demo/admin'): Promise<TNode> {
  const found = find(await tree(who), name);
  if (!found) throw new Error(`no menu ${name}`);
  return found;
}
async function router(who: string, group?: 'smartPortal'): Promise<TRoute[]> {
  const res = await req(who, 'GET', `/oauth/menu/router${group ? `?group=${group}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const unique = () => randomUUID().slice(0, 8);
const edit = (n: TNode, over: Record<string, unknown> = {}) => ({
  id: n.id,
  parentId: n.parentId,
  menuGroup: 'default',
  path: n.path,
  component: n.component,
  redirect: '',
  title: n.title,
  titleEn: n.titleEn,
  icon: '',
  hidden: n.hidden,
  noCache: false,
  alwaysShow: false,
  sortOrder: n.sortOrder,
  ...over,
});
async function newPage(over: Record<string, unknown> = {}) {
  const system = await node('system');
  const tag = unique();
  const body = {
    name: `page-${tag}`,
    parentId: system.id,
    path: `page-${tag}`,
    component: 'system/user/index',
    title: `页面${tag}`,
    titleEn: `Page ${tag}`,
    ...over,
  };
  const res = await req('demo/admin', 'POST', '/authority/menu', body);
  expect(res.statusCode, res.body).toBe(200);
  return node(body.name as string);
}

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['demo/admin', 'demo/auditor', 'demo/hospital', 'acme/admin']) {
    const [tenant, account] = who.split('/');
    tokens[who] = (await login(t.app, tenant, account)).token;
  }
});
afterAll(async () => {
  await t?.close();
});

const ROUTES: [TMethod, string, unknown][] = [
  ['GET', '/authority/menu/tree', undefined],
  ['POST', '/authority/menu', {}],
  ['PUT', '/authority/menu', {}],
  ['PUT', '/authority/menu/order', {}],
  ['DELETE', '/authority/menu', {}],
  ['POST', '/authority/resource', {}],
  ['PUT', '/authority/resource', {}],
  ['DELETE', '/authority/resource', {}],
];

describe('every menu administration route', () => {
  it.each(ROUTES)('%s %s refuses a user without the permission (403)', async (method, url, body) => {
    const res = await req('demo/auditor', method, url, body);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(40300);
  });
  it.each(ROUTES)('%s %s refuses provider staff (403)', async (method, url, body) => {
    const res = await req('demo/hospital', method, url, body);
    expect(res.statusCode).toBe(403);
  });
});

describe('the component list', () => {
  it('knows every component the seed names', () => {
    const walk = (items: TMenuSeed[]): string[] =>
      items.flatMap((i) => [i.component, ...walk(i.children ?? [])]);
    for (const component of walk(MENU_SEED)) expect(isKnownComponent(component), component).toBe(true);
    expect(isKnownComponent('system/nothing')).toBe(false);
  });
});

describe('menu entries', () => {
  it('lists the tree with built-in entries, resources and full paths', async () => {
    const role = await node('role');
    expect(role.builtIn).toBe(true);
    expect(role.fullPath).toBe('/system/role');
    expect(role.resources.map((r) => r.code)).toContain('authority:role:view');
    expect(role.resources.every((r) => r.builtIn)).toBe(true);
    const portal = await tree('demo/admin', 'smartPortal');
    expect(Array.isArray(portal)).toBe(true);
  });

  it('creates, edits and deletes an entry, each with an operation-log row', async () => {
    const page = await newPage();
    expect(page.builtIn).toBe(false);
    expect(page.fullPath).toBe(`/system/${page.path}`);
    const changed = await req(
      'demo/admin',
      'PUT',
      '/authority/menu',
      edit(page, { title: '改名', hidden: true }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await node(page.name);
    expect(after).toMatchObject({ title: '改名', hidden: true, version: page.version + 1 });
    const stale = await req('demo/admin', 'PUT', '/authority/menu', edit(page, { version: page.version }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe(40938);
    const gone = await req('demo/admin', 'DELETE', '/authority/menu', { id: page.id });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(find(await tree(), page.name)).toBeUndefined();
    const logs = await t.platform.db.select().from(operationLogs).where(eq(operationLogs.targetId, page.id));
    expect(logs.map((l) => l.action).sort()).toEqual(['create', 'delete', 'update']);
  });

  it('refuses a duplicate path or route name and an unknown component, in both languages', async () => {
    const system = await node('system');
    const base = { parentId: system.id, component: 'system/user/index', title: '重复', titleEn: 'Duplicate' };
    const samePath = await req(
      'demo/admin',
      'POST',
      '/authority/menu',
      { ...base, name: `n${unique()}`, path: '/system/role' },
      'en',
    );
    expect(samePath.statusCode).toBe(400);
    expect(samePath.json().code).toBe(40240);
    expect(samePath.json().msg_en).toContain('/system/role');
    expect(samePath.json().data.fieldErrors.path.msg).toContain('已被菜单');
    const relative = await req('demo/admin', 'POST', '/authority/menu', {
      ...base,
      name: `n${unique()}`,
      path: 'role',
    });
    expect(relative.json().code).toBe(40240);
    const sameName = await req('demo/admin', 'POST', '/authority/menu', {
      ...base,
      name: 'ROLE',
      path: `p${unique()}`,
    });
    expect(sameName.json().code).toBe(40241);
    const component = await req(
      'demo/admin',
      'POST',
      '/authority/menu',
      { ...base, name: `n${unique()}`, path: `p${unique()}`, component: 'system/nothing' },
      'en',
    );
    expect(component.statusCode).toBe(400);
    expect(component.json().data.fieldErrors.component.msg_en).toBe(
      'Please choose a page component the web app has',
    );
    expect(component.json().data.fieldErrors.component.msg).toBe('请选择前端已有的页面组件');
    const empty = await req('demo/admin', 'POST', '/authority/menu', {
      ...base,
      name: `n${unique()}`,
      path: `p${unique()}`,
      title: ' ',
    });
    expect(empty.json().data.fieldErrors.title.msg_en).toBe('Please enter the Chinese title');
  });

  it('keeps built-in entries: never deleted, path and component fixed, but renamed, hidden and reordered', async () => {
    const role = await node('role');
    const del = await req('demo/admin', 'DELETE', '/authority/menu', { id: role.id }, 'en');
    expect(del.statusCode).toBe(409);
    expect(del.json().code).toBe(40935);
    expect(del.json().msg_en).toContain('hide or rename');
    const move = await req('demo/admin', 'PUT', '/authority/menu', edit(role, { path: 'roles2' }));
    expect(move.statusCode).toBe(400);
    expect(move.json().code).toBe(40242);
    const component = await req(
      'demo/admin',
      'PUT',
      '/authority/menu',
      edit(role, { component: 'system/user/index' }),
    );
    expect(component.json().code).toBe(40242);
    const rename = await req(
      'demo/admin',
      'PUT',
      '/authority/menu',
      edit(role, { title: '角色权限', titleEn: 'Roles and grants' }),
    );
    expect(rename.statusCode, rename.body).toBe(200);
    const restored = await req(
      'demo/admin',
      'PUT',
      '/authority/menu',
      edit(await node('role'), { title: role.title, titleEn: role.titleEn }),
    );
    expect(restored.statusCode).toBe(200);
  });

  it("keeps an administrator's titles, order and hidden flag when the seed runs again at start", async () => {
    const area = await node('area');
    const res = await req(
      'demo/admin',
      'PUT',
      '/authority/menu',
      edit(area, { title: '区域', hidden: true, sortOrder: 999 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    await seedDatabase(t.platform.db, t.config);
    expect(await node('area')).toMatchObject({
      title: '区域',
      hidden: true,
      sortOrder: 999,
      path: 'area',
      builtIn: true,
    });
    await req(
      'demo/admin',
      'PUT',
      '/authority/menu',
      edit(await node('area'), { title: area.title, hidden: false, sortOrder: area.sortOrder }),
    );
  });

  it('refuses a parent below the entry itself and deleting an entry with children', async () => {
    const folder = await newPage({ component: 'Layout' });
    const child = await newPage({ parentId: folder.id, path: `child-${unique()}` });
    const loop = await req('demo/admin', 'PUT', '/authority/menu', edit(folder, { parentId: child.id }));
    expect(loop.json().code).toBe(40243);
    const del = await req('demo/admin', 'DELETE', '/authority/menu', { id: folder.id });
    expect(del.json().code).toBe(40936);
    expect((await req('demo/admin', 'DELETE', '/authority/menu', { id: child.id })).statusCode).toBe(200);
    expect((await req('demo/admin', 'DELETE', '/authority/menu', { id: folder.id })).statusCode).toBe(200);
  });

  it('reorders one level, and refuses an order that is not exactly that level', async () => {
    const system = await node('system');
    const ids = system.children.map((c) => c.id);
    const reversed = [...ids].reverse();
    const res = await req('demo/admin', 'PUT', '/authority/menu/order', {
      parentId: system.id,
      ids: reversed,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await node('system')).children.map((c) => c.id)).toEqual(reversed);
    const routes = find(await router('demo/admin'), 'system');
    expect(routes?.children?.map((c) => c.name)).toEqual((await node('system')).children.map((c) => c.name));
    const partial = await req('demo/admin', 'PUT', '/authority/menu/order', {
      parentId: system.id,
      ids: ids.slice(1),
    });
    expect(partial.json().code).toBe(40244);
    expect(
      (await req('demo/admin', 'PUT', '/authority/menu/order', { parentId: system.id, ids })).statusCode,
    ).toBe(200);
  });

  it('an edit reaches a signed-in user on their next router call', async () => {
    const audit = await node('hospitalAudit');
    const before = find(await router('demo/auditor'), 'hospitalAudit');
    expect(before?.meta.titleEn).toBe(audit.titleEn);
    const res = await req(
      'demo/admin',
      'PUT',
      '/authority/menu',
      edit(audit, { titleEn: 'Audits to do', hidden: true }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = find(await router('demo/auditor'), 'hospitalAudit');
    expect(after).toMatchObject({ hidden: true, meta: { titleEn: 'Audits to do' } });
    await req(
      'demo/admin',
      'PUT',
      '/authority/menu',
      edit(await node('hospitalAudit'), { titleEn: audit.titleEn, hidden: false }),
    );
    expect(find(await router('demo/auditor'), 'hospitalAudit')?.meta.titleEn).toBe(audit.titleEn);
  });

  it('writes the router answer once per loaded menus and combination of roles, group and functions', async () => {
    const actor = async (who: string) =>
      loadActor(t.platform, await t.platform.tokens.verifyAccess(tokens[who]));
    const [admin, hospital] = [await actor('demo/admin'), await actor('demo/hospital')];
    const writes: string[] = [];
    const answer = (a: TActor, group: 'default' | 'smartPortal') =>
      routeTreeAnswer(t.platform, { actor: a, group }, (routes) => {
        writes.push(`${a.account}/${group}`);
        return Buffer.from(JSON.stringify(routes));
      });
    await menuCache(t.platform).invalidate(admin.tenantId);
    const first = await answer(admin, 'default');
    expect(await answer(admin, 'default')).toBe(first);
    expect(await answer(hospital, 'default')).not.toEqual(first);
    expect(await answer(admin, 'smartPortal')).not.toEqual(first);
    // The same roles with a provider function switched off are a tree of their own.
    await answer({ ...hospital, providerFunctions: [] }, 'default');
    expect(writes).toEqual(['admin/default', 'hospital/default', 'admin/smartPortal', 'hospital/default']);
    // A menu or role change drops the tenant's menus, and with them the written answers.
    await menuCache(t.platform).invalidate(admin.tenantId);
    const again = await answer(admin, 'default');
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
    expect(writes).toHaveLength(5);
    // The answers above are this test's own: the route writes its own after these menus go.
    await menuCache(t.platform).invalidate(admin.tenantId);
  });

  it("keeps tenants apart: another tenant's entry is not found, and the tree is the tenant's own", async () => {
    const page = await newPage();
    expect(find(await tree('acme/admin'), page.name)).toBeUndefined();
    const editOther = await req('acme/admin', 'PUT', '/authority/menu', edit(page, { title: '越权' }));
    expect(editOther.statusCode).toBe(404);
    expect(editOther.json().code).toBe(40420);
    const delOther = await req('acme/admin', 'DELETE', '/authority/menu', { id: page.id });
    expect(delOther.statusCode).toBe(404);
    const resOther = await req('acme/admin', 'POST', '/authority/resource', {
      menuId: page.id,
      code: 'x:y:z',
      name: '权限',
      nameEn: 'Permission',
    });
    expect(resOther.json().code).toBe(40420);
    expect((await node(page.name)).title).toBe(page.title);
  });
});

describe('resources', () => {
  it('creates, renames and deletes a resource; deleting takes it from every role', async () => {
    const page = await newPage();
    const code = `custom:${unique()}:view`;
    const created = await req('demo/admin', 'POST', '/authority/resource', {
      menuId: page.id,
      code,
      name: '查看',
      nameEn: 'View',
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as string;
    const dup = await req(
      'demo/admin',
      'POST',
      '/authority/resource',
      { menuId: page.id, code: code.toUpperCase(), name: '重复', nameEn: 'Again' },
      'en',
    );
    expect(dup.json().code).toBe(40245);
    expect(dup.json().msg_en).toBe('Permission code already exists');
    const renamed = await req('demo/admin', 'PUT', '/authority/resource', {
      id,
      name: '查看二',
      nameEn: 'View two',
    });
    expect(renamed.json().data).toMatchObject({ code, name: '查看二', nameEn: 'View two' });

    // Give it to the demo auditor role: the auditor's session holds it, and loses it on deletion.
    const tenantId = (await findTenantByCode(t.platform.db, 'demo'))!.id;
    const [auditorRole] = await t.platform.db
      .select()
      .from(roles)
      .where(and(eq(roles.code, 'AUDITOR'), eq(roles.tenantId, tenantId)));
    await t.platform.db
      .insert(rolePermissions)
      .values({ tenantId, roleId: auditorRole.id, permission: code });
    await t.platform.authCache.invalidate({ tenantId });
    const visible = async () =>
      (await req('demo/auditor', 'GET', '/oauth/resource/visible')).json().data.resourceList as string[];
    expect(await visible()).toContain(code);
    const gone = await req('demo/admin', 'DELETE', '/authority/resource', { id });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await visible()).not.toContain(code);
    const left = await t.platform.db
      .select()
      .from(rolePermissions)
      .where(eq(rolePermissions.permission, code));
    expect(left).toHaveLength(0);
  });

  it('refuses deleting a built-in resource, a resource under a folder, and bad codes', async () => {
    const role = await node('role');
    const builtIn = role.resources.find((r) => r.code === 'authority:role:view')!;
    const del = await req('demo/admin', 'DELETE', '/authority/resource', { id: builtIn.id });
    expect(del.statusCode).toBe(409);
    expect(del.json().code).toBe(40937);
    const system = await node('system');
    const folder = await req('demo/admin', 'POST', '/authority/resource', {
      menuId: system.id,
      code: `a:${unique()}`,
      name: '目录',
      nameEn: 'Folder',
    });
    expect(folder.json().code).toBe(40246);
    const bad = await req(
      'demo/admin',
      'POST',
      '/authority/resource',
      { menuId: role.id, code: 'no spaces', name: '坏', nameEn: 'Bad' },
      'en',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fieldErrors.code.msg_en).toContain('A permission code is parts');
    const missing = await req('demo/admin', 'PUT', '/authority/resource', {
      id: randomUUID(),
      name: '无',
      nameEn: 'None',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe(40421);
  });
});

describe('hidden pages name their list page (meta.activeMenu)', () => {
  it('every hidden built-in entry names a visible page of its own group', () => {
    const pages = new Map<string, { group: string; hidden: boolean }>();
    const hidden: { name: string; group: string; activeMenu?: string }[] = [];
    const walk = (nodes: TMenuSeed[], base: string, group: string) => {
      for (const n of nodes) {
        const g = n.group ?? group;
        const full = resolveMenuPath(base, n.path);
        if (n.children) walk(n.children, full, g);
        else if (n.hidden) hidden.push({ name: n.name, group: g, activeMenu: n.activeMenu });
        else pages.set(`${g} ${full}`, { group: g, hidden: false });
      }
    };
    walk(MENU_SEED, '/', 'default');
    expect(hidden.length).toBeGreaterThan(30);
    for (const h of hidden) {
      expect(h.activeMenu, h.name).toBeTruthy();
      expect(pages.has(`${h.group} ${h.activeMenu}`), `${h.name} -> ${h.activeMenu}`).toBe(true);
    }
  });

  it('the router answer carries it on hidden pages only, in each menu group', async () => {
    const routes = await router('demo/admin');
    expect(find(routes, 'appointment-detail')?.meta.activeMenu).toBe('/appointment/list');
    expect(find(routes, 'appointment-process-detail')?.meta.activeMenu).toBe('/appointment/list');
    expect(find(routes, 'claim-appeal-detail')?.meta.activeMenu).toBe('/claim/appeal/list');
    expect(find(routes, 'doctorDetail')?.meta.activeMenu).toBe('/drsystem/management/doctor');
    expect(find(routes, 'claim-appeal')?.meta).not.toHaveProperty('activeMenu');
    expect(find(routes, 'appointment')?.meta).not.toHaveProperty('activeMenu');
    const portal = await router('demo/admin', 'smartPortal');
    expect(find(portal, 'smartPortal-appointment-detail')?.meta.activeMenu).toBe('/smartPortal/appointment');
    // An operator gets it for the pages their roles grant.
    const auditor = await router('demo/auditor');
    expect(find(auditor, 'claim-appeal-audit')?.meta.activeMenu).toBe('/claim/appeal/list');
    expect(find(auditor, 'preauth-audit-detail')?.meta.activeMenu).toBe('/preauthAudit/list');
  });

  it('an entry the administrator shows in the menu is its own selection', async () => {
    const detail = await node('invoice-detail');
    const res = await req('demo/admin', 'PUT', '/authority/menu', edit(detail, { hidden: false }));
    expect(res.statusCode, res.body).toBe(200);
    expect(find(await router('demo/admin'), 'invoice-detail')?.meta).not.toHaveProperty('activeMenu');
    await req('demo/admin', 'PUT', '/authority/menu', edit(await node('invoice-detail'), { hidden: true }));
    expect(find(await router('demo/admin'), 'invoice-detail')?.meta.activeMenu).toBe('/invoice/index');
  });
});
