import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { mockApi, signInAs } from '../../../test/api-mock.ts';
import { renderAt } from '../../../test/render.tsx';
import { AccProviderSelect } from './AccProviderSelect.tsx';

const URL_ = '/saasapi/claim/acc/getByType';

function Harness() {
  const [value, setValue] = useState<string | null>('P10001');
  return (
    <>
      <AccProviderSelect aria-label="Provider" value={value} onChange={setValue} />
      <output>{value}</output>
    </>
  );
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('zh');
});

describe('<AccProviderSelect>', () => {
  it('searches the providers on the server by keyword and keeps the current one named (en)', async () => {
    await i18n.changeLanguage('en');
    await signInAs({ permissions: ['claim:acc:*'], roles: ['AUDITOR'] });
    const calls = mockApi({
      [`GET ${URL_}`]: (c) => {
        const keyword = c.url.searchParams.get('keyword') ?? '';
        const all = [
          { code: 'P10001', label: '北京和睦家医院', labelEn: 'Beijing United' },
          { code: 'P20042', label: '上海医院', labelEn: 'Shanghai Hospital 42' },
        ];
        return all.filter((o) => o.code === c.url.searchParams.get('code') || o.labelEn.includes(keyword));
      },
    });
    renderAt(<Harness />);
    expect(await screen.findByText('P10001 Beijing United')).toBeTruthy();
    const first = calls.callsTo(URL_)[0].url.searchParams;
    expect([first.get('type'), first.get('keyword'), first.get('code')]).toEqual(['provider', '', 'P10001']);
    await userEvent.type(screen.getByRole('combobox', { name: 'Provider' }), 'Hospital 42');
    await waitFor(() =>
      expect(calls.callsTo(URL_).at(-1)?.url.searchParams.get('keyword')).toBe('Hospital 42'),
    );
    await userEvent.click(await screen.findByText('P20042 Shanghai Hospital 42'));
    expect(await screen.findByText('P20042', { selector: 'output' })).toBeTruthy();
  });
});
