import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../lib/session-store.ts';
import { failure, mockApi, signInAs } from '../../test/api-mock.ts';
import { renderAt } from '../../test/render.tsx';
import { useUnreadCounts } from './api/collect-unread.ts';
import {
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
  emit(type: string) {
    if (this.closed) return;
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data: '{}' }));
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
    'POST /saasapi/msg/msg/center/collect': () => ({ count: state.count, statisticsList: [] }),
  });
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
