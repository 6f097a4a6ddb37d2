import type { TOrganisationNode } from '@portal/domain/organisations/rules';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { mockApi, signInAs } from '../../../test/api-mock.ts';
import { renderAt } from '../../../test/render.tsx';
import { OrganisationPage } from './OrganisationPage.tsx';

const node = (over: Partial<TOrganisationNode>): TOrganisationNode => ({
  id: '00000000-0000-4000-8000-0000000000o1',
  parentId: null,
  name: '运营中心',
  nameEn: 'Operations Centre',
  orgType: 'dept',
  sortOrder: 1,
  version: 0,
  providerIds: [],
  userCount: 1,
  children: [],
  ...over,
});
const REGION = node({
  id: '00000000-0000-4000-8000-0000000000o3',
  parentId: '00000000-0000-4000-8000-0000000000o2',
  name: '华东区域',
  nameEn: 'East China Region',
  orgType: 'region',
  providerIds: ['P10001'],
  userCount: 0,
});
const EAST = node({
  id: '00000000-0000-4000-8000-0000000000o2',
  parentId: '00000000-0000-4000-8000-0000000000o1',
  name: '华东审核组',
  nameEn: 'East China Audit Team',
  children: [REGION],
});
const TREE = [node({ children: [EAST] })];

function api(tree: TOrganisationNode[] = TREE, remove?: () => unknown) {
  return mockApi({
    'GET /saasapi/authority/org/tree': () => tree,
    'GET /saasapi/authority/org/providerOptions': () => [
      { providerId: 'P10001', cnName: '和睦家医院', enName: 'United Family', organisationId: REGION.id },
    ],
    'POST /saasapi/authority/org': () => ({ id: '00000000-0000-4000-8000-0000000000o9' }),
    'DELETE /saasapi/authority/org': remove ?? (() => ({ id: REGION.id })),
  });
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('zh');
});

describe('<OrganisationPage>', () => {
  it('shows the tree with types, user counts and providers', async () => {
    await signInAs({ permissions: ['*'], roles: ['SUPER_ADMIN'] });
    api();
    renderAt(<OrganisationPage />);
    expect(await screen.findByText('运营中心')).toBeTruthy();
    expect(screen.getByText('华东审核组')).toBeTruthy();
    expect(screen.getByText('华东区域')).toBeTruthy();
    expect(screen.getByText('医疗机构：P10001')).toBeTruthy();
    expect(screen.getAllByText('运营部门').length).toBe(2);
  });

  it('adds a child under the chosen organisation', async () => {
    await signInAs({ permissions: ['authority:org:*'] });
    const calls = api();
    const { container } = renderAt(<OrganisationPage />);
    await screen.findByText('华东审核组');
    await userEvent.click(screen.getByRole('button', { name: '新增下级 华东审核组' }));
    expect(await screen.findByText('新机构将建在“华东审核组”之下。')).toBeTruthy();
    const field = async (id: string) =>
      (await waitFor(() => container.ownerDocument.querySelector(`#organisation_${id}`))) as HTMLInputElement;
    await userEvent.type(await field('name'), '上海小组');
    await userEvent.type(await field('nameEn'), 'Shanghai Team');
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(calls.callsTo('/authority/org').filter((c) => c.method === 'POST')[0]?.body).toMatchObject({
        parentId: EAST.id,
        name: '上海小组',
        nameEn: 'Shanghai Team',
        orgType: 'dept',
        providerIds: [],
      }),
    );
  });

  it('deletes only after confirmation, and shows the bilingual refusal', async () => {
    await signInAs({ permissions: ['authority:org:*'] });
    const calls = api(
      TREE,
      () =>
        new Response(
          JSON.stringify({
            isSuccess: false,
            code: 40932,
            msg: '该机构下还有 1 家医疗机构，请先移出后再删除',
            msg_en: 'The organisation still holds providers (1); take them out before deleting it',
            data: null,
          }),
          { status: 409, headers: { 'content-type': 'application/json' } },
        ),
    );
    renderAt(<OrganisationPage />);
    await screen.findByText('华东区域');
    await userEvent.click(screen.getByRole('button', { name: '删除 华东区域' }));
    expect((await screen.findAllByText('删除机构 华东区域？')).length).toBeGreaterThan(0);
    expect(calls.callsTo('/authority/org').filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await userEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(calls.callsTo('/authority/org').filter((c) => c.method === 'DELETE')[0]?.body).toEqual({
        id: REGION.id,
      }),
    );
    expect(await screen.findByText('该机构下还有 1 家医疗机构，请先移出后再删除')).toBeTruthy();
  });

  it('shows the empty state, hides buttons without permission, and 403 without view', async () => {
    await signInAs({ permissions: ['authority:org:view'] });
    api([]);
    const view = renderAt(<OrganisationPage />);
    expect(await screen.findByText('暂无机构')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /新增顶级机构/ })).toBeNull();
    view.unmount();
    await signInAs({ permissions: ['authority:user:view'] });
    const calls = api();
    renderAt(<OrganisationPage />);
    expect(await screen.findByText('您没有管理机构的权限。')).toBeTruthy();
    expect(calls.callsTo('/authority/org/tree')).toHaveLength(0);
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en');
    await signInAs({ permissions: ['*'] });
    api();
    renderAt(<OrganisationPage />);
    expect(await screen.findByText('Operations Centre')).toBeTruthy();
    expect(screen.getByText('East China Region')).toBeTruthy();
    expect(screen.getByText('Providers: P10001')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Add top-level organisation/ })).toBeTruthy();
  });
});
