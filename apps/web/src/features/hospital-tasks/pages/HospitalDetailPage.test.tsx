import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import {
  fail,
  hospitalView,
  listItem,
  mockApi,
  ok,
  page,
  signInHospital,
} from '../test/hospital-fixtures.ts';
import { HospitalDetailPage, MyHospitalPage } from './HospitalDetailPage.tsx';

beforeEach(() => signInHospital());
afterEach(() => vi.unstubAllGlobals());

describe('<MyHospitalPage> and <HospitalDetailPage>', () => {
  it("shows the user's hospital with a pending change linked", async () => {
    mockApi({
      'GET /drsystem/providerTask/providerDetail/P10001': () => ok(hospitalView()),
      'POST /drsystem/providerTask/list': () => ok(page([listItem({ status: '01' })])),
    });
    const { router } = renderRoutes(
      [{ path: '*', element: <MyHospitalPage /> }],
      '/drsystem/management/hospital/mine',
    );
    expect(await screen.findByRole('heading', { name: '我的医院' })).toBeTruthy();
    expect(await screen.findByText('北京和睦国际医院 - Beijing Harmony International Hospital')).toBeTruthy();
    expect(
      await screen.findByText('医院信息变更任务 HT202606150001 正在处理中（审核中），审核通过后生效。'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '查看任务' }));
    expect(router.state.location.pathname).toBe(
      '/drsystem/management/hospital/task/detail/00000000-0000-4000-8000-000000000001',
    );
  });

  it('tells when the hospital has no approved record yet and offers to create it', async () => {
    mockApi({
      'GET /drsystem/providerTask/providerDetail/P10001': () =>
        fail(404, 40400, '抱歉，资源未找到', 'Sorry, resource not found'),
    });
    const { router } = renderRoutes(
      [
        { path: '/drsystem/management/hospital/detail/:id', element: <HospitalDetailPage /> },
        { path: '*', element: null },
      ],
      '/drsystem/management/hospital/detail/P10001',
    );
    expect(await screen.findByText('您的医院尚无审核通过的资料，请先新增医院任务。')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /新增医院任务/ }));
    expect(router.state.location.pathname).toBe('/drsystem/management/hosp/create');
  });
});
