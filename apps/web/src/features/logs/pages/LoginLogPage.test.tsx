import type { TSecurityEventRecord } from '@portal/domain/security-events/rules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { mockApi, signInAs } from '../../../test/api-mock.ts';
import { renderAt } from '../../../test/render.tsx';
import { LoginLogPage } from './LoginLogPage.tsx';

const SIGNED_IN: TSecurityEventRecord = {
  id: '00000000-0000-4000-8000-000000000001',
  createdAt: '2026-11-24T02:15:00.000Z',
  userId: '00000000-0000-4000-8000-0000000000a1',
  account: 'auditor',
  ip: '198.51.100.40',
  event: 'sign-in',
  reason: 'signed-in',
  requestId: 'req-1',
  detail: { clientId: 'portal-web' },
};
const FAILED: TSecurityEventRecord = {
  ...SIGNED_IN,
  id: '00000000-0000-4000-8000-000000000002',
  event: 'sign-in-failed',
  reason: 'wrong-password',
};

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('zh');
});

describe('<LoginLogPage>', () => {
  it('lists sign-ins and failures and filters by result', async () => {
    await signInAs({ permissions: ['*'], roles: ['SUPER_ADMIN'] });
    const calls = mockApi({
      'POST /saasapi/authority/loginLog/page': () => ({
        records: [FAILED, SIGNED_IN],
        current: 1,
        size: 10,
        total: 2,
      }),
    });
    renderAt(<LoginLogPage />);
    const failed = (await screen.findByText('登录失败')).closest('tr')!;
    expect(within(failed).getByText('密码错误')).toBeTruthy();
    expect(screen.getAllByText('登录成功').length).toBeGreaterThan(0);
    await userEvent.click(screen.getByLabelText('结果'));
    await userEvent.click(await screen.findByTitle('失败'));
    await userEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(calls.callsTo('/authority/loginLog/page').length).toBeGreaterThan(1));
    expect(calls.callsTo('/authority/loginLog/page').at(-1)?.body).toMatchObject({
      model: { result: 'failure' },
    });
  });

  it('shows 403 without the permission', async () => {
    await signInAs({ permissions: ['drsystem:homePage:view'] });
    const calls = mockApi({});
    renderAt(<LoginLogPage />);
    expect(await screen.findByText('您没有查看此日志的权限。')).toBeTruthy();
    expect(calls.callsTo('/authority/loginLog/page')).toHaveLength(0);
  });
});
