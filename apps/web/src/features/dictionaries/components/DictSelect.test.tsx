import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { renderAt } from '../../../test/render.tsx';
import { useDictionary } from '../use-dictionary.ts';
import { DictSelect } from './DictSelect.tsx';

const fetchMock = vi.fn<typeof fetch>();
const ok = (data: unknown) =>
  new Response(JSON.stringify({ isSuccess: true, code: 0, msg: '成功', msg_en: 'success', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

const ENTRIES: Record<string, { code: string; codeName: string; codeEnName: string; enabled: boolean }[]> = {
  'ldCode-currency': [
    { code: '01', codeName: '人民币', codeEnName: 'Chinese Yuan (CNY)', enabled: true },
    { code: '02', codeName: '美元', codeEnName: 'US Dollar (USD)', enabled: true },
    { code: '13', codeName: '新台币', codeEnName: 'New Taiwan Dollar (TWD)', enabled: false },
  ],
  teltype: [{ code: '02', codeName: '手机', codeEnName: 'Mobile', enabled: true }],
};

const lookups = () =>
  fetchMock.mock.calls.filter(([input]) => String(input).includes('/oauth/dictionary/codes'));

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://portal.test');
    if (url.pathname !== '/saasapi/oauth/dictionary/codes') return new Response('', { status: 404 });
    const asked = JSON.parse(String(init?.body)) as { codeType: string }[];
    return ok(asked.flatMap(({ codeType }) => (ENTRIES[codeType] ?? []).map((e) => ({ ...e, codeType }))));
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const optionTitles = () =>
  [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title') ?? '');

describe('<DictSelect>', () => {
  it('labels options by the current language without asking again when it changes', async () => {
    renderAt(<DictSelect codeType="ldCode-currency" open aria-label="currency" />);
    await waitFor(() => expect(optionTitles()).toEqual(['人民币', '美元', '新台币']));
    await act(() => i18n.changeLanguage('en'));
    await waitFor(() =>
      expect(optionTitles()).toEqual(['Chinese Yuan (CNY)', 'US Dollar (USD)', 'New Taiwan Dollar (TWD)']),
    );
    expect(lookups()).toHaveLength(1);
    expect(JSON.parse(String(lookups()[0][1]?.body))).toEqual([{ codeType: 'ldCode-currency' }]);
  });

  it('shows disabled entries as disabled options and searches by code or either name', async () => {
    renderAt(<DictSelect codeType="ldCode-currency" aria-label="currency" />);
    await userEvent.click(screen.getByLabelText('currency'));
    await waitFor(() => expect(optionTitles()).toHaveLength(3));
    const twd = document.querySelector('.ant-select-item-option[title="新台币"]');
    expect(twd?.className).toContain('ant-select-item-option-disabled');
    await userEvent.type(screen.getByLabelText('currency'), 'usd');
    await waitFor(() => expect(optionTitles()).toEqual(['美元']));
  });

  it('keeps only the codes of codeList and shows the chosen value by its label', async () => {
    renderAt(
      <DictSelect codeType="ldCode-currency" codeList={['02']} value="02" open aria-label="currency" />,
    );
    await waitFor(() => expect(optionTitles()).toEqual(['美元']));
    expect(document.querySelector('.ant-select-content')?.textContent ?? document.body.textContent).toContain(
      '美元',
    );
  });

  it('loads the code types of several selects in one request', async () => {
    renderAt(
      <>
        <DictSelect codeType="ldCode-currency" aria-label="currency" />
        <DictSelect codeType="teltype" aria-label="phone type" />
      </>,
    );
    await waitFor(() => expect(lookups()).toHaveLength(1));
    const asked = JSON.parse(String(lookups()[0][1]?.body)) as { codeType: string }[];
    expect(asked.map((q) => q.codeType).sort()).toEqual(['ldCode-currency', 'teltype']);
  });
});

function Labels() {
  const dictionary = useDictionary(['ldCode-currency', 'teltype']);
  return (
    <p>
      {dictionary.labelOf('ldCode-currency', '01')}|{dictionary.labelOf('teltype', '02')}|
      {dictionary.labelOf('teltype', '99')}|{dictionary.entries.length}
    </p>
  );
}

describe('useDictionary', () => {
  it('labels codes by language and leaves unknown codes as they are', async () => {
    renderAt(<Labels />);
    expect(await screen.findByText('人民币|手机|99|4')).toBeTruthy();
    await act(() => i18n.changeLanguage('en'));
    expect(await screen.findByText('Chinese Yuan (CNY)|Mobile|99|4')).toBeTruthy();
  });
});
