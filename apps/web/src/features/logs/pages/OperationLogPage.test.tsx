import type { TOperationLogRecord } from '@portal/domain/logs/rules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { mockApi, signInAs } from '../../../test/api-mock.ts';
import { renderAt } from '../../../test/render.tsx';
import { OperationLogPage } from './OperationLogPage.tsx';

const CREATED: TOperationLogRecord = {
  id: '00000000-0000-4000-8000-000000000001',
  createdAt: '2026-11-24T02:15:00.000Z',
  userId: '00000000-0000-4000-8000-0000000000a1',
  account: 'admin',
  action: 'disable',
  targetTable: 'client_apps',
  targetId: '00000000-0000-4000-8000-0000000000c1',
  before: { enabled: true, name: 'Gateway' },
  after: { enabled: false, name: 'Gateway' },
  requestId: 'req-9a1',
};
const CUSTOM: TOperationLogRecord = {
  ...CREATED,
  id: '00000000-0000-4000-8000-000000000002',
  action: 'merge-things',
  targetTable: 'some_table',
  before: null,
  after: null,
};

function api(records: TOperationLogRecord[] = [CREATED, CUSTOM]) {
  return mockApi({
    'POST /saasapi/authority/operationLog/page': () => ({
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

describe('<OperationLogPage>', () => {
  it('lists entries with labelled actions and objects, shows before/after, and sends the filters', async () => {
    await signInAs({ permissions: ['*'], roles: ['SUPER_ADMIN'] });
    const calls = api();
    renderAt(<OperationLogPage />);
    const row = (await screen.findByText('停用')).closest('tr')!;
    expect(within(row).getByText('客户端')).toBeTruthy();
    expect(within(row).getByText('admin')).toBeTruthy();
    // Unknown verbs and objects show as they are.
    expect(screen.getByText('merge-things')).toBeTruthy();
    expect(screen.getByText('some_table')).toBeTruthy();
    // Before and after, field by field.
    await userEvent.click(within(row).getByRole('button', { name: /展开|expand/i }));
    expect(await screen.findByText('修改前')).toBeTruthy();
    expect(screen.getByText('enabled')).toBeTruthy();
    expect(screen.getByText('true')).toBeTruthy();
    expect(screen.getByText('false')).toBeTruthy();

    await userEvent.type(screen.getByLabelText('账号'), ' admin ');
    await userEvent.type(screen.getByLabelText('对象 ID'), CREATED.targetId);
    await userEvent.click(screen.getByLabelText('操作'));
    await userEvent.click(await screen.findByTitle('新增'));
    await userEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(calls.callsTo('/authority/operationLog/page').length).toBeGreaterThan(1));
    expect(calls.callsTo('/authority/operationLog/page').at(-1)?.body).toMatchObject({
      current: 1,
      order: 'descending',
      model: { account: 'admin', action: 'create', targetId: CREATED.targetId },
    });
  });

  it('shows an empty state in English', async () => {
    await i18n.changeLanguage('en');
    await signInAs({ permissions: ['system:operationLog:view'] });
    api([]);
    renderAt(<OperationLogPage />);
    expect(await screen.findByText('No operation log entries')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Export/ })).toBeTruthy();
  });

  it('shows 403 without the permission and asks nothing', async () => {
    await signInAs({ permissions: ['system:securityEvent:view'] });
    const calls = api();
    renderAt(<OperationLogPage />);
    expect(await screen.findByText('您没有查看此日志的权限。')).toBeTruthy();
    expect(calls.callsTo('/authority/operationLog/page')).toHaveLength(0);
  });
});
