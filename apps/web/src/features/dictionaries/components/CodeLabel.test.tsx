import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prefetchCodeLabels } from '../../../app/prefetch.ts';
import { i18n } from '../../../lib/i18n.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { PORTAL_STORAGE_KEYS } from '../../../lib/storage.ts';
import { failure, mockApi } from '../../../test/api-mock.ts';
import { renderAt, testQueryClient } from '../../../test/render.tsx';
import { DETAIL_CODE_TYPES } from '../../hospital-tasks/detail-code-types.ts';
import { CODE_LOOKUP_STALE_MS } from '../api/lookup-codes.ts';
import { CodeLabel } from './CodeLabel.tsx';
import { DictSelect } from './DictSelect.tsx';

const LOOKUP = '/saasapi/oauth/dictionary/codes';
const MEDICAL_TYPES = [
  { code: '01', codeName: '综合医院', codeEnName: 'General hospital', enabled: true },
  { code: '02', codeName: '专科医院', codeEnName: 'Specialist hospital', enabled: true },
];
const entriesOf = (asked: unknown) =>
  (asked as { codeType: string }[]).flatMap(({ codeType }) =>
    codeType === 'ldCode-medicaltype' ? MEDICAL_TYPES.map((e) => ({ ...e, codeType })) : [],
  );

/** A lookup answer held back until release() is called. */
function heldAnswer() {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { gate, release: () => release() };
}

beforeEach(() => {
  useSessionStore.getState().setTenant('demo');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('<CodeLabel>', () => {
  it('shows a skeleton, not the code, while the dictionary loads', async () => {
    const held = heldAnswer();
    mockApi({
      [LOOKUP]: async ({ body }) => {
        await held.gate;
        return entriesOf(body);
      },
    });
    renderAt(<CodeLabel codeType="ldCode-medicaltype" codes="01" />);
    const loading = await screen.findByRole('status', { name: '名称加载中' });
    expect(loading.getAttribute('aria-busy')).toBe('true');
    expect(loading.querySelector('.ant-skeleton')).not.toBeNull();
    expect(screen.queryByText('01')).toBeNull();
    held.release();
    expect(await screen.findByText('综合医院')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the label in the current language, several codes joined', async () => {
    mockApi({ [LOOKUP]: ({ body }) => entriesOf(body) });
    await i18n.changeLanguage('en');
    renderAt(<CodeLabel codeType="ldCode-medicaltype" codes={['01', '02']} />);
    expect(await screen.findByText('General hospital, Specialist hospital')).toBeTruthy();
  });

  it('shows a retry message instead of the code when the lookup fails, and retry loads it again', async () => {
    let fail = true;
    const { callsTo } = mockApi({
      [LOOKUP]: ({ body }) =>
        fail ? failure(50000, '系统内部错误', 'Internal system error', 500) : entriesOf(body),
    });
    renderAt(<CodeLabel codeType="ldCode-medicaltype" codes="01" />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('名称加载失败');
    expect(screen.queryByText('01')).toBeNull();
    expect(callsTo('/oauth/dictionary/codes')).toHaveLength(1);

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('综合医院')).toBeTruthy();
    expect(callsTo('/oauth/dictionary/codes')).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says it in English in English', async () => {
    mockApi({ [LOOKUP]: () => failure(50000, '系统内部错误', 'Internal system error', 500) });
    await i18n.changeLanguage('en');
    renderAt(<CodeLabel codeType="ldCode-medicaltype" codes="01" />);
    expect((await screen.findByRole('alert')).textContent).toContain('Names could not be loaded');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('keeps the entries per tenant across page loads and labels from them without asking', async () => {
    const { callsTo } = mockApi({ [LOOKUP]: ({ body }) => entriesOf(body) });
    const first = renderAt(<CodeLabel codeType="ldCode-medicaltype" codes="02" />);
    expect(await screen.findByText('专科医院')).toBeTruthy();
    first.unmount();
    const stored = JSON.parse(window.localStorage.getItem(PORTAL_STORAGE_KEYS.DICTIONARY_CODES) ?? '{}');
    expect(stored.demo['ldCode-medicaltype'].entries).toHaveLength(2);

    // A new page: a new query cache, the same browser storage.
    renderAt(<CodeLabel codeType="ldCode-medicaltype" codes="02" />);
    expect(screen.getByText('专科医院')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(callsTo('/oauth/dictionary/codes')).toHaveLength(1);

    // Another tenant has its own copy.
    useSessionStore.getState().setTenant('acme');
    renderAt(<CodeLabel codeType="ldCode-medicaltype" codes="02" />);
    await waitFor(() => expect(callsTo('/oauth/dictionary/codes')).toHaveLength(2));
  });

  it('reloads a kept copy older than the stale time, showing it meanwhile', async () => {
    const old = Date.now() - CODE_LOOKUP_STALE_MS - 60_000;
    window.localStorage.setItem(
      PORTAL_STORAGE_KEYS.DICTIONARY_CODES,
      JSON.stringify({
        demo: {
          'ldCode-medicaltype': {
            savedAt: old,
            entries: [{ ...MEDICAL_TYPES[0], codeName: '旧名称', codeType: 'ldCode-medicaltype' }],
          },
        },
      }),
    );
    const { callsTo } = mockApi({ [LOOKUP]: ({ body }) => entriesOf(body) });
    renderAt(<CodeLabel codeType="ldCode-medicaltype" codes="01" />);
    expect(screen.getByText('旧名称')).toBeTruthy();
    expect(await screen.findByText('综合医院')).toBeTruthy();
    expect(callsTo('/oauth/dictionary/codes')).toHaveLength(1);
  });
});

describe('<DictSelect> with a chosen value', () => {
  it('shows a skeleton, not the code, until the options load', async () => {
    const held = heldAnswer();
    mockApi({
      [LOOKUP]: async ({ body }) => {
        await held.gate;
        return entriesOf(body);
      },
    });
    renderAt(<DictSelect codeType="ldCode-medicaltype" value="02" aria-label="medical type" />);
    expect(await screen.findByRole('status', { name: '名称加载中' })).toBeTruthy();
    expect(screen.queryByText('02')).toBeNull();
    held.release();
    expect(await screen.findByText('专科医院')).toBeTruthy();
  });
});

describe('prefetchCodeLabels', () => {
  it('loads every code type the hospital screens label with in one request, once', async () => {
    const { callsTo } = mockApi({ [LOOKUP]: ({ body }) => entriesOf(body) });
    const client = testQueryClient();
    await prefetchCodeLabels(client);
    await waitFor(() => expect(callsTo('/oauth/dictionary/codes')).toHaveLength(1));
    const asked = (callsTo('/oauth/dictionary/codes')[0].body as { codeType: string }[]).map(
      (q) => q.codeType,
    );
    expect(asked.sort()).toEqual([...DETAIL_CODE_TYPES].sort());
    await waitFor(() =>
      expect(client.getQueryData(['dictionaries', 'codes', 'demo', 'ldCode-medicaltype'])).toHaveLength(2),
    );
    // Fresh data: starting again asks nothing.
    await prefetchCodeLabels(client);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(callsTo('/oauth/dictionary/codes')).toHaveLength(1);
  });
});
