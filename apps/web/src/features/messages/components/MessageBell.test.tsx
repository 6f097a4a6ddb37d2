import { MSG_CATEGORIES, MSG_CENTER_CODES } from '@portal/domain/messages/codes';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, signInAs } from '../../../test/api-mock.ts';
import { renderAt } from '../../../test/render.tsx';
import { MessageBell } from './MessageBell.tsx';

const counts = (byCode: Partial<Record<string, number>>) => {
  const statisticsList = MSG_CENTER_CODES.map((code) => ({
    categoryId: MSG_CATEGORIES[code].categoryId,
    code,
    label: MSG_CATEGORIES[code].zh,
    labelEn: MSG_CATEGORIES[code].en,
    count: byCode[code] ?? 0,
  }));
  return { count: statisticsList.reduce((sum, s) => sum + s.count, 0), statisticsList };
};

const record = (id: string, code: string) => ({
  id,
  code,
  msgType: '03',
  title: `消息 ${id}`,
  titleEn: `Message ${id}`,
  content: '内容',
  enContent: 'Content',
  msgLevel: '01',
  read: false,
  readAt: null,
  createdAt: '2026-03-01T02:00:00.000Z',
  sender: '系统',
  senderEn: 'System',
});

const badge = () => document.querySelector('.portal-bell .ant-badge-count')?.getAttribute('title');

describe('<MessageBell>', () => {
  beforeEach(async () => {
    await signInAs();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('caps the badge at 99', async () => {
    mockApi({ 'POST /saasapi/msg/msg/center/collect': () => counts({ '12': 120, '04': 3 }) });
    renderAt(<MessageBell />);
    await waitFor(() => expect(badge()).toBe('99+'));
    expect(screen.getByRole('button', { name: '消息通知，未读 123 条' })).toBeTruthy();
  });

  it('reading N messages lowers the total and their code by N at once, then takes the server counts', async () => {
    const gate: { release?: () => void } = {};
    const api = mockApi({
      'POST /saasapi/msg/msg/center/collect': () => counts({ '12': 4, '04': 3 }),
      'POST /saasapi/msg/msg/center/list': () => ({
        records: [record('a1', '04'), record('a2', '04')],
        current: 1,
        size: 5,
        total: 2,
      }),
      'POST /saasapi/msg/msg/center/haveRead': async () => {
        await new Promise<void>((resolve) => {
          gate.release = resolve;
        });
        return { marked: 2, ...counts({ '12': 4, '04': 0 }) };
      },
    });
    renderAt(<MessageBell />);
    await waitFor(() => expect(badge()).toBe('7'));
    await userEvent.click(screen.getByRole('button', { name: /消息通知/ }));
    expect(await screen.findByText('消息 a1')).toBeTruthy();
    const notice = screen.getByText('公告').closest('button') as HTMLElement;
    expect(notice.textContent).toContain('3');
    await userEvent.click(screen.getByRole('button', { name: '以上标为已读' }));
    // 7 - 2 = 5 before the server answers; the announcements drop from 3 to 1.
    await waitFor(() => expect(badge()).toBe('5'));
    expect((screen.getByText('公告').closest('button') as HTMLElement).textContent).toContain('1');
    expect(api.callsTo('/msg/msg/center/haveRead')[0].body).toEqual({ ids: ['a1', 'a2'] });
    gate.release?.();
    await waitFor(() => expect(badge()).toBe('4'));
  });

  it('is not there without the message-centre permission, and asks nothing', async () => {
    await signInAs({ permissions: ['drsystem:homePage:view'] });
    const api = mockApi({});
    renderAt(<MessageBell />);
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByRole('button', { name: /消息通知/ })).toBeNull();
    expect(api.calls).toHaveLength(0);
  });

  it('remembers the auto-refresh switch as MSG_REFRESH', async () => {
    mockApi({
      'POST /saasapi/msg/msg/center/collect': () => counts({}),
      'POST /saasapi/msg/msg/center/list': () => ({ records: [], current: 1, size: 5, total: 0 }),
    });
    renderAt(<MessageBell />);
    await userEvent.click(await screen.findByRole('button', { name: /消息通知/ }));
    await userEvent.click(await screen.findByRole('switch', { name: '自动刷新' }));
    expect(window.localStorage.getItem('MSG_REFRESH')).toBe('true');
  });
});
