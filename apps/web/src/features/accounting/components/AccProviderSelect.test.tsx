import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { mockApi, signInAs } from '../../../test/api-mock.ts';
import { renderAt } from '../../../test/render.tsx';
import { AccProviderSelect } from './AccProviderSelect.tsx';

const URL_ = '/saasapi/claim/acc/getByType';
const provider = (n: number) => ({
  code: `P2${String(n).padStart(4, '0')}`,
  label: `医院 ${n}`,
  labelEn: `Hospital ${n}`,
});
// More providers than one answer holds: the picker must search the server.
const ALL = [
  { code: 'P10001', label: '北京和睦家医院', labelEn: 'Beijing United' },
  ...Array.from({ length: 80 }, (_, i) => provider(i + 1)),
];

/** The server's rule: the named codes first, then up to `limit` others matching the keyword. */
function answer(c: { url: URL }) {
  const keyword = (c.url.searchParams.get('keyword') ?? '').toLowerCase();
  const codes = (c.url.searchParams.get('codes') ?? '').split(',').filter(Boolean);
  const limit = Number(c.url.searchParams.get('limit'));
  const chosen = ALL.filter((o) => codes.includes(o.code));
  const others = ALL.filter(
    (o) =>
      !codes.includes(o.code) && [o.code, o.label, o.labelEn].some((v) => v.toLowerCase().includes(keyword)),
  );
  return [...chosen, ...others.slice(0, limit)];
}

function Harness({ initial = 'P10001' }: { initial?: string | null }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <AccProviderSelect
        aria-label="Provider"
        allowClear
        placeholder="All providers"
        value={value}
        onChange={setValue}
      />
      <output>{value === null ? 'none' : value}</output>
    </>
  );
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('zh');
});

describe('<AccProviderSelect>', () => {
  it('searches the providers on the server by keyword, says when more match, and keeps the current one named (en)', async () => {
    await i18n.changeLanguage('en');
    await signInAs({ permissions: ['claim:acc:*'], roles: ['AUDITOR'] });
    const calls = mockApi({ [`GET ${URL_}`]: answer });
    renderAt(<Harness />);
    expect(await screen.findByText('P10001 Beijing United')).toBeTruthy();
    const first = calls.callsTo(URL_)[0].url.searchParams;
    expect([first.get('type'), first.get('keyword'), first.get('codes'), first.get('limit')]).toEqual([
      'provider',
      null,
      'P10001',
      '51',
    ]);
    const box = screen.getByRole('combobox', { name: 'Provider' });
    await userEvent.click(box);
    // 51 answered besides the current one: the picker says more match than it shows.
    expect(await screen.findByText('More match than shown: type to narrow the search')).toBeTruthy();
    await userEvent.type(box, 'Hospital 42');
    await waitFor(() =>
      expect(calls.callsTo(URL_).at(-1)?.url.searchParams.get('keyword')).toBe('Hospital 42'),
    );
    await waitFor(() =>
      expect(screen.queryByText('More match than shown: type to narrow the search')).toBeNull(),
    );
    await userEvent.click(await screen.findByText('P20042 Hospital 42'));
    expect(await screen.findByText('P20042', { selector: 'output' })).toBeTruthy();
  });

  it('starts empty with its placeholder, says when nothing matches, and clears to null (zh)', async () => {
    await signInAs({ permissions: ['claim:acc:*'], roles: ['AUDITOR'] });
    const calls = mockApi({ [`GET ${URL_}`]: answer });
    renderAt(<Harness initial={null} />);
    expect(await screen.findByText('All providers')).toBeTruthy();
    await waitFor(() => expect(calls.callsTo(URL_)[0]?.url.searchParams.get('codes')).toBeNull());
    const box = screen.getByRole('combobox', { name: 'Provider' });
    await userEvent.type(box, 'nothing like it');
    await waitFor(() =>
      expect(calls.callsTo(URL_).at(-1)?.url.searchParams.get('keyword')).toBe('nothing like it'),
    );
    expect(await screen.findByText('无匹配项')).toBeTruthy();
    await userEvent.clear(box);
    await userEvent.type(box, '医院 7');
    await userEvent.click(await screen.findByText('P20007 医院 7'));
    expect(await screen.findByText('P20007', { selector: 'output' })).toBeTruthy();
    await userEvent.click(screen.getByLabelText('close-circle'));
    expect(await screen.findByText('none', { selector: 'output' })).toBeTruthy();
  });
});
