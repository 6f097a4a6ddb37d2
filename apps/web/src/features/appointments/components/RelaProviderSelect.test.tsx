import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { mockApi, signInAs } from '../../../test/api-mock.ts';
import { renderAt } from '../../../test/render.tsx';
import { RelaProviderSelect } from './RelaProviderSelect.tsx';

const URL_ = '/saasapi/smartportal/config/getRelaProviderInfo';
const ALL = [
  { providerId: 'P10001', providerCnName: '北京和睦家医院', providerEnName: 'Beijing United' },
  { providerId: 'P40042', providerCnName: '预约医院 42', providerEnName: 'Booking Clinic 42' },
];

function Harness() {
  const [value, setValue] = useState<string[]>(['P10001']);
  return (
    <>
      <RelaProviderSelect mode="multiple" aria-label="Providers" value={value} onChange={setValue} />
      <output>{value.join(',')}</output>
    </>
  );
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('zh');
});

describe('<RelaProviderSelect>', () => {
  it('searches the providers on the server and keeps the chosen ones named (en)', async () => {
    await i18n.changeLanguage('en');
    await signInAs({ permissions: ['smartportal:appointment:*'], roles: ['ADMIN'] });
    const calls = mockApi({
      [`GET ${URL_}`]: (c) => {
        const keyword = c.url.searchParams.get('keyword') ?? '';
        const codes = (c.url.searchParams.get('codes') ?? '').split(',');
        return ALL.filter((p) => codes.includes(p.providerId) || p.providerEnName.includes(keyword));
      },
    });
    renderAt(<Harness />);
    await waitFor(() => expect(calls.callsTo(URL_)[0]?.url.searchParams.get('codes')).toBe('P10001'));
    await userEvent.type(screen.getByRole('combobox', { name: 'Providers' }), 'Clinic 42');
    await waitFor(() =>
      expect(calls.callsTo(URL_).at(-1)?.url.searchParams.get('keyword')).toBe('Clinic 42'),
    );
    // The chosen provider is answered whatever the keyword, so its name stays known.
    expect(await screen.findByRole('option', { name: 'P10001 Beijing United' })).toBeTruthy();
    await userEvent.click(await screen.findByText('P40042 Booking Clinic 42'));
    expect(await screen.findByText('P10001,P40042', { selector: 'output' })).toBeTruthy();
  });
});
