import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session-store.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { installFakeApi, sampleView, type TFakeApi } from '../hospital-form.fixtures.ts';
import { HospitalFormPage } from './HospitalFormPage.tsx';

let api: TFakeApi;
beforeEach(() => {
  api = installFakeApi();
  useSessionStore.setState({
    token: 'test-token',
    tenant: 'demo',
    user: {
      userId: 'u1',
      account: 'hospital',
      name: '医院用户',
      nameEn: 'Hospital user',
      avatar: null,
      workDescribe: null,
      providerId: 'P10001',
      userType: '02',
    },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSessionStore.setState({ user: null, token: null });
});

const routes = [
  { path: '/drsystem/management/hosp/create', element: <HospitalFormPage />, handle: { name: 'createHosp' } },
  { path: '/drsystem/management/task/modify', element: <HospitalFormPage />, handle: { name: 'modifyTask' } },
  { path: '/drsystem/management/hosp/modify', element: <HospitalFormPage />, handle: { name: 'modifyHosp' } },
];

describe('<HospitalFormPage>', () => {
  it('createHosp starts a blank form for the own provider; a saved draft puts its task number in the address', async () => {
    const { router } = renderRoutes(routes, '/drsystem/management/hosp/create');
    await screen.findByRole('heading', { name: '新增医院' });
    expect(screen.getByLabelText('医院编号')).toHaveProperty('value', 'P10001');
    expect(api.callsTo('/editDetail')).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('医院中文名称'), '新医院');
    await userEvent.click(
      screen.getAllByRole('button').find((b) => b.textContent?.replace(/\s/g, '') === '保存')!,
    );
    await waitFor(() => expect(router.state.location.search).toBe('?taskNo=HT202611220001'));
    // The form keeps what was typed (it is not reloaded).
    expect(screen.getByLabelText('医院中文名称')).toHaveProperty('value', '新医院');
    expect(api.callsTo('/editDetail')).toHaveLength(0);
  });

  it('modifyTask loads the task by its number', async () => {
    api.answer(
      '/editDetail',
      () =>
        new Response(
          JSON.stringify({
            isSuccess: true,
            code: 0,
            data: sampleView({ status: '04', returnReason: '照片不清晰' }),
          }),
          {
            headers: { 'content-type': 'application/json' },
          },
        ),
    );
    renderRoutes(routes, '/drsystem/management/task/modify?taskNo=HT202611220001');
    await screen.findByRole('heading', { name: '编辑医院任务' });
    expect(api.callsTo('/editDetail')[0].query.taskNo).toBe('HT202611220001');
    await waitFor(() =>
      expect(screen.getByLabelText('医院中文名称')).toHaveProperty('value', '北京和睦国际医院'),
    );
    expect(screen.getByText('照片不清晰')).toBeTruthy();
  });

  it('modifyHosp shows why a change cannot start (checkEdit refused)', async () => {
    api.answer(
      '/editDetail',
      () =>
        new Response(
          JSON.stringify({ isSuccess: true, code: 0, data: sampleView({ taskNo: null, status: null }) }),
          {
            headers: { 'content-type': 'application/json' },
          },
        ),
    );
    api.answer(
      '/checkEdit',
      () =>
        new Response(
          JSON.stringify({
            isSuccess: false,
            code: 40910,
            msg: '存在未完成的修改任务 HT1',
            msg_en: 'Unfinished change task HT1',
            data: null,
          }),
          { status: 409, headers: { 'content-type': 'application/json' } },
        ),
    );
    renderRoutes(routes, '/drsystem/management/hosp/modify?providerId=P10001');
    await screen.findByText('存在未完成的修改任务 HT1');
    expect(api.callsTo('/editDetail')[0].query.providerId).toBe('P10001');
    const submit = screen.getAllByRole('button').find((b) => b.textContent?.replace(/\s/g, '') === '提交')!;
    expect(submit).toHaveProperty('disabled', true);
  });
});
