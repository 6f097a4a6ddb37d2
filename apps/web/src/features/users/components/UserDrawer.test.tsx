import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { failure, mockApi, signInAs } from '../../../test/api-mock.ts';
import { renderAt } from '../../../test/render.tsx';
import { UserDrawer } from './UserDrawer.tsx';

const ROLE = {
  id: '00000000-0000-4000-8000-0000000000r2',
  code: 'SMART_PORTAL',
  name: '医院门户用户',
  nameEn: 'Hospital portal user',
};

function api(create: () => unknown = () => ({ account: 'lina' })) {
  return mockApi({
    'GET /saasapi/authority/user/roles': () => [ROLE],
    'GET /saasapi/authority/user/providers': () => [
      { providerId: 'P10001', name: '和睦家医院', nameEn: 'United Family' },
    ],
    'POST /saasapi/authority/user': create,
  });
}

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  await userEvent.click(await screen.findByTitle(option));
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('zh');
});

describe('<UserDrawer>', () => {
  it('asks for a provider only for provider staff and creates the user', async () => {
    await signInAs({ permissions: ['*'] });
    const calls = api();
    const onClose = vi.fn();
    renderAt(<UserDrawer open user={null} onClose={onClose} />);
    expect(screen.queryByLabelText('医疗机构')).toBeNull();
    await choose('用户类型', '医疗机构人员');
    expect(await screen.findByLabelText('医疗机构')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('账号'), 'lina');
    await userEvent.type(screen.getByLabelText('初始密码'), 'Welcome2026');
    await userEvent.type(screen.getByLabelText('姓名'), '李娜');
    await choose('医疗机构', 'P10001 和睦家医院');
    await choose('角色', '医院门户用户');
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.callsTo('/authority/user')[0].body).toMatchObject({
      account: 'lina',
      password: 'Welcome2026',
      userType: '02',
      providerId: 'P10001',
      roleIds: [ROLE.id],
    });
  });

  it('checks the spec rules before sending, in the current language', async () => {
    await i18n.changeLanguage('en');
    await signInAs({ permissions: ['*'] });
    const calls = api();
    renderAt(<UserDrawer open user={null} onClose={() => undefined} />);
    await choose('User type', 'Provider staff');
    await userEvent.type(screen.getByLabelText('Account'), 'SPadmin');
    await userEvent.type(screen.getByLabelText('Initial password'), 'welcome2026');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('A provider staff account must not start with P or SP (in any case)'),
    ).toBeTruthy();
    expect(screen.getByText('The password needs at least one capital letter and one digit')).toBeTruthy();
    expect(await screen.findByText('Provider staff must belong to a provider')).toBeTruthy();
    expect(calls.callsTo('/authority/user')).toHaveLength(0);
  });

  it("puts the server's answer on the field", async () => {
    await signInAs({ permissions: ['*'] });
    api(() =>
      failure(40010, '用户名已存在', 'Username already exists', 400, {
        fieldErrors: { account: { msg: '用户名已存在', msg_en: 'Username already exists' } },
      }),
    );
    renderAt(<UserDrawer open user={null} onClose={() => undefined} />);
    await userEvent.type(screen.getByLabelText('账号'), 'auditor');
    await userEvent.type(screen.getByLabelText('初始密码'), 'Welcome2026');
    await userEvent.type(screen.getByLabelText('姓名'), '王敏');
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('用户名已存在')).toBeTruthy();
  });
});
