import type { TProviderAccount, TProviderStaff } from '@portal/domain/provider-accounts/rules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { failure, mockApi, signInAs, type TApiCall } from '../../../test/api-mock.ts';
import { renderAt } from '../../../test/render.tsx';
import { ProviderAccountPage } from './ProviderAccountPage.tsx';

const P10001: TProviderAccount = {
  providerId: 'P10001',
  providerCnName: '北京和睦家医院',
  providerEnName: 'Beijing United Family Hospital',
  status: '01',
  signStatus: '01',
  invoiceEnabled: true,
  investigationEnabled: true,
  appointmentEnabled: false,
  medicalExpenseEnabled: true,
  medicalExpenseAutoConfirm: false,
  staffCount: 1,
  version: 3,
  updatedAt: '2026-11-24T02:15:00.000Z',
};
const STAFF: TProviderStaff = {
  userId: 'u-9',
  account: 'hospital',
  name: '李娜',
  nameEn: 'Li Na',
  enabled: true,
  lastLoginAt: null,
};

function api(overrides: Record<string, (call: TApiCall) => unknown> = {}) {
  return mockApi({
    'POST /saasapi/authority/providerAccount/page': () => ({
      records: [P10001],
      current: 1,
      size: 10,
      total: 1,
    }),
    'GET /saasapi/authority/providerAccount/P10001': () => P10001,
    'POST /saasapi/authority/providerAccount/staff': () => ({
      records: [STAFF],
      current: 1,
      size: 10,
      total: 1,
    }),
    'PUT /saasapi/authority/providerAccount': (call) => ({ ...P10001, ...(call.body as object), version: 4 }),
    ...overrides,
  });
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('zh');
});

describe('<ProviderAccountPage>', () => {
  it('lists the accounts with their statuses and switched-on functions, and sends the filters', async () => {
    await signInAs({ permissions: ['*'], roles: ['SUPER_ADMIN'] });
    const calls = api();
    renderAt(<ProviderAccountPage />);
    const row = (await screen.findByText('北京和睦家医院')).closest('tr')!;
    expect(within(row).getByText('有效')).toBeTruthy();
    expect(within(row).getByText('已签约')).toBeTruthy();
    expect(within(row).getByText('发票管理')).toBeTruthy();
    expect(within(row).queryByText('预约管理')).toBeNull();

    await userEvent.type(screen.getByLabelText('机构编号'), ' P100 ');
    await userEvent.click(screen.getByLabelText('账户状态'));
    await userEvent.click(await screen.findByTitle('无效'));
    await userEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(calls.callsTo('/authority/providerAccount/page').at(-1)?.body).toMatchObject({
        current: 1,
        model: { providerId: 'P100', status: '02' },
      }),
    );
  });

  it('shows the empty state in English', async () => {
    await i18n.changeLanguage('en');
    await signInAs({ permissions: ['*'] });
    api({
      'POST /saasapi/authority/providerAccount/page': () => ({ records: [], current: 1, size: 10, total: 0 }),
    });
    renderAt(<ProviderAccountPage />);
    expect(await screen.findByText('No provider accounts')).toBeTruthy();
    expect(screen.getByText('Provider accounts')).toBeTruthy();
  });

  it('switches a function off and saves with the version read', async () => {
    await signInAs({ permissions: ['*'] });
    const calls = api();
    renderAt(<ProviderAccountPage />);
    await userEvent.click(await screen.findByRole('button', { name: '管理 P10001' }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('hospital')).toBeTruthy();
    await userEvent.click(within(drawer).getByRole('switch', { name: '发票管理' }));
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.callsTo('/authority/providerAccount').length).toBe(1));
    expect(calls.callsTo('/authority/providerAccount')[0].body).toEqual({
      providerId: 'P10001',
      version: 3,
      status: '01',
      signStatus: '01',
      invoiceEnabled: false,
      investigationEnabled: true,
      appointmentEnabled: false,
      medicalExpenseEnabled: true,
      medicalExpenseAutoConfirm: false,
    });
    expect(await screen.findByText('机构账户已保存')).toBeTruthy();
  });

  it('asks before making a provider invalid, and sends nothing when cancelled', async () => {
    await signInAs({ permissions: ['*'] });
    const calls = api();
    renderAt(<ProviderAccountPage />);
    await userEvent.click(await screen.findByRole('button', { name: '管理 P10001' }));
    const drawer = await screen.findByRole('dialog');
    await userEvent.click(await within(drawer).findByRole('switch', { name: '账户状态' }));
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect((await screen.findAllByText('将该机构设为无效？')).length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    expect(calls.callsTo('/authority/providerAccount')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    // The cancelled dialog may still be closing: confirm in the newest one.
    await userEvent.click((await screen.findAllByRole('button', { name: '设为无效' })).at(-1)!);
    await waitFor(() =>
      expect(calls.callsTo('/authority/providerAccount')[0]?.body).toMatchObject({ status: '02' }),
    );
  });

  it("shows the server's message when someone else changed the account meanwhile", async () => {
    await signInAs({ permissions: ['*'] });
    api({
      'PUT /saasapi/authority/providerAccount': () =>
        failure(
          40914,
          '该机构账户已被他人修改，请刷新后重试',
          "The provider's account was changed by someone else; reload it and try again",
          409,
        ),
    });
    renderAt(<ProviderAccountPage />);
    await userEvent.click(await screen.findByRole('button', { name: '管理 P10001' }));
    const drawer = await screen.findByRole('dialog');
    await userEvent.click(await within(drawer).findByRole('switch', { name: '发票管理' }));
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('该机构账户已被他人修改，请刷新后重试')).toBeTruthy();
  });

  it('shows the account read-only without the edit permission, and 403 without the view permission', async () => {
    await signInAs({ permissions: ['authority:providerAccount:view'] });
    api();
    const view = renderAt(<ProviderAccountPage />);
    await userEvent.click(await screen.findByRole('button', { name: '管理 P10001' }));
    const drawer = await screen.findByRole('dialog');
    const invoice = await within(drawer).findByRole('switch', { name: '发票管理' });
    expect((invoice as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /保\s*存/ })).toBeNull();
    view.unmount();

    await signInAs({ permissions: ['msg:center:*'] });
    renderAt(<ProviderAccountPage />);
    expect(await screen.findByText('您没有查看机构账户的权限。')).toBeTruthy();
  });
});
