import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { mockApi, signInAs } from '../../../test/api-mock.ts';
import { renderAt } from '../../../test/render.tsx';
import { LogRetentionPage } from './LogRetentionPage.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('zh');
});

const STATE = { operation: '1y', security: '1y', error: '1y', defaultRetention: '1y', chosen: false };

describe('<LogRetentionPage>', () => {
  it('shows the default, saves a choice, and cleans now after a confirmation with the count', async () => {
    await signInAs({ permissions: ['*'], roles: ['SUPER_ADMIN'] });
    const calls = mockApi({
      'GET /saasapi/authority/logRetention': () => STATE,
      'PUT /saasapi/authority/logRetention': (call) => ({
        ...(call.body as object),
        defaultRetention: '1y',
        chosen: true,
      }),
      'POST /saasapi/authority/logRetention/clean': () => ({
        log: 'operation',
        retention: '1y',
        deleted: 42,
      }),
    });
    renderAt(<LogRetentionPage />);
    expect(await screen.findByText(/当前使用门户默认值：保留 1 年/)).toBeTruthy();

    await userEvent.click(screen.getByLabelText('操作日志'));
    await userEvent.click(await screen.findByTitle('保留最近 10,000 条'));
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(calls.callsTo('/authority/logRetention').filter((c) => c.method === 'PUT')).toHaveLength(1),
    );
    expect(calls.callsTo('/authority/logRetention').find((c) => c.method === 'PUT')?.body).toEqual({
      operation: '10000',
      security: '1y',
      error: '1y',
    });

    await userEvent.click(screen.getAllByRole('button', { name: /立即清理/ })[0]);
    expect(await screen.findByText(/删除后不可恢复/)).toBeTruthy();
    expect(calls.callsTo('/authority/logRetention/clean')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('操作日志已清理，删除 42 条记录')).toBeTruthy();
    expect(calls.callsTo('/authority/logRetention/clean')[0].body).toEqual({ log: 'operation' });
  });

  it('offers the front-end error log its own choice and clean now', async () => {
    await signInAs({ permissions: ['*'], roles: ['SUPER_ADMIN'] });
    const calls = mockApi({
      'GET /saasapi/authority/logRetention': () => STATE,
      'PUT /saasapi/authority/logRetention': (call) => ({
        ...(call.body as object),
        defaultRetention: '1y',
        chosen: true,
      }),
      'POST /saasapi/authority/logRetention/clean': () => ({ log: 'error', retention: '1y', deleted: 3 }),
    });
    renderAt(<LogRetentionPage />);
    await userEvent.click(await screen.findByLabelText('前端错误日志'));
    await userEvent.click(await screen.findByTitle('保留 3 个月'));
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(calls.callsTo('/authority/logRetention').find((c) => c.method === 'PUT')?.body).toEqual({
        operation: '1y',
        security: '1y',
        error: '3m',
      }),
    );
    await userEvent.click(screen.getAllByRole('button', { name: /立即清理/ })[2]);
    await userEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('前端错误日志已清理，删除 3 条记录')).toBeTruthy();
    expect(calls.callsTo('/authority/logRetention/clean')[0].body).toEqual({ log: 'error' });
  });

  it('reads in English and shows 403 without the permission', async () => {
    await i18n.changeLanguage('en');
    await signInAs({ permissions: ['system:operationLog:view'] });
    const calls = mockApi({ 'GET /saasapi/authority/logRetention': () => STATE });
    renderAt(<LogRetentionPage />);
    expect(await screen.findByText('You have no permission to view this log.')).toBeTruthy();
    expect(calls.callsTo('/authority/logRetention')).toHaveLength(0);
  });
});
