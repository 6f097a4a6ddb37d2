import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { mockApi, signInAs } from '../../../test/api-mock.ts';
import { renderAt } from '../../../test/render.tsx';
import { PersonInChargeSelect } from './PersonInChargeSelect.tsx';

const URL_ = '/saasapi/msg/msg/personsInCharge';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const person = (n: number) => ({
  id: id(n),
  name: `专员${n}`,
  nameEn: `Officer ${n}`,
  account: `op${String(n).padStart(4, '0')}`,
  providers: n % 7,
});
// More operators than one answer holds: the picker must search the server.
const ALL = Array.from({ length: 501 }, (_, i) => person(i + 1));

/** The server's rule: the chosen ids first, then up to `limit` others matching the keyword. */
function answer(c: { url: URL }) {
  const keyword = (c.url.searchParams.get('keyword') ?? '').toLowerCase();
  const ids = (c.url.searchParams.get('ids') ?? '').split(',').filter(Boolean);
  const limit = Number(c.url.searchParams.get('limit'));
  const chosen = ALL.filter((p) => ids.includes(p.id));
  const others = ALL.filter(
    (p) =>
      !ids.includes(p.id) && [p.account, p.name, p.nameEn].some((v) => v.toLowerCase().includes(keyword)),
  );
  return [...chosen, ...others.slice(0, limit)];
}

function Harness({ initial = [id(501)] }: { initial?: string[] }) {
  const [value, setValue] = useState<string[]>(initial);
  return (
    <>
      <PersonInChargeSelect aria-label="Persons" value={value} onChange={setValue} />
      <output>{value.join(',')}</output>
    </>
  );
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('zh');
});

describe('<PersonInChargeSelect>', () => {
  it('finds operator 500 by searching the server and keeps operator 501 named (en)', async () => {
    await i18n.changeLanguage('en');
    await signInAs({ permissions: ['msg:msg:*'], roles: ['AUDITOR'] });
    const calls = mockApi({ [`GET ${URL_}`]: answer });
    renderAt(<Harness />);
    // The chosen operator is past the first page, yet named.
    expect(await screen.findByText('Officer 501 (op0501, 4 providers)')).toBeTruthy();
    const first = calls.callsTo(URL_)[0].url.searchParams;
    expect([first.get('ids'), first.get('keyword'), first.get('limit')]).toEqual([id(501), null, '51']);

    const box = screen.getByRole('combobox', { name: 'Persons' });
    await userEvent.click(box);
    expect(await screen.findByText('More match than shown: type to narrow the search')).toBeTruthy();
    await userEvent.type(box, 'op0500');
    await waitFor(() => expect(calls.callsTo(URL_).at(-1)?.url.searchParams.get('keyword')).toBe('op0500'));
    await userEvent.click(await screen.findByText('Officer 500 (op0500, 3 providers)'));
    expect(await screen.findByText(`${id(501)},${id(500)}`, { selector: 'output' })).toBeTruthy();
  });

  it('names operators in Chinese and says when none matches (zh)', async () => {
    await signInAs({ permissions: ['msg:msg:*'], roles: ['AUDITOR'] });
    const calls = mockApi({ [`GET ${URL_}`]: answer });
    renderAt(<Harness initial={[]} />);
    const box = screen.getByRole('combobox');
    await userEvent.click(box);
    expect(await screen.findByText('专员1（op0001，负责 1 家）')).toBeTruthy();
    await userEvent.type(box, '无此人');
    await waitFor(() => expect(calls.callsTo(URL_).at(-1)?.url.searchParams.get('keyword')).toBe('无此人'));
    expect(await screen.findByText('无匹配项')).toBeTruthy();
  });
});
