import type { THospitalTaskView } from '@portal/domain/hospital-tasks/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../lib/i18n.ts';
import { useSessionStore } from '../../../../lib/session-store.ts';
import { renderAt } from '../../../../test/render.tsx';
import {
  dictionaryAnswer,
  fail,
  hospitalView,
  mockApi,
  ok,
  signInHospital,
} from '../../test/hospital-fixtures.ts';
import { HospitalDetailView } from './HospitalDetailView.tsx';

const card = (title: string) =>
  screen
    .getByText(title, { selector: '.ant-card-head-title, .ant-card-head-title *' })
    .closest('.ant-card') as HTMLElement;
/** The value cell next to a Descriptions label. */
const cellOf = (scope: HTMLElement, label: string) => {
  const th = within(scope).getByText(label, { selector: 'th *, th' }).closest('th') as HTMLElement;
  return th.nextElementSibling as HTMLElement;
};

function show(view: THospitalTaskView, markers: 'task' | 'record' = 'record') {
  return renderAt(<HospitalDetailView view={view} markers={markers} />);
}

beforeEach(() => {
  signInHospital();
  mockApi({});
});
afterEach(() => vi.unstubAllGlobals());

describe('<HospitalDetailView>', () => {
  it('shows the summary, location names and degrees, and labels from the dictionaries', async () => {
    show(hospitalView());
    expect(screen.getByText('北京和睦国际医院 - Beijing Harmony International Hospital')).toBeTruthy();
    const location = card('地址信息');
    await waitFor(() => expect(cellOf(location, '省/市/区').textContent).toBe('北京市 / 北京市 / 朝阳区'));
    expect(cellOf(location, '国家').textContent).toBe('中国');
    expect(cellOf(location, '洲').textContent).toBe('亚洲');
    expect(cellOf(location, '纬度').textContent).toBe('39.9710°');
    expect(cellOf(location, '经度').textContent).toBe('116.4883°');
    expect(within(cellOf(location, '网址')).getByRole('link').getAttribute('href')).toBe(
      'https://www.bjharmony-hospital.cn',
    );
    await waitFor(() => expect(cellOf(card('基本信息'), '医疗类型').textContent).toBe('综合医院'));
    expect(cellOf(card('基本信息'), '服务语言').textContent).toBe('中文（普通话）、英语');
  });

  it('never shows bare codes: skeletons while loading, a retry when the lookup fails, then the labels', async () => {
    let answer: 'fail' | 'ok' = 'fail';
    mockApi({
      'POST /oauth/dictionary/codes': ({ body }) =>
        answer === 'fail'
          ? fail(500, 50000, '系统内部错误', 'Internal system error')
          : dictionaryAnswer(body),
    });
    show(hospitalView());
    const tags = screen.getByLabelText('医院标签');
    // Medical type 01, character 02, level 10, direct billing 01: skeletons, not the codes.
    expect(within(tags).getAllByRole('status')).toHaveLength(4);
    const CODES = /(^|\D)(01|02|10)(\D|$)/;
    expect(tags.textContent).not.toMatch(CODES);
    const basic = card('基本信息');
    expect(within(cellOf(basic, '医疗类型')).getByRole('status')).toBeTruthy();

    expect(await within(tags).findByRole('alert')).toBeTruthy();
    expect(tags.textContent).toContain('名称加载失败');
    expect(tags.textContent).not.toMatch(CODES);
    expect(cellOf(basic, '医疗类型').textContent).toBe('名称加载失败重试');

    answer = 'ok';
    await userEvent.click(within(tags).getByRole('button', { name: '重试' }));
    await waitFor(() => expect(cellOf(basic, '医疗类型').textContent).toBe('综合医院'));
    expect(within(tags).getByText('综合医院')).toBeTruthy();
    expect(within(tags).queryByRole('alert')).toBeNull();
  });

  it("prints '-' for empty values", () => {
    show(
      hospitalView({
        latitude: '',
        longitude: '',
        webAddr: '',
        bankAddress: '',
        countryCode: '',
        provinceCity: [],
      }),
    );
    const location = card('地址信息');
    expect(cellOf(location, '纬度').textContent).toBe('-');
    expect(cellOf(location, '经度').textContent).toBe('-');
    expect(cellOf(location, '网址').textContent).toBe('-');
    expect(cellOf(location, '省/市/区').textContent).toBe('-');
    const bank = card('收款银行信息');
    expect(cellOf(bank, 'SWIFT代码').textContent).toBe('-');
    expect(cellOf(bank, '银行地址').textContent).toBe('-');
  });

  it('shows the bank name only for CNY (currency 01)', async () => {
    const view = show(hospitalView());
    expect(cellOf(card('收款银行信息'), '银行名称').textContent).toBe('中国银行');
    view.unmount();
    show(
      hospitalView({
        currency: '02',
        bankName: '',
        bankCode: '',
        countryCode: 'BKCHCNBJ',
        bankAddress: 'Beijing',
      }),
    );
    const bank = card('收款银行信息');
    expect(within(bank).queryByText('银行名称')).toBeNull();
    await waitFor(() => expect(cellOf(bank, '币种').textContent).toBe('美元'));
    expect(cellOf(bank, 'SWIFT代码').textContent).toBe('BKCHCNBJ');
  });

  it('masks the account number; a user with the reveal permission shows it once the server has logged it', async () => {
    const { requests } = mockApi({ 'POST /authority/personalData/reveal': () => ok({ logged: true }) });
    const first = show(hospitalView());
    const bank = card('收款银行信息');
    expect(cellOf(bank, '账号').textContent).toBe('**** **** **** **90 12');
    // The demo fixture's user may not reveal: no button.
    expect(within(bank).queryByRole('button', { name: '显示完整内容' })).toBeNull();
    first.unmount();

    useSessionStore.getState().applyAuthority({
      ...useSessionStore.getState().authority,
      resourceList: ['drsystem:providerTask:*', 'personalData:reveal'],
    });
    show(hospitalView());
    const shown = card('收款银行信息');
    await userEvent.click(within(shown).getByRole('button', { name: '显示完整内容' }));
    await waitFor(() => expect(cellOf(shown, '账号').textContent).toBe('3380 6012 3456 7890 12'));
    expect(requests.filter((r) => r.path === '/authority/personalData/reveal').map((r) => r.body)).toEqual([
      { bizType: 'provider', bizId: 'P10001', field: 'accountNo' },
    ]);
    await userEvent.click(within(shown).getByRole('button', { name: '隐藏内容' }));
    expect(cellOf(shown, '账号').textContent).toBe('**** **** **** **90 12');
    expect(requests.filter((r) => r.path === '/authority/personalData/reveal')).toHaveLength(1);
  });

  it('keeps the value masked when the reveal cannot be logged', async () => {
    mockApi({
      'POST /authority/personalData/reveal': () => fail(500, 50000, '系统内部错误', 'Internal system error'),
    });
    useSessionStore.getState().applyAuthority({
      ...useSessionStore.getState().authority,
      resourceList: ['personalData:reveal'],
    });
    show(hospitalView({ id: '00000000-0000-4000-8000-000000000009', taskNo: 'HT202606150009' }));
    const bank = card('收款银行信息');
    const button = within(bank).getByRole('button', { name: '显示完整内容' });
    await userEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('false'));
    await waitFor(() => expect(button.querySelector('.ant-btn-loading-icon')).toBeNull());
    expect(cellOf(bank, '账号').textContent).toBe('**** **** **** **90 12');
  });

  it('shows remarks Chinese first with English in brackets, and only when either exists', () => {
    const both = show(hospitalView({ notesC: '请提前预约', notesE: 'Please book ahead' }));
    expect(screen.getByTestId('remarks').textContent).toBe('请提前预约\n(Please book ahead)');
    both.unmount();
    const english = show(hospitalView({ notesC: '  ', notesE: 'Please book ahead' }));
    expect(screen.getByTestId('remarks').textContent).toBe('Please book ahead');
    english.unmount();
    show(hospitalView({ notesC: '', notesE: '' }));
    expect(screen.queryByTestId('remarks')).toBeNull();
    expect(screen.queryByText('备注', { selector: '.ant-card-head-title *' })).toBeNull();
  });

  it('collapses the introduction at 5 lines with an expand/collapse toggle', async () => {
    const long = ['第一行', '第二行', '第三行', '第四行', '第五行', '第六行', '第七行'].join('\n');
    show(hospitalView({ providerIntroduceCn: long, providerIntroduceEn: 'Short.' }));
    const text = screen.getByText(
      (_, el) => el?.classList.contains('hospital-expandable-text') === true && el.textContent === long,
    );
    expect(text.getAttribute('data-clamped')).toBe('true');
    expect(text.getAttribute('data-rows')).toBe('5');
    expect(text.className).toContain('is-clamped');
    const toggle = screen.getByRole('button', { name: '展开' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    expect(text.getAttribute('data-clamped')).toBe('false');
    expect(screen.getByRole('button', { name: '收起' }).getAttribute('aria-expanded')).toBe('true');
    // The short English introduction has no toggle: only one toggle on the page.
    expect(screen.getAllByRole('button', { name: /展开|收起/ })).toHaveLength(1);
  });

  it('marks changed fields NEW and shows the old value on hover', async () => {
    const view = hospitalView({
      accountName: '北京和睦国际医院（新）',
      currency: '01',
      compareResult: JSON.stringify(['accountName', 'currency']),
      oldData: {
        accountName: { flag: true, oldValue: '北京和睦国际医院有限公司' },
        currency: { flag: true, oldValue: '02' },
        webAddr: { flag: false, oldValue: 'www.bjharmony-hospital.cn' },
      },
    });
    show(view, 'task');
    expect(
      screen.getByText('标记 NEW 的字段为本任务修改的内容，将鼠标悬停在 NEW 上可查看原值。'),
    ).toBeTruthy();
    const bank = card('收款银行信息');
    const markers = within(bank).getAllByText('NEW');
    expect(markers.map((m) => m.getAttribute('data-field'))).toEqual(['currency', 'accountName']);
    expect(within(card('地址信息')).queryByText('NEW')).toBeNull();

    await userEvent.hover(markers[1]);
    const tooltip = await screen.findByRole('tooltip');
    await waitFor(() => expect(tooltip.textContent).toContain('北京和睦国际医院有限公司'));
    expect(tooltip.textContent).toContain('原值');

    await userEvent.unhover(markers[1]);
    await userEvent.hover(markers[0]);
    await waitFor(() =>
      expect(screen.getAllByRole('tooltip').some((t) => t.textContent?.includes('美元'))).toBe(true),
    );

    // The change-information card lists each changed field with its old and new value.
    const change = card('变更信息');
    const rows = within(change).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('币种美元→人民币'),
      expect.stringContaining('账户名北京和睦国际医院有限公司→北京和睦国际医院（新）'),
    ]);
  });

  it('shows the gallery only with photos, and the audit flow as a timeline', async () => {
    const without = show(hospitalView());
    expect(screen.queryByText('医院照片', { selector: '.ant-card-head-title *' })).toBeNull();
    expect(screen.queryByText('操作记录')).toBeNull();
    without.unmount();
    const photo = (n: number) => ({
      id: `f${n}`,
      fileId: `f${n}`,
      name: `p${n}.png`,
      fileName: `p${n}.png`,
      size: 1000,
      url: '',
      fileUrl: '',
      contentType: 'image/png',
    });
    show(
      hospitalView({
        photoList: [photo(1), photo(2), photo(3), photo(4)],
        auditFlows: [
          {
            status: '01',
            flowType: '01',
            operateDate: '2026-06-15T02:00:00.000Z',
            operateMember: '王芳',
            operateMemberEn: 'Wang Fang',
            operateRemark: '',
            operatorKind: 'O',
            text: { zh: '已提交', en: 'Submitted' },
          },
          {
            status: '03',
            flowType: '03',
            operateDate: '2026-06-15T03:00:00.000Z',
            operateMember: '王芳',
            operateMemberEn: 'Wang Fang',
            operateRemark: '',
            operatorKind: 'O',
            text: { zh: '医院已撤回', en: 'Withdrew by Hospital' },
          },
        ],
      }),
    );
    const gallery = card('医院照片');
    expect(within(gallery).getAllByRole('img', { name: /医院照片/ })).toHaveLength(4);
    expect(within(gallery).getAllByRole('img')[0].getAttribute('src')).toContain(
      '/saasapi/file/file/view/f1?token=t',
    );
    const flow = card('操作记录');
    expect(within(flow).getByText('医院已撤回')).toBeTruthy();
    expect(within(flow).getAllByText('操作人: 王芳')).toHaveLength(2);
  });

  it('reads in English', async () => {
    await i18n.changeLanguage('en');
    show(hospitalView({ notesC: '请提前预约', notesE: 'Please book ahead' }));
    expect(screen.getByText('Beneficiary bank information')).toBeTruthy();
    await waitFor(() =>
      expect(cellOf(card('Location'), 'Province/City/District').textContent).toBe(
        'Beijing / Beijing City / Chaoyang',
      ),
    );
    expect(cellOf(card('Basic information'), 'Service Languages').textContent).toBe(
      'Chinese (Mandarin), English',
    );
    // Remarks keep Chinese first in either language.
    expect(screen.getByTestId('remarks').textContent).toBe('请提前预约\n(Please book ahead)');
  });
});
