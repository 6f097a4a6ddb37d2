import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { mockApi, signInAs } from '../../../test/api-mock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { GlobalNoticeDialog } from './GlobalNoticeDialog.tsx';

const NOTICES = [
  {
    id: '11111111-1111-4111-8111-111111111111',
    code: '04',
    title: '直付结算新政策',
    titleEn: 'New direct-billing policy',
    content: '自下月起按月结算。',
    enContent: 'Monthly settlement from next month.',
    msgLevel: '02',
    createdAt: '2026-03-01T02:00:00.000Z',
  },
  {
    id: '22222222-2222-4222-8222-222222222222',
    code: '04',
    title: '节假日服务安排',
    titleEn: 'Holiday service arrangements',
    content: '热线照常服务。',
    enContent: 'The hotline stays open.',
    msgLevel: '01',
    createdAt: '2026-03-02T02:00:00.000Z',
  },
];

function serve() {
  return mockApi({
    'GET /saasapi/msg/msg/center/global': () => ({ scrollMsg: null, popUpMsg: NOTICES }),
    'POST /saasapi/msg/msg/center/haveRead': () => ({ marked: 2, count: 0, statisticsList: [] }),
  });
}

function renderDialog() {
  return renderRoutes(
    [
      { path: '/', element: <GlobalNoticeDialog /> },
      { path: '/resources/messageCenter/:code', element: <p>message centre</p> },
    ],
    '/',
  );
}

describe('<GlobalNoticeDialog>', () => {
  beforeEach(async () => {
    await signInAs({ userType: '02', providerId: 'P10001' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('walks the notices with Next, then Noted marks them all read and closes', async () => {
    const api = serve();
    renderDialog();
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('直付结算新政策');
    expect(dialog.textContent).toContain('自下月起按月结算。');
    expect(dialog.textContent).toContain('第 1 / 2 条');
    expect(screen.queryByRole('button', { name: '知道了' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '下一条' }));
    expect(screen.getByRole('dialog').textContent).toContain('节假日服务安排');
    await userEvent.click(screen.getByRole('button', { name: '知道了' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('/msg/msg/center/haveRead')[0].body).toEqual({ ids: NOTICES.map((n) => n.id) });
  });

  it('cannot be closed by Escape, a click outside or a close button', async () => {
    serve();
    renderDialog();
    const dialog = await screen.findByRole('dialog');
    expect(screen.queryByRole('button', { name: /close|关闭/i })).toBeNull();
    fireEvent.keyDown(dialog, { key: 'Escape', code: 'Escape', keyCode: 27 });
    fireEvent.keyDown(document.body, { key: 'Escape', code: 'Escape', keyCode: 27 });
    const mask = document.querySelector('.ant-modal-wrap') as HTMLElement;
    fireEvent.mouseDown(mask);
    fireEvent.click(mask);
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('shows enContent in English', async () => {
    await i18n.changeLanguage('en');
    serve();
    renderDialog();
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('New direct-billing policy');
    expect(dialog.textContent).toContain('Monthly settlement from next month.');
    expect(screen.getByRole('button', { name: 'Next' })).toBeTruthy();
  });

  it('Check detail opens the message centre on code 04 with the notice id and hides notices', async () => {
    serve();
    const { router } = renderDialog();
    await screen.findByRole('dialog');
    await userEvent.click(screen.getByRole('button', { name: '查看详情' }));
    await screen.findByText('message centre');
    expect(router.state.location.pathname).toBe('/resources/messageCenter/04');
    expect(router.state.location.search).toBe(`?id=${NOTICES[0].id}`);
    expect(window.localStorage.getItem('hideNotice')).not.toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stays away while the hideNotice setting exists', async () => {
    window.localStorage.setItem('hideNotice', 'true');
    serve();
    renderDialog();
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
