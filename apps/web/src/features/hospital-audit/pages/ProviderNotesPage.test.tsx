import type { TProviderNote } from '@portal/domain/hospital-tasks/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, signInAs } from '../../../test/api-mock.ts';
import { renderAt } from '../../../test/render.tsx';
import { ProviderNotesPage } from './ProviderNotesPage.tsx';

const PROVIDERS = [
  {
    id: 'r1',
    providerId: 'P10001',
    providerCnName: '北京和睦国际医院',
    providerEnName: 'Beijing Harmony International Hospital',
    status: '01',
    approvedAt: null,
    noteCount: 1,
  },
  {
    id: 'r2',
    providerId: 'P10002',
    providerCnName: '北京和睦国际医院顺义院区',
    providerEnName: 'Beijing Harmony Shunyi',
    status: '01',
    approvedAt: null,
    noteCount: 0,
  },
];

const NOTE: TProviderNote = {
  id: '00000000-0000-4000-8000-0000000000aa',
  providerId: 'P10001',
  notesC: '该院住院直付需提前3个工作日提交预授权申请。',
  notesE: 'Inpatient direct billing needs a pre-authorization 3 working days ahead.',
  createdByName: '审核员王敏',
  createdByNameEn: 'Wang Min',
  createdAt: '2026-11-22T02:00:00.000Z',
  updatedAt: '2026-11-22T02:00:00.000Z',
};

function api(notes: TProviderNote[] = [NOTE]) {
  return mockApi({
    'POST /saasapi/drsystem/liproviderinfo/providerPage': () => ({
      records: PROVIDERS,
      current: 1,
      size: 10,
      total: 2,
    }),
    'POST /saasapi/drsystem/liproviderinfo/pageProviderNotes': () => ({
      records: notes,
      current: 1,
      size: 10,
      total: notes.length,
    }),
    'POST /saasapi/drsystem/liproviderinfo/note': (call) => ({
      id: 'new',
      version: 0,
      ...(call.body as object),
    }),
    'PUT /saasapi/drsystem/liproviderinfo/note': (call) => ({
      providerId: 'P10001',
      version: 1,
      ...(call.body as object),
    }),
    'DELETE /saasapi/drsystem/liproviderinfo/note': () => ({ deleted: 1 }),
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('<ProviderNotesPage>', () => {
  it("lists the hospitals, shows the chosen one's notes and adds a note in both languages", async () => {
    await signInAs({ permissions: ['drsystem:liproviderinfo:*'], roles: ['AUDITOR'] });
    const calls = api();
    renderAt(<ProviderNotesPage />);
    expect(await screen.findByRole('heading', { name: '医院备注' })).toBeTruthy();
    expect(screen.getByText('请选择一家医院查看和维护备注')).toBeTruthy();
    await userEvent.click(await screen.findByText('北京和睦国际医院'));
    expect(await screen.findByText(NOTE.notesC)).toBeTruthy();
    expect(screen.getByText(NOTE.notesE)).toBeTruthy();
    expect(calls.callsTo('/drsystem/liproviderinfo/pageProviderNotes')[0].body).toEqual({
      model: { providerId: 'P10001' },
      current: 1,
      size: 10,
    });

    await userEvent.click(screen.getByRole('button', { name: /新增备注/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请输入中文或英文备注')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('中文备注'), '周末|不接诊');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('不能包含 | 或 ^ 字符')).toBeTruthy();
    await userEvent.clear(within(dialog).getByLabelText('中文备注'));
    await userEvent.type(within(dialog).getByLabelText('中文备注'), '周末不接诊');
    await userEvent.type(within(dialog).getByLabelText('英文备注'), 'Closed at weekends');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.callsTo('/drsystem/liproviderinfo/note')).toHaveLength(1));
    expect(calls.callsTo('/drsystem/liproviderinfo/note')[0]).toMatchObject({
      method: 'POST',
      body: { providerId: 'P10001', notesC: '周末不接诊', notesE: 'Closed at weekends' },
    });
    expect(await screen.findByText('保存成功')).toBeTruthy();
  });

  it('edits a note, and deletes one only after confirmation', async () => {
    await signInAs({ permissions: ['drsystem:liproviderinfo:*'], roles: ['AUDITOR'] });
    const calls = api();
    renderAt(<ProviderNotesPage />);
    await userEvent.click(await screen.findByText('北京和睦国际医院'));
    const row = (await screen.findByText(NOTE.notesC)).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('中文备注')).toHaveProperty('value', NOTE.notesC);
    await userEvent.clear(within(dialog).getByLabelText('英文备注'));
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.callsTo('/drsystem/liproviderinfo/note')).toHaveLength(1));
    expect(calls.callsTo('/drsystem/liproviderinfo/note')[0]).toMatchObject({
      method: 'PUT',
      body: { id: NOTE.id, notesC: NOTE.notesC, notesE: '' },
    });

    await userEvent.click(within(row).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('确定删除这条备注吗？删除后医疗机构将不再看到它。')).toBeTruthy();
    expect(calls.callsTo('/drsystem/liproviderinfo/note').filter((c) => c.method === 'DELETE')).toHaveLength(
      0,
    );
    const confirm = screen.getAllByRole('button', { name: '删除' }).at(-1)!;
    await userEvent.click(confirm);
    await waitFor(() =>
      expect(
        calls.callsTo('/drsystem/liproviderinfo/note').filter((c) => c.method === 'DELETE'),
      ).toHaveLength(1),
    );
    expect(calls.callsTo('/drsystem/liproviderinfo/note').at(-1)?.body).toEqual({ ids: [NOTE.id] });
  });

  it('explains the notes in a help popover and offers no edits without the edit permission', async () => {
    await signInAs({ permissions: ['drsystem:liproviderinfo:view'], roles: ['NET_VIEW'] });
    api();
    renderAt(<ProviderNotesPage />);
    await userEvent.click(await screen.findByRole('button', { name: '关于医院备注' }));
    expect(await screen.findByText(/医疗机构在医院资料中只能查看，不能修改/)).toBeTruthy();
    await userEvent.click(await screen.findByText('北京和睦国际医院'));
    await screen.findByText(NOTE.notesC);
    expect(screen.queryByRole('button', { name: /新增备注/ })).toBeNull();
    expect(screen.queryByRole('button', { name: '编辑' })).toBeNull();
  });
});
