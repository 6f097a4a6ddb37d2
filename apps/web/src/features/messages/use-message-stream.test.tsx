import type { TMsgLiveMessage } from '@portal/domain/messages/rules';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../lib/session-store.ts';
import { failure, mockApi, signInAs } from '../../test/api-mock.ts';
import { renderAt } from '../../test/render.tsx';
import { useUnreadCounts } from './api/collect-unread.ts';
import { useGlobalMessage } from './api/get-global-message.ts';
import {
  applyLiveGlobal,
  openMessageStream,
  STREAM_RETRY_MAX_MS,
  streamRetryDelay,
  useMessageStream,
} from './use-message-stream.ts';

/** A stand-in for the browser's EventSource: the test opens, fails and feeds each stream. */
class FakeEventSource {
  static all: FakeEventSource[] = [];
  readonly url: string;
  closed = false;
  onerror: ((event: Event) => void) | null = null;
  private listeners = new Map<string, Set<(event: Event) => void>>();

  constructor(url: string) {
    this.url = url;
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, listener: (event: Event) => void) {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown = {}) {
    if (this.closed) return;
    for (const listener of this.listeners.get(type) ?? [])
      listener(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
  fail() {
    this.onerror?.(new Event('error'));
  }
  get ticket() {
    return new URL(this.url, 'http://portal.test').searchParams.get('ticket');
  }
  static last() {
    return FakeEventSource.all[FakeEventSource.all.length - 1];
  }
}

function Badge() {
  useMessageStream();
  const counts = useUnreadCounts();
  return <output aria-label="unread">{counts.data?.count ?? '-'}</output>;
}

function serve(state: { count: number; tickets: number }) {
  return mockApi({
    'POST /saasapi/msg/msg/stream/ticket': () => {
      state.tickets += 1;
      return { ticket: `ticket-${state.tickets}-abcdefghijklmnopqrstuvwx`, expiresIn: 30 };
    },
    'POST /saasapi/msg/msg/center/collect': () => ({
      count: state.count,
      statisticsList: [
        { categoryId: 'notice', code: '04', label: '公告', labelEn: 'Notices', count: state.count },
      ],
    }),
    'GET /saasapi/msg/msg/center/global': () => ({ scrollMsg: ROLLING, popUpMsg: [] }),
  });
}

const live = (over: Partial<TMsgLiveMessage> = {}): TMsgLiveMessage => ({
  id: 'm-new',
  code: '04',
  msgType: '01',
  msgLevel: '03',
  title: '停诊通知',
  titleEn: 'Clinic closure',
  content: '明天停诊',
  enContent: 'Closed tomorrow',
  createdAt: '2026-11-25T02:00:00.000Z',
  unread: true,
  ...over,
});
const ROLLING = {
  id: 'm-rolling',
  title: '系统维护',
  titleEn: 'Maintenance',
  content: '周六维护',
  enContent: 'Down on Saturday',
  msgLevel: '02' as const,
};

/** The badge count and the pop-ups' titles, as the navbar shows them. */
function Navbar() {
  useMessageStream();
  const counts = useUnreadCounts();
  const global = useGlobalMessage();
  return (
    <>
      <output aria-label="unread">{counts.data?.count ?? '-'}</output>
      <output aria-label="pop-ups">{(global.data?.popUpMsg ?? []).map((m) => m.title).join(',')}</output>
      <output aria-label="rolling">{global.data?.scrollMsg?.title ?? '-'}</output>
    </>
  );
}

describe('useMessageStream', () => {
  beforeEach(async () => {
    FakeEventSource.all = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    await signInAs({ userType: '02', providerId: 'P10001' });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    useSessionStore.getState().clearSession();
  });

  it('opens the stream with a ticket and re-reads the counts on each change', async () => {
    const state = { count: 1, tickets: 0 };
    const api = serve(state);
    renderAt(<Badge />);
    await waitFor(() => expect(screen.getByLabelText('unread').textContent).toBe('1'));
    await waitFor(() => expect(FakeEventSource.all).toHaveLength(1));
    const source = FakeEventSource.last();
    expect(source.url).toMatch(/^\/saasapi\/msg\/msg\/stream\?ticket=ticket-1-/);
    // A JSON body, however empty: the server refuses a JSON content type without one.
    expect(api.callsTo('/msg/msg/stream/ticket')[0].body).toEqual({});
    act(() => source.emit('ready'));
    // The first ready needs no re-read: nothing was missed.
    expect(api.callsTo('/msg/msg/center/collect')).toHaveLength(1);

    state.count = 2;
    act(() => source.emit('messages'));
    await waitFor(() => expect(screen.getByLabelText('unread').textContent).toBe('2'));
    expect(api.callsTo('/msg/msg/center/collect')).toHaveLength(2);
  });

  it('applies an event that says what appeared or left without re-reading (10,000 providers at once)', async () => {
    const state = { count: 1, tickets: 0 };
    const api = serve(state);
    renderAt(<Navbar />);
    await waitFor(() => expect(screen.getByLabelText('rolling').textContent).toBe('系统维护'));
    await waitFor(() => expect(screen.getByLabelText('unread').textContent).toBe('1'));
    await waitFor(() => expect(FakeEventSource.all).toHaveLength(1));
    const source = FakeEventSource.last();
    act(() => source.emit('ready'));
    const reads = () =>
      api.callsTo('/msg/msg/center/collect').length + api.callsTo('/msg/msg/center/global').length;
    const before = reads();

    act(() => source.emit('messages', { added: [live()] }));
    await waitFor(() => expect(screen.getByLabelText('unread').textContent).toBe('2'));
    expect(screen.getByLabelText('pop-ups').textContent).toBe('停诊通知');
    act(() => source.emit('messages', { removed: [live()] }));
    await waitFor(() => expect(screen.getByLabelText('unread').textContent).toBe('1'));
    expect(screen.getByLabelText('pop-ups').textContent).toBe('');
    // A message the user had read leaves without changing the count.
    act(() => source.emit('messages', { removed: [live({ id: 'm-old', unread: false })] }));
    expect(screen.getByLabelText('unread').textContent).toBe('1');
    expect(reads()).toBe(before);

    // The rolling notice leaving: only a re-read can tell which one shows now.
    act(() => source.emit('messages', { removed: [live({ id: 'm-rolling', msgType: '02' })] }));
    await waitFor(() => expect(api.callsTo('/msg/msg/center/global').length).toBeGreaterThan(1));
    expect(api.callsTo('/msg/msg/center/collect')).toHaveLength(1);
  });

  it('reopens a failed stream with a fresh ticket and re-reads what it missed', async () => {
    const state = { count: 1, tickets: 0 };
    const api = serve(state);
    renderAt(<Badge />);
    await waitFor(() => expect(FakeEventSource.all).toHaveLength(1));
    await waitFor(() => expect(screen.getByLabelText('unread').textContent).toBe('1'));
    const first = FakeEventSource.last();
    act(() => first.emit('ready'));
    state.count = 3;
    act(() => first.fail());
    expect(first.closed).toBe(true);
    // A second later (the first back-off step) a new ticket opens a new stream.
    await waitFor(() => expect(FakeEventSource.all).toHaveLength(2), { timeout: 2500 });
    const second = FakeEventSource.last();
    expect(second.ticket).not.toBe(first.ticket);
    expect(api.callsTo('/msg/msg/stream/ticket')).toHaveLength(2);
    act(() => second.emit('ready'));
    await waitFor(() => expect(screen.getByLabelText('unread').textContent).toBe('3'));
  });

  it('closes the stream at sign-out', async () => {
    serve({ count: 0, tickets: 0 });
    renderAt(<Badge />);
    await waitFor(() => expect(FakeEventSource.all).toHaveLength(1));
    act(() => useSessionStore.getState().clearSession());
    await waitFor(() => expect(FakeEventSource.last().closed).toBe(true));
  });

  it('opens nothing without msg:center:view', async () => {
    await signInAs({ permissions: ['msg:msg:page'] });
    const api = serve({ count: 0, tickets: 0 });
    renderAt(<Badge />);
    await new Promise((r) => setTimeout(r, 50));
    expect(api.callsTo('/msg/msg/stream/ticket')).toHaveLength(0);
    expect(FakeEventSource.all).toHaveLength(0);
  });
});

describe('applyLiveGlobal', () => {
  const global = { scrollMsg: ROLLING, popUpMsg: [] };
  it('adds unread pop-ups oldest first, once', () => {
    const later = live({ id: 'b', createdAt: '2026-11-25T03:00:00.000Z' });
    const earlier = live({ id: 'a', createdAt: '2026-11-25T01:00:00.000Z' });
    const next = applyLiveGlobal(global, {
      added: [later, earlier, later, live({ id: 'c', unread: false })],
    });
    expect(next?.popUpMsg.map((m) => m.id)).toEqual(['a', 'b']);
  });
  it('shows a rolling message of a higher level, keeps the current over a lower one, re-reads on a tie', () => {
    expect(
      applyLiveGlobal(global, { added: [live({ id: 'r3', msgType: '02', msgLevel: '03' })] })?.scrollMsg?.id,
    ).toBe('r3');
    expect(
      applyLiveGlobal(global, { added: [live({ id: 'r1', msgType: '02', msgLevel: '01' })] })?.scrollMsg?.id,
    ).toBe('m-rolling');
    expect(
      applyLiveGlobal(global, { added: [live({ id: 'r2', msgType: '02', msgLevel: '02' })] }),
    ).toBeNull();
    expect(
      applyLiveGlobal({ scrollMsg: null, popUpMsg: [] }, { added: [live({ id: 'r2', msgType: '02' })] })
        ?.scrollMsg?.id,
    ).toBe('r2');
  });
});

describe('openMessageStream back-off', () => {
  beforeEach(() => {
    FakeEventSource.all = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('doubles the pause from 1 s up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(streamRetryDelay)).toEqual([
      1_000,
      2_000,
      4_000,
      8_000,
      16_000,
      STREAM_RETRY_MAX_MS,
      STREAM_RETRY_MAX_MS,
    ]);
  });

  it('waits longer after each failed ticket, and starts again at 1 s once a stream is ready', async () => {
    vi.useFakeTimers();
    let refuse = true;
    const api = mockApi({
      'POST /saasapi/msg/msg/stream/ticket': () =>
        refuse
          ? failure(50000, '服务暂不可用', 'Service unavailable', 503)
          : { ticket: 'ticket-ok-abcdefghijklmnopqrstuvwx', expiresIn: 30 },
    });
    const tickets = () => api.callsTo('/msg/msg/stream/ticket').length;
    const onChange = vi.fn();
    const stop = openMessageStream({ onChange });
    await vi.advanceTimersByTimeAsync(0);
    expect(tickets()).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(tickets()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(tickets()).toBe(2);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(tickets()).toBe(2);
    refuse = false;
    await vi.advanceTimersByTimeAsync(1);
    expect(tickets()).toBe(3);
    expect(FakeEventSource.all).toHaveLength(1);
    FakeEventSource.last().emit('ready');
    expect(onChange).toHaveBeenCalledTimes(1);
    FakeEventSource.last().fail();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(tickets()).toBe(4);
    expect(FakeEventSource.all).toHaveLength(2);
    stop();
    expect(FakeEventSource.last().closed).toBe(true);
    FakeEventSource.last().fail();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(tickets()).toBe(4);
  });
});
