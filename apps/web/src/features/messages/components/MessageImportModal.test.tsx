import type { TMsgImportReport } from '@portal/domain/messages/import';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { mockApi, signInAs, type TApiCall } from '../../../test/api-mock.ts';
import { renderAt } from '../../../test/render.tsx';
import { MessageImportModal } from './MessageImportModal.tsx';

const ROW = {
  name: '停诊通知',
  nameEn: 'Clinic closure',
  msgType: '01',
  msgLevel: '03',
  validFrom: '2026-11-25T09:00:00+08:00',
  validTo: '2026-11-27T09:00:00+08:00',
  searchType: '02',
};
const BAD: TMsgImportReport = {
  total: 2,
  valid: 1,
  invalid: 1,
  created: 0,
  errors: [
    {
      row: 3,
      column: 'recipients',
      msg: '医疗机构编号不存在或已停用：PX',
      msg_en: 'Unknown or inactive provider ids: PX',
    },
  ],
  rows: [
    { ...ROW, row: 2, recipients: 1, ok: true },
    { ...ROW, row: 3, name: '复诊提醒', nameEn: 'Follow-up', recipients: 0, ok: false },
  ],
};
const GOOD: TMsgImportReport = {
  ...BAD,
  valid: 2,
  invalid: 0,
  errors: [],
  rows: BAD.rows.map((r) => ({ ...r, recipients: 1, ok: true })),
};

const xlsx = (name = 'messages.xlsx') => new File([new Uint8Array([80, 75, 3, 4])], name);
const fileInput = (container: HTMLElement) =>
  container.ownerDocument.querySelector('input[type=file]') as HTMLInputElement;

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('zh');
});

describe('<MessageImportModal>', () => {
  it('checks a file, shows the row error in English, takes the fixed file and imports after confirming', async () => {
    await i18n.changeLanguage('en');
    await signInAs({ permissions: ['msg:msg:*'], roles: ['AUDITOR'] });
    let answer = BAD;
    const calls = mockApi({
      'POST /saasapi/msg/msg/import': (call: TApiCall) =>
        call.url.searchParams.get('dryRun') === 'true' ? answer : { ...answer, created: 2 },
    });
    const { container } = renderAt(<MessageImportModal open onClose={() => undefined} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await userEvent.upload(fileInput(container), xlsx());
    expect(await screen.findByText('Unknown or inactive provider ids: PX')).toBeTruthy();
    expect(screen.getByText(/1 of 2 rows have errors/)).toBeTruthy();
    expect(screen.getByText('Recipients')).toBeTruthy();
    expect(screen.getByText('Has errors')).toBeTruthy();
    const commit = screen.getByRole('button', { name: 'Import and send 2 messages' }) as HTMLButtonElement;
    expect(commit.disabled).toBe(true);

    answer = GOOD;
    await userEvent.click(screen.getByRole('button', { name: 'Upload another file' }));
    await userEvent.upload(fileInput(container), xlsx('fixed.xlsx'));
    expect(await screen.findByText('fixed.xlsx: all 2 rows are valid and can be imported.')).toBeTruthy();
    expect(screen.getAllByText('Reaches 1 provider')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Import and send 2 messages' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send' }));
    expect(await screen.findByText('2 messages imported and sent')).toBeTruthy();
    const imports = calls.callsTo('/msg/msg/import');
    expect(imports.map((c) => c.url.searchParams.get('dryRun'))).toEqual(['true', 'true', null]);
  });

  it('shows the row error in Chinese and refuses a file that is not .xlsx before sending it', async () => {
    await signInAs({ permissions: ['msg:msg:*'], roles: ['AUDITOR'] });
    const calls = mockApi({ 'POST /saasapi/msg/msg/import': () => BAD });
    const { container } = renderAt(<MessageImportModal open onClose={() => undefined} />);
    await userEvent.click(await screen.findByRole('button', { name: /下一步/ }));
    await userEvent.upload(fileInput(container), xlsx('messages.csv'), { applyAccept: false });
    await waitFor(() => expect(screen.getAllByText('仅支持 .xlsx 文件').length).toBeGreaterThan(0));
    expect(calls.callsTo('/msg/msg/import')).toHaveLength(0);
    await userEvent.upload(fileInput(container), xlsx());
    expect(await screen.findByText('医疗机构编号不存在或已停用：PX')).toBeTruthy();
    expect(screen.getByText('收信人')).toBeTruthy();
    expect(screen.getByText(/2 行中有 1 行错误/)).toBeTruthy();
  });
});
