import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { mockApi, signInAs } from '../../../test/api-mock.ts';
import { renderAt } from '../../../test/render.tsx';
import { PlanSelect } from './PlanSelect.tsx';

const URL_ = '/saasapi/member/planNetwork/plans';
const plan = (n: number) => ({
  grpPlanCode: `GP-${String(n).padStart(4, '0')}`,
  name: `计划 ${n}`,
  nameEn: `Plan ${n}`,
  customId: 'C0001',
});
// More plans than one answer holds: the picker must search the server.
const ALL = Array.from({ length: 1001 }, (_, i) => plan(i + 1));

/** The server's rule: the chosen codes first, then up to `limit` others matching the keyword. */
function answer(c: { url: URL }) {
  const keyword = (c.url.searchParams.get('keyword') ?? '').toLowerCase();
  const codes = (c.url.searchParams.get('codes') ?? '').split(',').filter(Boolean);
  const limit = Number(c.url.searchParams.get('limit'));
  const chosen = ALL.filter((p) => codes.includes(p.grpPlanCode));
  const others = ALL.filter(
    (p) =>
      !codes.includes(p.grpPlanCode) &&
      [p.grpPlanCode, p.name, p.nameEn].some((v) => v.toLowerCase().includes(keyword)),
  );
  return [...chosen, ...others.slice(0, limit)];
}

function Harness({ initial }: { initial?: string }) {
  const [value, setValue] = useState<string | undefined>(initial);
  return (
    <>
      <PlanSelect aria-label="Plan" value={value} onChange={setValue} />
      <output>{value ?? ''}</output>
    </>
  );
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('zh');
});

describe('<PlanSelect>', () => {
  it('finds plan 1,001 by searching the server and keeps the chosen one named (en)', async () => {
    await i18n.changeLanguage('en');
    await signInAs({ permissions: ['member:network:*'], roles: ['AUDITOR'] });
    const calls = mockApi({ [`GET ${URL_}`]: answer });
    renderAt(<Harness initial="GP-1001" />);
    // The chosen plan is past the first page, yet named.
    expect(await screen.findByText('GP-1001 Plan 1001')).toBeTruthy();
    const first = calls.callsTo(URL_)[0].url.searchParams;
    expect([first.get('codes'), first.get('keyword'), first.get('limit')]).toEqual(['GP-1001', null, '51']);

    const box = screen.getByRole('combobox', { name: 'Plan' });
    await userEvent.click(box);
    // 51 answered besides the chosen one: the picker says more match than it shows.
    expect(await screen.findByText('More match than shown: type to narrow the search')).toBeTruthy();
    await userEvent.type(box, 'Plan 100');
    await waitFor(() => expect(calls.callsTo(URL_).at(-1)?.url.searchParams.get('keyword')).toBe('Plan 100'));
    await waitFor(() =>
      expect(screen.queryByText('More match than shown: type to narrow the search')).toBeNull(),
    );
    await userEvent.click(await screen.findByText('GP-1000 Plan 1000'));
    expect(await screen.findByText('GP-1000', { selector: 'output' })).toBeTruthy();
  });

  it('says while it searches and when no plan matches (zh)', async () => {
    await signInAs({ permissions: ['member:network:*'], roles: ['AUDITOR'] });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls = mockApi({
      [`GET ${URL_}`]: async (c) => {
        await held;
        return answer(c);
      },
    });
    renderAt(<Harness />);
    const box = screen.getByRole('combobox');
    await userEvent.click(box);
    expect(await screen.findByText('正在搜索…')).toBeTruthy();
    release();
    expect(await screen.findByText('GP-0001 计划 1')).toBeTruthy();
    await userEvent.type(box, '无此计划');
    await waitFor(() => expect(calls.callsTo(URL_).at(-1)?.url.searchParams.get('keyword')).toBe('无此计划'));
    expect(await screen.findByText('无匹配项')).toBeTruthy();
  });
});
