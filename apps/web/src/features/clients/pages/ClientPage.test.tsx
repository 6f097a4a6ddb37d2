import type { TClientRecord } from '@portal/domain/clients/rules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { failure, mockApi, signInAs } from '../../../test/api-mock.ts';
import { renderAt } from '../../../test/render.tsx';
import { ClientPage } from './ClientPage.tsx';

const WEB: TClientRecord = {
  id: '00000000-0000-4000-8000-000000000001',
  clientId: 'portal-web',
  name: 'Portal web',
  confidential: false,
  captchaExempt: false,
  grantTypes: ['password', 'refresh_token'],
  accessTokenSeconds: null,
  refreshTokenSeconds: null,
  enabled: true,
  builtIn: true,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: null,
};
const GATEWAY: TClientRecord = {
  ...WEB,
  id: '00000000-0000-4000-8000-000000000002',
  clientId: 'claims-gateway',
  name: 'Claims gateway',
  confidential: true,
  grantTypes: ['password'],
  accessTokenSeconds: 600,
  builtIn: false,
};
const SECRET = 'Zr3kT0pS3cretValue_abcdefghijklmnopqrstuvwx';

function api(overrides: Record<string, () => unknown> = {}) {
  return mockApi({
    'POST /saasapi/authority/client/page': () => ({
      records: [GATEWAY, WEB],
      current: 1,
      size: 10,
      total: 2,
    }),
    'POST /saasapi/authority/client': () => ({
      client: { ...GATEWAY, clientId: 'new-gw' },
      clientSecret: SECRET,
    }),
    'POST /saasapi/authority/client/resetSecret': () => ({ client: GATEWAY, clientSecret: `${SECRET}2` }),
    'PUT /saasapi/authority/client/enabled': () => ({ ...GATEWAY, enabled: false }),
    'DELETE /saasapi/authority/client': () => null,
    ...overrides,
  });
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('zh');
});

describe('<ClientPage>', () => {
  it('lists clients; the built-in one is read-only', async () => {
    await signInAs({ permissions: ['*'], roles: ['SUPER_ADMIN'] });
    api();
    renderAt(<ClientPage />);
    const web = (await screen.findByText('portal-web')).closest('tr')!;
    expect(within(web).getByText('内置')).toBeTruthy();
    expect(within(web).getByText('只读')).toBeTruthy();
    expect(within(web).getByRole('switch')).toHaveProperty('disabled', true);
    const gateway = screen.getByText('claims-gateway').closest('tr')!;
    expect(within(gateway).getByText('机密客户端')).toBeTruthy();
    expect(within(gateway).getByText('600 秒 / 默认')).toBeTruthy();
    expect(within(gateway).getByRole('button', { name: /删\s*除/ })).toBeTruthy();
  });

  it('creates a client and shows its secret once', async () => {
    await signInAs({ permissions: ['*'], roles: ['SUPER_ADMIN'] });
    const calls = api();
    renderAt(<ClientPage />);
    await screen.findByText('portal-web');
    await userEvent.click(screen.getByRole('button', { name: /新增客户端/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('客户端 ID'), 'new-gw');
    await userEvent.type(within(dialog).getByLabelText('名称'), 'New gateway');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.callsTo('/authority/client')).toHaveLength(1));
    expect(calls.callsTo('/authority/client')[0].body).toMatchObject({
      clientId: 'new-gw',
      name: 'New gateway',
      confidential: true,
      grantTypes: ['password', 'refresh_token'],
      enabled: true,
    });
    expect(await screen.findByText(SECRET)).toBeTruthy();
    expect(screen.getByText(/关闭后将无法再次查看/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '我已保存密钥' }));
    await waitFor(() => expect(screen.queryByText(SECRET)).toBeNull());
  });

  it("shows 'clientId already exists' on the field", async () => {
    await signInAs({ permissions: ['*'], roles: ['SUPER_ADMIN'] });
    api({
      'POST /saasapi/authority/client': () => failure(40160, '客户端ID已存在', 'ClientId already exists'),
    });
    renderAt(<ClientPage />);
    await screen.findByText('portal-web');
    await userEvent.click(screen.getByRole('button', { name: /新增客户端/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('客户端 ID'), 'claims-gateway');
    await userEvent.type(within(dialog).getByLabelText('名称'), 'Again');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('客户端ID已存在')).toBeTruthy();
  });

  it('checks the client id before sending, in English too', async () => {
    await i18n.changeLanguage('en');
    await signInAs({ permissions: ['*'], roles: ['SUPER_ADMIN'] });
    const calls = api();
    renderAt(<ClientPage />);
    await screen.findByText('portal-web');
    await userEvent.click(screen.getByRole('button', { name: /New client/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Client ID'), 'has space');
    await userEvent.type(within(dialog).getByLabelText('Name'), 'x');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(
      await within(dialog).findByText(
        'The client ID may hold letters, digits, dots, underscores and hyphens only',
      ),
    ).toBeTruthy();
    expect(calls.callsTo('/authority/client')).toHaveLength(0);
  });

  it('asks before a reset and shows the new secret; asks before deleting', async () => {
    await signInAs({ permissions: ['*'], roles: ['SUPER_ADMIN'] });
    const calls = api();
    renderAt(<ClientPage />);
    const row = (await screen.findByText('claims-gateway')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: '重置密钥' }));
    const confirm = await screen.findByText(/旧密钥会立即失效/);
    expect(calls.callsTo('/authority/client/resetSecret')).toHaveLength(0);
    await userEvent.click(
      within(
        confirm.closest('.ant-modal-container, .ant-modal-content, .ant-modal')! as HTMLElement,
      ).getByRole('button', { name: /确\s*定/ }),
    );
    expect(await screen.findByText(`${SECRET}2`)).toBeTruthy();
    expect(calls.callsTo('/authority/client/resetSecret')[0].body).toEqual({ id: GATEWAY.id });
    await userEvent.click(screen.getByRole('button', { name: '我已保存密钥' }));

    await userEvent.click(within(row).getByRole('button', { name: /删\s*除/ }));
    const ask = await screen.findByText(/不可恢复/);
    await userEvent.click(
      within(ask.closest('.ant-modal-container, .ant-modal-content, .ant-modal')! as HTMLElement).getByRole(
        'button',
        { name: /取\s*消/ },
      ),
    );
    expect(calls.callsTo('/authority/client').filter((c) => c.method === 'DELETE')).toHaveLength(0);
  });

  it('shows 403 without the permission and asks nothing', async () => {
    await signInAs({ permissions: ['drsystem:homePage:view'] });
    const calls = api();
    renderAt(<ClientPage />);
    expect(await screen.findByText('您没有查看客户端的权限。')).toBeTruthy();
    expect(calls.callsTo('/authority/client/page')).toHaveLength(0);
  });

  it('hides the management actions from a viewer', async () => {
    await signInAs({ permissions: ['system:client:view'] });
    api();
    renderAt(<ClientPage />);
    await screen.findByText('claims-gateway');
    expect(screen.queryByRole('button', { name: /新增客户端/ })).toBeNull();
    expect(screen.queryByRole('button', { name: '重置密钥' })).toBeNull();
  });
});
