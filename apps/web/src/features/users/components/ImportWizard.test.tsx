import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { mockApi, signInAs } from '../../../test/api-mock.ts';
import { renderAt } from '../../../test/render.tsx';
import { ImportWizard } from './ImportWizard.tsx';

const PREVIEW = {
  token: 'tok-1',
  total: 3,
  valid: 2,
  invalid: 1,
  expiresAt: '2026-11-24T03:00:00.000Z',
  errors: [
    {
      row: 3,
      account: 'SPx',
      field: 'account',
      msg: '医疗机构人员账号不能以 P 或 SP 开头（不区分大小写）',
      msg_en: 'A provider staff account must not start with P or SP (in any case)',
    },
  ],
};

function api() {
  return mockApi({
    'POST /saasapi/authority/user/preview': () => PREVIEW,
    'POST /saasapi/authority/user/import': () => ({ created: 2, skipped: 1, errors: PREVIEW.errors }),
  });
}

const xlsx = (name = 'users.xlsx') => new File([new Uint8Array([80, 75, 3, 4])], name);

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('zh');
});

describe('<ImportWizard>', () => {
  it('uploads, shows the row errors in English, and commits the valid rows', async () => {
    await i18n.changeLanguage('en');
    await signInAs({ permissions: ['*'] });
    const calls = api();
    const { container } = renderAt(<ImportWizard open onClose={() => undefined} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await userEvent.upload(
      container.ownerDocument.querySelector('input[type=file]') as HTMLInputElement,
      xlsx(),
    );
    expect(await screen.findByText('3 rows: 2 valid, 1 with errors')).toBeTruthy();
    expect(
      screen.getByText('A provider staff account must not start with P or SP (in any case)'),
    ).toBeTruthy();
    // All-or-nothing cannot apply to a file with errors.
    expect((screen.getByLabelText(/All or nothing/) as HTMLInputElement).disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('Initial password of the imported users'), 'Welcome2026');
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('2 users imported, 1 rows skipped')).toBeTruthy();
    expect(calls.callsTo('/authority/user/import')[0].body).toEqual({
      token: 'tok-1',
      mode: 'valid-only',
      password: 'Welcome2026',
    });
  });

  it('refuses a file that is not .xlsx before sending it', async () => {
    await signInAs({ permissions: ['*'] });
    const calls = api();
    const { container } = renderAt(<ImportWizard open onClose={() => undefined} />);
    await userEvent.click(await screen.findByRole('button', { name: /下一步/ }));
    await userEvent.upload(
      container.ownerDocument.querySelector('input[type=file]') as HTMLInputElement,
      xlsx('users.csv'),
      {
        applyAccept: false,
      },
    );
    await waitFor(() => expect(screen.getAllByText('仅支持 .xlsx 文件').length).toBeGreaterThan(0));
    expect(calls.callsTo('/authority/user/preview')).toHaveLength(0);
  });
});
