import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { mockApi, signInAs } from '../../../test/api-mock.ts';
import { renderAt } from '../../../test/render.tsx';
import type { TAdminUser } from '../api/users-page.ts';
import { UserPage } from './UserPage.tsx';

const AUDITOR_ROLE = {
  id: '00000000-0000-4000-8000-0000000000r1',
  code: 'AUDITOR',
  name: '审核员',
  nameEn: 'Auditor',
};
const USER: TAdminUser = {
  id: '00000000-0000-4000-8000-000000000001',
  account: 'auditor',
  name: '王敏',
  nameEn: 'Wang Min',
  email: 'wang.min@example.com',
  mobile: '13800138000',
  userType: '01',
  providerId: null,
  orgId: null,
  enabled: true,
  mustChangePassword: true,
  lastLoginAt: null,
  createdAt: '2026-11-24T02:15:00.000Z',
  roles: [AUDITOR_ROLE],
};

function api(records: TAdminUser[] = [USER]) {
  return mockApi({
    'POST /saasapi/authority/user/page': () => ({ records, current: 1, size: 10, total: records.length }),
    'GET /saasapi/authority/user/roles': () => [AUDITOR_ROLE],
    'POST /saasapi/authority/user/reset': () => ({
      userId: USER.id,
      account: 'auditor',
      password: 'Xk4pQ7mN2bZr',
    }),
  });
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('zh');
});

describe('<UserPage>', () => {
  it('lists users with masked personal data and sends the filters', async () => {
    await signInAs({ permissions: ['*'], roles: ['SUPER_ADMIN'] });
    const calls = api();
    const { container } = renderAt(<UserPage />);
    const row = (await screen.findByText('auditor')).closest('tr')!;
    expect(within(row).getByText('王*')).toBeTruthy();
    expect(within(row).queryByText('王敏')).toBeNull();
    expect(within(row).getByText('审核员')).toBeTruthy();
    expect(within(row).getByText('待修改密码')).toBeTruthy();

    await userEvent.type(container.querySelector('#userFilter_account') as HTMLInputElement, ' aud ');
    await userEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(calls.callsTo('/authority/user/page').at(-1)?.body).toMatchObject({
        current: 1,
        model: { account: 'aud' },
      }),
    );
  });

  it('resets a password after confirmation and shows the one-time password once', async () => {
    await signInAs({ permissions: ['authority:user:*'] });
    const calls = api();
    renderAt(<UserPage />);
    await screen.findByText('auditor');
    await userEvent.click(screen.getByRole('button', { name: /更多 auditor/ }));
    await userEvent.click(await screen.findByText('重置密码'));
    expect(calls.callsTo('/authority/user/reset')).toHaveLength(0);
    await userEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('Xk4pQ7mN2bZr')).toBeTruthy();
    expect(String(calls.callsTo('/authority/user/reset')[0].body)).toContain(`userId=${USER.id}`);
  });

  it('shows only the buttons the permissions allow', async () => {
    await signInAs({ permissions: ['authority:user:view'], roles: ['AUDITOR'] });
    api();
    renderAt(<UserPage />);
    await screen.findByText('auditor');
    expect(screen.queryByRole('button', { name: /新增用户/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /导\s*入/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull();
  });

  it('shows 403 without the permission and asks nothing', async () => {
    await signInAs({ permissions: ['drsystem:providerTask:*'], roles: ['SMART_PORTAL'], userType: '02' });
    const calls = api();
    renderAt(<UserPage />);
    expect(await screen.findByText('您没有管理用户的权限。')).toBeTruthy();
    expect(calls.callsTo('/authority/user/page')).toHaveLength(0);
  });

  it('speaks English, with an empty state', async () => {
    await i18n.changeLanguage('en');
    await signInAs({ permissions: ['*'] });
    api([]);
    renderAt(<UserPage />);
    expect(await screen.findByText('No users match')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Add user/ })).toBeTruthy();
  });
});
