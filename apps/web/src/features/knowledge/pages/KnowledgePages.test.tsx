import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, signInAs } from '../../../test/api-mock.ts';
import { renderAt, renderRoutes } from '../../../test/render.tsx';
import { AddDiseasePage, AddSymptomPage } from './AddKnowledgePage.tsx';
import { BondingPage } from './BondingPage.tsx';
import { KnowledgePage } from './KnowledgePage.tsx';

const item = (patch: Record<string, unknown>) => ({
  id: 'x',
  kind: 'disease',
  code: 'E11',
  parentCode: 'E10-E14',
  level: 3,
  cnName: '2型糖尿病',
  enName: 'Type 2 diabetes mellitus',
  departments: [],
  bondCount: 0,
  ...patch,
});
const SYMPTOM = item({
  id: 's1',
  kind: 'symptom',
  code: 'R63.1',
  parentCode: 'SG',
  level: 2,
  cnName: '多饮',
  enName: 'Polydipsia',
  bondCount: 1,
});
const E11 = item({ id: 'd11' });
const E10 = item({ id: 'd10', code: 'E10', cnName: '1型糖尿病', enName: 'Type 1 diabetes mellitus' });

function api() {
  return mockApi({
    'POST /saasapi/drsystem/system/knowledge/list': (call) => {
      const kind = (call.body as { model: { kind: string } }).model.kind;
      const records = kind === 'symptom' ? [SYMPTOM] : [E11, E10];
      return { records, current: 1, size: 10, total: records.length };
    },
    'POST /saasapi/drsystem/info/add/symptom': (call) =>
      item({ id: 'new-s', kind: 'symptom', level: 2, ...(call.body as object), code: 'SG.01' }),
    'POST /saasapi/drsystem/info/add/disease': (call) =>
      item({ id: 'new', ...(call.body as object), code: 'E10-E14.01' }),
    'GET /saasapi/drsystem/system/symptom/bondingdisease/s1': () => ({ symptom: SYMPTOM, diseases: [E11] }),
    'POST /saasapi/drsystem/system/symptom/bondingdisease/s1': (call) => ({
      symptom: SYMPTOM,
      diseases: [E11, E10].filter((d) => (call.body as { diseaseIds: string[] }).diseaseIds.includes(d.id)),
    }),
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('knowledge-base screens', () => {
  it('lists a base and offers add and bond only with the permissions', async () => {
    await signInAs({
      permissions: ['drsystem:knowledge:list', 'drsystem:info:addDisease'],
      roles: ['AUDITOR'],
    });
    api();
    renderAt(<KnowledgePage />);
    expect(await screen.findByRole('heading', { name: '医学知识库' })).toBeTruthy();
    expect(await screen.findByText('多饮')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /关联疾病/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /新增症状/ })).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: '疾病库' }));
    expect(await screen.findByText('2型糖尿病')).toBeTruthy();
    expect(screen.getByRole('button', { name: /新增疾病/ })).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: '治疗方式库' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /新增治疗方式/ })).toBeNull());
  });

  it('adds a disease: names are required, then it posts the form', async () => {
    await signInAs({
      permissions: ['drsystem:knowledge:list', 'drsystem:info:addDisease'],
      roles: ['AUDITOR'],
    });
    const calls = api();
    renderRoutes(
      [
        { path: '/drsystem/info/add/disease', element: <AddDiseasePage /> },
        { path: '/drsystem/system/knowledge', element: <p>knowledge list</p> },
      ],
      '/drsystem/info/add/disease',
    );
    await userEvent.click(await screen.findByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请输入中文名称')).toBeTruthy();
    expect(calls.callsTo('/drsystem/info/add/disease')).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('中文名称'), '妊娠期糖尿病');
    await userEvent.type(screen.getByLabelText('英文名称'), 'Gestational diabetes');
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('knowledge list')).toBeTruthy();
    expect(calls.callsTo('/drsystem/info/add/disease')[0]?.body).toMatchObject({
      cnName: '妊娠期糖尿病',
      enName: 'Gestational diabetes',
      parentCode: '',
      code: '',
      departments: [],
    });
  });

  it('adds a symptom from the symptom base, with the same required names', async () => {
    await signInAs({
      permissions: ['drsystem:knowledge:list', 'drsystem:info:addSymptom'],
      roles: ['AUDITOR'],
    });
    const calls = api();
    renderRoutes(
      [
        { path: '/drsystem/system/knowledge', element: <KnowledgePage /> },
        { path: '/drsystem/info/add/symptom', element: <AddSymptomPage /> },
      ],
      '/drsystem/system/knowledge',
    );
    await userEvent.click(await screen.findByRole('button', { name: /新增症状/ }));
    expect(await screen.findByRole('heading', { name: '新增症状' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请输入中文名称')).toBeTruthy();
    expect(calls.callsTo('/drsystem/info/add/symptom')).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('中文名称'), '夜间盗汗');
    await userEvent.type(screen.getByLabelText('英文名称'), 'Night sweats');
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByRole('heading', { name: '医学知识库' })).toBeTruthy();
    expect(calls.callsTo('/drsystem/info/add/symptom')[0]?.body).toMatchObject({
      cnName: '夜间盗汗',
      enName: 'Night sweats',
    });
  });

  it('shows a symptom with its diseases and saves a new bonding', async () => {
    await signInAs({ permissions: ['drsystem:symptom:*', 'drsystem:knowledge:list'], roles: ['AUDITOR'] });
    const calls = api();
    renderRoutes(
      [{ path: '/drsystem/system/symptom/bondingdisease/:id', element: <BondingPage /> }],
      '/drsystem/system/symptom/bondingdisease/s1',
    );
    expect(await screen.findByRole('heading', { name: '症状关联疾病' })).toBeTruthy();
    expect(screen.getByText('多饮（Polydipsia）')).toBeTruthy();
    expect(await screen.findByText('E11 2型糖尿病')).toBeTruthy();
    await userEvent.click(screen.getByLabelText('关联的疾病'));
    await userEvent.click(await screen.findByText('E10 1型糖尿病'));
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(
        calls.callsTo('/drsystem/system/symptom/bondingdisease/s1').find((c) => c.method === 'POST')?.body,
      ).toEqual({
        diseaseIds: ['d11', 'd10'],
      }),
    );
    expect(await screen.findByText('关联已保存')).toBeTruthy();
  });
});
