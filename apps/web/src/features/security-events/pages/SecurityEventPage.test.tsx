import type { TSecurityEventRecord } from '@portal/domain/security-events/rules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { mockApi, signInAs } from '../../../test/api-mock.ts';
import { renderAt } from '../../../test/render.tsx';
import { SecurityEventPage } from './SecurityEventPage.tsx';

const FAILED: TSecurityEventRecord = {
  id: '00000000-0000-4000-8000-000000000001',
  createdAt: '2026-11-24T02:15:00.000Z',
  userId: '00000000-0000-4000-8000-0000000000a1',
  account: 'auditor',
  ip: '198.51.100.40',
  event: 'sign-in-failed',
  reason: 'wrong-password',
  requestId: 'req-7f3a',
  detail: null,
};
const REFUSED: TSecurityEventRecord = {
  ...FAILED,
  id: '00000000-0000-4000-8000-000000000002',
  createdAt: '2026-11-24T02:10:00.000Z',
  account: 'hospital',
  event: 'forbidden',
  reason: 'system:securityEvent:view',
  detail: { method: 'POST', path: '/saasapi/authority/securityEvent/page' },
};

function api(records: TSecurityEventRecord[] = [FAILED, REFUSED]) {
  return mockApi({
    'POST /saasapi/authority/securityEvent/page': () => ({
      records,
      current: 1,
      size: 10,
      total: records.length,
    }),
  });
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('zh');
});

describe('<SecurityEventPage>', () => {
  it('lists the events with their labels and sends the filters', async () => {
    await signInAs({ permissions: ['*'], roles: ['SUPER_ADMIN'] });
    const calls = api();
    renderAt(<SecurityEventPage />);
    const row = (await screen.findByText('登录失败')).closest('tr')!;
    expect(within(row).getByText('auditor')).toBeTruthy();
    expect(within(row).getByText('密码错误')).toBeTruthy();
    expect(within(row).getByText('198.51.100.40')).toBeTruthy();
    // A refused permission shows as it is.
    expect(screen.getByText('system:securityEvent:view')).toBeTruthy();
    expect(calls.callsTo('/authority/securityEvent/page')[0].body).toMatchObject({
      current: 1,
      size: 10,
      sort: 'createdAt',
      order: 'descending',
    });

    await userEvent.type(screen.getByLabelText('账号'), ' auditor ');
    await userEvent.type(screen.getByLabelText('IP 地址'), '198.51.100.');
    await userEvent.click(screen.getByLabelText('事件'));
    await userEvent.click(await screen.findByTitle('登录失败'));
    await userEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(calls.callsTo('/authority/securityEvent/page').length).toBeGreaterThan(1));
    expect(calls.callsTo('/authority/securityEvent/page').at(-1)?.body).toMatchObject({
      current: 1,
      model: { event: 'sign-in-failed', account: 'auditor', ip: '198.51.100.' },
    });
  });

  it('sorts by time when the column header is clicked', async () => {
    await signInAs({ permissions: ['system:securityEvent:view'] });
    const calls = api();
    renderAt(<SecurityEventPage />);
    await screen.findByText('登录失败');
    await userEvent.click(screen.getByText('时间', { selector: '.ant-table-column-title' }));
    await waitFor(() =>
      expect(calls.callsTo('/authority/securityEvent/page').at(-1)?.body).toMatchObject({
        sort: 'createdAt',
        order: 'ascending',
      }),
    );
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en');
    await signInAs({ permissions: ['system:securityEvent:view'] });
    api();
    renderAt(<SecurityEventPage />);
    expect(await screen.findByText('Sign-in failed')).toBeTruthy();
    expect(screen.getByText('Wrong password')).toBeTruthy();
    expect(screen.getByText('Access refused')).toBeTruthy();
    expect(screen.getByText('Security events')).toBeTruthy();
  });

  it('shows 403 without the log permission and does not ask the server', async () => {
    await signInAs({ permissions: ['drsystem:providerTaskMsh:*'], roles: ['AUDITOR'] });
    const calls = api();
    renderAt(<SecurityEventPage />);
    expect(await screen.findByText('您没有查看安全事件的权限。')).toBeTruthy();
    expect(calls.callsTo('/authority/securityEvent/page')).toHaveLength(0);
  });
});
