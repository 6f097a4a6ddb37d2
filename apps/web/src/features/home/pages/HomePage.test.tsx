import type { TAuthorityResource } from '@portal/domain/permissions';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_AUTHORITY, type TLoginResult, useSessionStore } from '../../../lib/session-store.ts';
import { renderAt } from '../../../test/render.tsx';
import type { THomePage } from '../api/get-home-page.ts';
import { HomePage } from './HomePage.tsx';

const fetchMock = vi.fn<typeof fetch>();

const ok = (data: unknown) =>
  new Response(JSON.stringify({ isSuccess: true, code: 0, msg: '成功', msg_en: 'Success', data }), {
    headers: { 'content-type': 'application/json' },
  });

function homePage(overrides: Partial<THomePage>): THomePage {
  return {
    group: 'dashboard',
    user: { name: '李娜', nameEn: 'Li Na', lastLoginAt: null },
    tenant: { code: 'demo', name: '演示租户', nameEn: 'Demo Tenant' },
    provider: null,
    taskCounts: [],
    stats: { users: 4, roles: 5, menus: 12 },
    ...overrides,
  };
}

function session(user: Partial<TLoginResult>, authority: Partial<TAuthorityResource> = {}) {
  useSessionStore.getState().applyLogin({
    token: 't',
    refreshToken: 'r',
    expiresIn: 3600,
    userId: '9',
    account: 'user',
    name: '李娜',
    userType: '01',
    providerId: null,
    ...user,
  });
  useSessionStore.getState().applyAuthority({ ...EMPTY_AUTHORITY, ...authority });
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('<HomePage>', () => {
  it('shows the Bulletin Board to provider staff with their hospital and an empty task state', async () => {
    session(
      { userType: '02', providerId: 'P10001' },
      { resourceList: ['drsystem:homePage:view'], roleList: ['SMART_PORTAL'] },
    );
    fetchMock.mockImplementation(async (input) =>
      String(input).includes('/claim/providerExt/queryAbility')
        ? ok({
            providerId: 'P10001',
            status: '01',
            signStatus: '01',
            invoiceEnabled: false,
            investigationEnabled: true,
            appointmentEnabled: true,
            medicalExpenseEnabled: true,
            medicalExpenseAutoConfirm: false,
            functions: ['contract', 'investigation', 'appointment', 'medicalExpense'],
          })
        : ok(
            homePage({
              group: 'provider',
              provider: { providerId: 'P10001', cnName: '和睦家医院', enName: 'United Family' },
            }),
          ),
    );
    renderAt(<HomePage />);
    expect(screen.getByRole('heading', { name: '公告栏' })).toBeTruthy();
    expect(await screen.findByText('和睦家医院')).toBeTruthy();
    expect(screen.getByText('P10001')).toBeTruthy();
    expect(screen.getByText('首次登录')).toBeTruthy();
    expect(screen.getByText('暂无任务')).toBeTruthy();
    // The provider's switches, from queryAbility.
    expect(await screen.findByText('发票管理: 未开通')).toBeTruthy();
    expect(screen.getByText('预约管理: 已开通')).toBeTruthy();
    expect(screen.getByText('已签约')).toBeTruthy();
  });

  it('tells provider staff of an unsigned provider that direct billing is closed, in English', async () => {
    const { i18n } = await import('../../../lib/i18n.ts');
    await i18n.changeLanguage('en');
    session(
      { userType: '02', providerId: 'P10001' },
      { resourceList: ['drsystem:homePage:view'], roleList: ['SMART_PORTAL'] },
    );
    fetchMock.mockImplementation(async (input) =>
      String(input).includes('/claim/providerExt/queryAbility')
        ? ok({
            providerId: 'P10001',
            status: '01',
            signStatus: '02',
            invoiceEnabled: true,
            investigationEnabled: true,
            appointmentEnabled: true,
            medicalExpenseEnabled: true,
            medicalExpenseAutoConfirm: false,
            functions: [],
          })
        : ok(
            homePage({
              group: 'provider',
              provider: { providerId: 'P10001', cnName: '和睦家医院', enName: 'United Family' },
            }),
          ),
    );
    renderAt(<HomePage />);
    expect(await screen.findByText('Unsigned')).toBeTruthy();
    expect(screen.getByText('An unsigned provider cannot use the direct-billing functions')).toBeTruthy();
    expect(screen.getByText('Invoice management: Off')).toBeTruthy();
    await i18n.changeLanguage('zh');
  });

  it('shows the Task Board to network-view staff with the tasks waiting for audit', async () => {
    session(
      {},
      { resourceList: ['drsystem:homePage:view', 'drsystem:homePage:netView'], roleList: ['NET_VIEW'] },
    );
    fetchMock.mockResolvedValue(
      ok(
        homePage({
          group: 'netView',
          taskCounts: [
            { status: '01', count: 3 },
            { status: '08', count: 2 },
            { status: '06', count: 7 },
          ],
        }),
      ),
    );
    renderAt(<HomePage />);
    expect(screen.getByRole('heading', { name: '任务看板' })).toBeTruthy();
    const waiting = await screen.findByText('待审核任务');
    // Only submitted tasks (01) wait for an auditor; a draft (08) is still the provider's.
    expect(waiting.closest('.ant-statistic')?.textContent).toContain('3');
    expect(screen.getByText('合计：12')).toBeTruthy();
    // The names of the shared status table, as the task lists show them.
    expect(screen.getByText('审核中')).toBeTruthy();
    expect(screen.getByText('待提交')).toBeTruthy();
    expect(screen.getByText('已退回')).toBeTruthy();
    expect(screen.getByText('已退回任务')).toBeTruthy();
  });

  it('shows the Dashboard with the tenant figures in English', async () => {
    const { i18n } = await import('../../../lib/i18n.ts');
    await i18n.changeLanguage('en');
    session({}, { resourceList: ['*'], roleList: ['SUPER_ADMIN'] });
    fetchMock.mockResolvedValue(
      ok(homePage({ user: { name: '李娜', nameEn: 'Li Na', lastLoginAt: '2026-01-05T08:30:00Z' } })),
    );
    renderAt(<HomePage />);
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(await screen.findByText('Hello, Li Na')).toBeTruthy();
    expect(screen.getByText('Demo Tenant (demo)')).toBeTruthy();
    expect(screen.getByText('Users').closest('.ant-statistic')?.textContent).toContain('4');
    expect(screen.getByText('No tasks yet')).toBeTruthy();
  });

  it('offers a retry when the data cannot be loaded', async () => {
    session({}, { resourceList: ['drsystem:homePage:view'] });
    fetchMock
      .mockResolvedValueOnce(new Response('', { status: 500 }))
      .mockResolvedValueOnce(ok(homePage({})));
    renderAt(<HomePage />);
    expect(await screen.findByText('首页数据加载失败')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('您好，李娜')).toBeTruthy();
  });

  it('points a role without the home board to its menu and asks the server nothing, in both languages', async () => {
    session({}, { resourceList: ['drsystem:providerTaskMsh:list'], roleList: ['JUNIOR_AUDITOR'] });
    const { unmount } = renderAt(<HomePage />);
    expect(screen.getByText('您的角色未包含首页看板')).toBeTruthy();
    expect(screen.getByText('请从左侧菜单选择要使用的功能。')).toBeTruthy();
    unmount();
    const { i18n } = await import('../../../lib/i18n.ts');
    await i18n.changeLanguage('en');
    renderAt(<HomePage />);
    expect(screen.getByText('Your role has no home board')).toBeTruthy();
    expect(screen.getByText('Choose a function from the menu on the left.')).toBeTruthy();
    await i18n.changeLanguage('zh');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
