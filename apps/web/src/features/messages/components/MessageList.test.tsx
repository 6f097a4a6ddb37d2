import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, signInAs } from '../../../test/api-mock.ts';
import { renderAt } from '../../../test/render.tsx';
import { MessageList } from './MessageList.tsx';

const ID = '0b7f5e5c-6f0e-4a43-9d55-1d0b8b3d2a10';

describe('<MessageList>', () => {
  beforeEach(async () => {
    await signInAs();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('pages by 20, and viewing a message marks it read, then reloads the list', async () => {
    let read = false;
    const record = () => ({
      id: ID,
      code: '04',
      msgType: '01',
      title: '节假日服务安排',
      titleEn: 'Holiday service arrangements',
      content: '热线照常服务。',
      enContent: 'The hotline stays open.',
      msgLevel: '01',
      read,
      readAt: read ? '2026-03-02T02:00:00.000Z' : null,
      createdAt: '2026-03-01T02:00:00.000Z',
      sender: '系统管理员',
      senderEn: 'System Administrator',
    });
    const api = mockApi({
      'POST /saasapi/msg/msg/center/collect': () => ({ count: read ? 0 : 1, statisticsList: [] }),
      'POST /saasapi/msg/msg/center/list': () => ({ records: [record()], current: 1, size: 20, total: 1 }),
      'POST /saasapi/msg/anyone/myMsg/mark': () => {
        read = true;
        return {
          ...record(),
          status: '01',
          validFrom: '2026-03-01T02:00:00.000Z',
          validTo: null,
          recipient: true,
        };
      },
    });
    renderAt(<MessageList initialCode="04" />);
    const title = () => screen.getByRole('button', { name: /节假日服务安排/ });
    await screen.findByRole('button', { name: /节假日服务安排/ });
    expect(title().className).toContain('portal-msg-unread');
    expect(api.callsTo('/msg/msg/center/list')[0].body).toEqual({ code: '04', current: 1, size: 20 });
    const listCalls = api.callsTo('/msg/msg/center/list').length;

    await userEvent.click(title());
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('热线照常服务。')).toBeTruthy();
    expect(api.callsTo('/msg/anyone/myMsg/mark')[0].body).toEqual({ id: ID });
    await waitFor(() => expect(api.callsTo('/msg/msg/center/list').length).toBeGreaterThan(listCalls));
    await waitFor(() => expect(title().className).not.toContain('portal-msg-unread'));
  });

  it('opens the message named by the route (Check detail) on arrival', async () => {
    const api = mockApi({
      'POST /saasapi/msg/msg/center/collect': () => ({ count: 0, statisticsList: [] }),
      'POST /saasapi/msg/msg/center/list': () => ({ records: [], current: 1, size: 20, total: 0 }),
      'POST /saasapi/msg/anyone/myMsg/mark': () => ({
        id: ID,
        code: '04',
        msgType: '01',
        title: '直付结算新政策',
        titleEn: 'New policy',
        content: '按月结算。',
        enContent: 'Monthly.',
        msgLevel: '02',
        read: true,
        readAt: null,
        createdAt: '2026-03-01T02:00:00.000Z',
        sender: '系统管理员',
        senderEn: 'System Administrator',
        status: '01',
        validFrom: '2026-03-01T02:00:00.000Z',
        validTo: null,
        recipient: true,
      }),
    });
    renderAt(<MessageList initialCode="04" openId={ID} />);
    expect(await screen.findByText('按月结算。')).toBeTruthy();
    expect(api.callsTo('/msg/anyone/myMsg/mark')).toHaveLength(1);
  });
});
