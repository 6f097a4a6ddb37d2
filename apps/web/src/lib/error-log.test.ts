import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, signInAs } from '../test/api-mock.ts';
import { installErrorLog, logError, useErrorLogStore } from './error-log.ts';
import { setGlobalLoading, useGlobalLoadingStore, withGlobalLoading } from './global-loading.ts';
import { ApiError } from './http.ts';
import { useSessionStore } from './session-store.ts';

describe('error log', () => {
  beforeEach(() => {
    useErrorLogStore.getState().clear();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('keeps an unhandled error in the store and reports it while signed in', async () => {
    await signInAs();
    const api = mockApi({ 'POST /saasapi/authority/errorLog': () => null });
    const remove = installErrorLog();
    window.dispatchEvent(
      new ErrorEvent('error', { error: new TypeError('x is not a function'), message: 'x' }),
    );
    remove();
    expect(useErrorLogStore.getState().logs[0]).toMatchObject({
      message: 'x is not a function',
      source: 'error',
      reported: true,
    });
    await vi.waitFor(() => expect(api.callsTo('/authority/errorLog')).toHaveLength(1));
    expect(api.callsTo('/authority/errorLog')[0].body).toMatchObject({
      message: 'x is not a function',
      url: window.location.href,
      info: { source: 'error' },
    });
  });

  it('keeps but does not report without a session, and ignores API failures', () => {
    useSessionStore.getState().clearAll();
    const api = mockApi({});
    logError(new Error('boom'), 'unhandledrejection');
    logError(new ApiError({ kind: 'business', msg: '失败', msgEn: 'Failed' }), 'unhandledrejection');
    expect(useErrorLogStore.getState().logs).toHaveLength(1);
    expect(useErrorLogStore.getState().logs[0].reported).toBe(false);
    expect(api.calls).toHaveLength(0);
  });
});

describe('global loading flag', () => {
  it('nests: the overlay stays until every holder releases it', async () => {
    setGlobalLoading(true);
    let release: () => void = () => undefined;
    const task = withGlobalLoading(() => new Promise<void>((r) => (release = r)));
    expect(useGlobalLoadingStore.getState().holders).toBe(2);
    setGlobalLoading(false);
    expect(useGlobalLoadingStore.getState().holders).toBe(1);
    release();
    await task;
    expect(useGlobalLoadingStore.getState().holders).toBe(0);
    setGlobalLoading(false);
    expect(useGlobalLoadingStore.getState().holders).toBe(0);
  });
});
