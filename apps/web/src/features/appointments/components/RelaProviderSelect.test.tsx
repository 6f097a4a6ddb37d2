import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { mockApi, signInAs } from '../../../test/api-mock.ts';
import { renderAt } from '../../../test/render.tsx';
import { RelaProviderSelect } from './RelaProviderSelect.tsx';

const URL_ = '/saasapi/smartportal/config/getRelaProviderInfo';
const clinic = (n: number) => ({
  providerId: `P4${String(n).padStart(4, '0')}`,
  providerCnName: `预约医院 ${n}`,
  providerEnName: `Booking Clinic ${n}`,
});
// More providers than one answer holds: the picker must search the server.
const ALL = [
  { providerId: 'P10001', providerCnName: '北京和睦家医院', providerEnName: 'Beijing United' },
  ...Array.from({ length: 80 }, (_, i) => clinic(i)),
];

/** The server's rule: the named codes first, then up to `limit` others matching the keyword. */
function answer(c: { url: URL }) {
  const keyword = (c.url.searchParams.get('keyword') ?? '').toLowerCase();
  const codes = (c.url.searchParams.get('codes') ?? '').split(',').filter(Boolean);
  const limit = Number(c.url.searchParams.get('limit'));
  const chosen = ALL.filter((p) => codes.includes(p.providerId));
  const others = ALL.filter(
    (p) =>
      !codes.includes(p.providerId) &&
      [p.providerId, p.providerCnName, p.providerEnName].some((v) => v.toLowerCase().includes(keyword)),
  );
  return [...chosen, ...others.slice(0, limit)];
}

function Harness() {
  const [value, setValue] = useState<string[]>(['P10001']);
  return (
    <>
      <RelaProviderSelect mode="multiple" aria-label="Providers" value={value} onChange={setValue} />
      <output>{value.join(',')}</output>
    </>
  );
}

function SingleHarness() {
  const [value, setValue] = useState<string | undefined>();
  return (
    <>
      <RelaProviderSelect
        aria-label="Provider"
        allowClear
        placeholder="Which provider"
        value={value}
        onChange={setValue}
      />
      <output>{value ?? 'none'}</output>
    </>
  );
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('zh');
});

describe('<RelaProviderSelect>', () => {
  it('searches the providers on the server, says when more match, and keeps the chosen ones named (en)', async () => {
    await i18n.changeLanguage('en');
    await signInAs({ permissions: ['smartportal:appointment:*'], roles: ['ADMIN'] });
    const calls = mockApi({ [`GET ${URL_}`]: answer });
    renderAt(<Harness />);
    await waitFor(() => expect(calls.callsTo(URL_)[0]?.url.searchParams.get('codes')).toBe('P10001'));
    expect(calls.callsTo(URL_)[0].url.searchParams.get('limit')).toBe('51');
    const box = screen.getByRole('combobox', { name: 'Providers' });
    await userEvent.click(box);
    // 51 answered besides the chosen one: the picker says more match than it shows.
    expect(await screen.findByText('More match than shown: type to narrow the search')).toBeTruthy();
    await userEvent.type(box, 'Clinic 42');
    await waitFor(() =>
      expect(calls.callsTo(URL_).at(-1)?.url.searchParams.get('keyword')).toBe('Clinic 42'),
    );
    await waitFor(() =>
      expect(screen.queryByText('More match than shown: type to narrow the search')).toBeNull(),
    );
    // The chosen provider is answered whatever the keyword, so its name stays known.
    expect(await screen.findByRole('option', { name: 'P10001 Beijing United' })).toBeTruthy();
    await userEvent.click(await screen.findByText('P40042 Booking Clinic 42'));
    expect(await screen.findByText('P10001,P40042', { selector: 'output' })).toBeTruthy();
  });

  it('picks one provider with its placeholder first, says when nothing matches, and clears (zh)', async () => {
    await signInAs({ permissions: ['smartportal:appointment:*'], roles: ['ADMIN'] });
    const calls = mockApi({ [`GET ${URL_}`]: answer });
    renderAt(<SingleHarness />);
    expect(await screen.findByText('Which provider')).toBeTruthy();
    const box = screen.getByRole('combobox', { name: 'Provider' });
    await userEvent.type(box, '无此医院');
    await waitFor(() => expect(calls.callsTo(URL_).at(-1)?.url.searchParams.get('keyword')).toBe('无此医院'));
    expect(await screen.findByText('无匹配项')).toBeTruthy();
    await userEvent.clear(box);
    await userEvent.type(box, '预约医院 7');
    await userEvent.click(await screen.findByText('P40007 预约医院 7'));
    expect(await screen.findByText('P40007', { selector: 'output' })).toBeTruthy();
    await userEvent.click(screen.getByLabelText('close-circle'));
    expect(await screen.findByText('none', { selector: 'output' })).toBeTruthy();
  });
});
