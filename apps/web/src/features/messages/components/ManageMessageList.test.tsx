import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { mockApi, signInAs } from '../../../test/api-mock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { ManageMessageList } from './ManageMessageList.tsx';

const record = (over: Record<string, unknown>) => ({
  id: 'm-0',
  name: '停诊通知',
  nameEn: 'Clinic closure',
  msgType: '01',
  msgLevel: '03',
  status: '01',
  phase: 'active',
  content: '明天停诊。',
  enContent: 'Closed tomorrow.',
  validFrom: '2026-03-01T01:00:00.000Z',
  validTo: '2026-03-02T01:00:00.000Z',
  searchType: '02',
  sender: '王审核',
  senderEn: 'Auditor Wang',
  sentAt: '2026-03-01T01:00:00.000Z',
  updatedAt: '2026-03-01T01:00:00.000Z',
  recipients: 3,
  read: 1,
  unread: 2,
  ...over,
});

const RECORDS = [
  record({ id: 'm-sent' }),
  record({
    id: 'm-draft',
    name: '节假日安排',
    nameEn: 'Holiday hours',
    status: '03',
    msgType: '02',
    msgLevel: '01',
  }),
  record({
    id: 'm-gone',
    name: '系统维护',
    nameEn: 'Maintenance',
    status: '02',
    msgType: '02',
    msgLevel: '02',
  }),
];

function serve(records = RECORDS) {
  const state = { records: records.map((r) => ({ ...r })) };
  const api = mockApi({
    'POST /saasapi/msg/msg/page': () => ({
      records: state.records,
      current: 1,
      size: 20,
      total: state.records.length,
    }),
    'DELETE /saasapi/msg/msg': (call) => {
      const ids = (call.body as { ids: string[] }).ids;
      state.records = state.records.map((r) => (ids.includes(r.id) ? { ...r, status: '02' } : r));
      return { deleted: 0, withdrawn: ids.length };
    },
    'POST /saasapi/msg/msg/m-sent/stats': () => ({
      recipients: 3,
      read: 1,
      unread: 2,
      byProvider: {
        records: [
          {
            providerId: 'P10001',
            providerCnName: '北京和睦国际医院',
            providerEnName: 'Beijing Harmony International Hospital',
            readers: 2,
            firstReadAt: '2026-03-01T02:00:00.000Z',
          },
        ],
        current: 1,
        size: 10,
        total: 3,
      },
    }),
  });
  return { api, state };
}

function renderList() {
  return renderRoutes(
    [
      { path: '/resources/msg', element: <ManageMessageList /> },
      { path: '/resources/msg/edit', element: <p>edit screen</p> },
    ],
    '/resources/msg',
  );
}

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('<ManageMessageList>', () => {
  beforeEach(async () => {
    await signInAs({ permissions: ['msg:msg:*'] });
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('zh');
  });

  it('lists messages with labels, not codes, and offers what each state allows', async () => {
    serve();
    renderList();
    const sent = within(await waitFor(() => rowOf('停诊通知')));
    expect(sent.getByText('弹窗')).toBeTruthy();
    expect(sent.getByText('紧急')).toBeTruthy();
    expect(sent.getByText('已发送')).toBeTruthy();
    expect(sent.getByText('1 / 3 已读')).toBeTruthy();
    expect(sent.getByRole('button', { name: /修\s?改/ })).toBeTruthy();
    expect(sent.getByRole('button', { name: /撤\s?回/ })).toBeTruthy();
    const draft = within(rowOf('节假日安排'));
    expect(draft.getByText('草稿')).toBeTruthy();
    expect(draft.getByRole('button', { name: /编\s?辑/ })).toBeTruthy();
    expect(draft.getByRole('button', { name: /删\s?除/ })).toBeTruthy();
    const gone = within(rowOf('系统维护'));
    expect(gone.getByText('已撤回')).toBeTruthy();
    expect(gone.queryAllByRole('button').filter((b) => /撤|删|修|编/.test(b.textContent ?? ''))).toHaveLength(
      0,
    );
  });

  it('withdraws a sent message only after confirmation', async () => {
    const { api } = serve();
    renderList();
    await waitFor(() => rowOf('停诊通知'));
    await userEvent.click(within(rowOf('停诊通知')).getByRole('button', { name: /撤\s?回/ }));
    const confirm = await screen.findByText('撤回后收件方将立即看不到这条消息，确定撤回吗？');
    expect(api.callsTo('/msg/msg').filter((c) => c.method === 'DELETE')).toHaveLength(0);
    const pop = confirm.closest('.ant-popover') as HTMLElement;
    await userEvent.click(within(pop).getByRole('button', { name: /取\s?消/ }));
    expect(api.callsTo('/msg/msg').filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await userEvent.click(within(rowOf('停诊通知')).getByRole('button', { name: /撤\s?回/ }));
    const again = (await screen.findAllByText('撤回后收件方将立即看不到这条消息，确定撤回吗？')).at(-1);
    await userEvent.click(
      within(again?.closest('.ant-popover') as HTMLElement).getByRole('button', { name: /确\s?定/ }),
    );
    await screen.findByText('消息已撤回');
    const deletes = api.callsTo('/msg/msg').filter((c) => c.method === 'DELETE');
    expect(deletes.map((c) => c.body)).toEqual([{ ids: ['m-sent'] }]);
    // The list is read again and shows the new state.
    await waitFor(() => expect(within(rowOf('停诊通知')).getByText('已撤回')).toBeTruthy());
  });

  it('sends the filters the user chose and starts again at page 1', async () => {
    const { api } = serve();
    renderList();
    await waitFor(() => rowOf('停诊通知'));
    await userEvent.type(screen.getByLabelText('名称'), ' 停诊 ');
    await userEvent.type(screen.getByLabelText('发送人'), '王');
    await userEvent.click(screen.getByRole('button', { name: /查\s?询/ }));
    await waitFor(() =>
      expect(api.callsTo('/msg/msg/page').at(-1)?.body).toEqual({
        name: '停诊',
        sender: '王',
        current: 1,
        size: 20,
      }),
    );
  });

  it('shows read statistics by provider', async () => {
    serve();
    renderList();
    await waitFor(() => rowOf('停诊通知'));
    await userEvent.click(within(rowOf('停诊通知')).getByRole('button', { name: '1 / 3 已读' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('北京和睦国际医院');
    expect(within(dialog).getByText('收件 3')).toBeTruthy();
    expect(within(dialog).getByText('已读 1')).toBeTruthy();
    expect(within(dialog).getByText('未读 2')).toBeTruthy();
  });

  it('shows English names and labels in English', async () => {
    await i18n.changeLanguage('en');
    serve();
    renderList();
    const sent = within(await waitFor(() => rowOf('Clinic closure')));
    expect(sent.getByText('Pop-up')).toBeTruthy();
    expect(sent.getByText('Urgent')).toBeTruthy();
    expect(sent.getByText('Auditor Wang')).toBeTruthy();
    expect(sent.getByText('1 of 3 read')).toBeTruthy();
  });

  it('offers the import with msg:msg:import: its dialog opens on the template step', async () => {
    await signInAs({ permissions: ['msg:msg:page', 'msg:msg:import'] });
    serve();
    renderList();
    await waitFor(() => rowOf('停诊通知'));
    await userEvent.click(screen.getByRole('button', { name: /导\s?入/ }));
    expect(await screen.findByText('导入消息')).toBeTruthy();
    expect(screen.getByRole('button', { name: /下载模板/ })).toBeTruthy();
  });

  it('offers no withdraw, delete, edit, export or import without those permissions', async () => {
    await signInAs({ permissions: ['msg:msg:page'] });
    serve();
    renderList();
    await waitFor(() => rowOf('停诊通知'));
    expect(
      screen.queryByRole('button', { name: /撤\s?回|删\s?除|修\s?改|编\s?辑|导\s?出|导\s?入/ }),
    ).toBeNull();
  });
});
