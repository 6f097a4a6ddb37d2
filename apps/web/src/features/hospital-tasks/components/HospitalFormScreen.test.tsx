import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { renderRoutes } from '../../../test/render.tsx';
import {
  fieldErrorsAnswer,
  installFakeApi,
  photo,
  sampleView,
  type TFakeApi,
} from '../hospital-form.fixtures.ts';
import type { THospitalFormRoute } from '../hospital-form-model.ts';
import { HospitalFormScreen } from './HospitalFormScreen.tsx';

let api: TFakeApi;
beforeEach(() => {
  api = installFakeApi();
  useSessionStore.setState({ token: 'test-token', tenant: 'demo' });
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function render(element: ReactElement) {
  return renderRoutes(
    [
      { path: '/form', element },
      { path: '/drsystem/management/task', element: <div>TASK LIST</div> },
      { path: '/drsystem/management/hospital', element: <div>AUDIT LIST</div> },
    ],
    '/form',
  );
}

function renderForm(route: THospitalFormRoute, view = sampleView(), providerId = 'P10001') {
  return render(<HospitalFormScreen route={route} view={view} providerId={providerId} />);
}

/** Picks an option of an Ant Design select by the select's label and the option's title. */
async function choose(label: string, option: string) {
  await userEvent.click(screen.getByLabelText(label));
  const item = await waitFor(() => {
    const found = [
      ...document.querySelectorAll<HTMLElement>(
        '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option',
      ),
    ].find((o) => o.getAttribute('title') === option);
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  await userEvent.click(item);
}

/** The Form.Item of a label, to read its message and control. */
function item(label: string): HTMLElement {
  const el = screen
    .getByText(label, { selector: '.ant-form-item-label label' })
    .closest<HTMLElement>('.ant-form-item');
  if (!el) throw new Error(`no form item for ${label}`);
  return el;
}

const selected = (label: string) =>
  item(label).querySelector('.ant-select-content, .ant-select-selector')?.textContent ?? '';
const isDisabled = (label: string) => Boolean(item(label).querySelector('.ant-select-disabled'));
/** Ant Design may put a space between the two characters of a Chinese button. */
const buttonName = (name: string) =>
  /^[\u4e00-\u9fff]{2}$/.test(name) ? new RegExp(`^${name[0]}\\s?${name[1]}$`) : name;
/** The footer's button by its text (an icon left by a finished loading state is ignored). */
function button(name: string): HTMLElement {
  const found = screen
    .getAllByRole('button')
    .filter((b) => (b.textContent ?? '').replace(/\s/g, '') === name && !b.closest('.ant-modal'));
  if (found.length !== 1) throw new Error(`${found.length} buttons named ${name}`);
  return found[0];
}
const click = (name: string) => userEvent.click(button(name));
const loaded = () => waitFor(() => expect(selected('医院性质')).toContain('公立医院'));

describe('<HospitalFormScreen> rules', () => {
  it('provider characters 02-04 set level 10 and department category 01 and lock them; 01 unlocks', async () => {
    renderForm('modifyTask');
    await loaded();
    expect(isDisabled('医院等级')).toBe(false);
    await choose('医院性质', '私立医院');
    await waitFor(() => expect(selected('医院等级')).toContain('未定级'));
    expect(selected('科室类别')).toContain('普通部');
    expect(isDisabled('医院等级')).toBe(true);
    expect(isDisabled('科室类别')).toBe(true);
    await choose('医院性质', '公立医院');
    await waitFor(() => expect(isDisabled('医院等级')).toBe(false));
    expect(isDisabled('科室类别')).toBe(false);
  });

  it('currency: CNY shows the bank select; another currency asks swift and bank address, clears the bank and its messages', async () => {
    renderForm('modifyTask', sampleView({ bank: '' }));
    await loaded();
    expect(screen.getByLabelText('银行')).toBeTruthy();
    expect(screen.queryByLabelText('SWIFT代码')).toBeNull();
    await click('提交');
    await waitFor(() => expect(item('开户行/支行').textContent).toContain('请输入开户行/支行'));
    expect(item('开户行/支行').className).toContain('has-error');

    await choose('币种', '美元');
    await waitFor(() => expect(screen.queryByLabelText('银行')).toBeNull());
    expect(screen.getByLabelText('SWIFT代码')).toBeTruthy();
    expect(screen.getByLabelText('银行地址')).toBeTruthy();
    await waitFor(() => expect(item('开户行/支行').className).not.toContain('has-error'));

    await click('保存');
    await waitFor(() => expect(api.callsTo('/saveCache')).toHaveLength(1));
    const body = api.callsTo('/saveCache')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ currency: '02', bankCode: '', bankName: '', taskNo: 'HT202611220001' });
  });

  it('searches banks and keeps the chosen code and name', async () => {
    renderForm('modifyTask', sampleView({ bankCode: '', bankName: '' }));
    await loaded();
    await userEvent.type(screen.getByLabelText('银行'), '工商');
    await waitFor(
      () => expect(api.callsTo('/getBankName').some((c) => c.query.bankName === '工商')).toBe(true),
      {
        timeout: 3000,
      },
    );
    await waitFor(() => expect(screen.queryByTitle('中国银行')).toBeNull());
    await userEvent.click(screen.getByTitle('中国工商银行'));
    await click('保存');
    await waitFor(() => expect(api.callsTo('/saveCache')).toHaveLength(1));
    expect(api.callsTo('/saveCache')[0].body).toMatchObject({ bankCode: '102', bankName: '中国工商银行' });
  });

  it('changing the continent clears country and province/city', async () => {
    renderForm('modifyTask');
    await loaded();
    await waitFor(() => expect(document.body.textContent).toContain('日本'));
    await choose('大洲', '欧洲');
    await waitFor(() => expect(document.body.textContent).not.toContain('日本'));
    await click('保存');
    await waitFor(() => expect(api.callsTo('/saveCache')).toHaveLength(1));
    expect(api.callsTo('/saveCache')[0].body).toMatchObject({
      continent: '02',
      country: '',
      provinceCity: [],
    });
  });

  it('department picker: count in the title, search, choose, delete, clear', async () => {
    renderForm('modifyTask');
    await loaded();
    await click('选择门诊科室');
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('选择门诊科室（已选 1 个）');
    await waitFor(() => expect(within(dialog).getAllByText('外科').length).toBeGreaterThan(0));
    const row = within(dialog).getAllByText('外科')[0].closest('tr')!;
    await userEvent.click(within(row).getByRole('checkbox'));
    await within(dialog).findByText('选择门诊科室（已选 2 个）');

    await userEvent.type(within(dialog).getByLabelText('搜索科室'), '儿');
    await waitFor(
      () => expect(api.callsTo('/getDeptList').some((c) => c.query.deptName === '儿')).toBe(true),
      {
        timeout: 3000,
      },
    );
    await waitFor(() => expect(within(dialog).queryByText('Surgery')).toBeTruthy());

    await userEvent.click(within(dialog).getByRole('button', { name: '移除 内科' }));
    await within(dialog).findByText('选择门诊科室（已选 1 个）');
    await userEvent.click(within(dialog).getByRole('button', { name: buttonName('清空') }));
    await within(dialog).findByText('选择门诊科室（已选 0 个）');
    await userEvent.click(within(dialog).getByRole('button', { name: buttonName('确定') }));
    const field = document.getElementById('hospital-form-outPatients')!;
    await waitFor(() => expect(field.textContent).toContain('已选 0 个'));
    expect(field.textContent).not.toContain('内科');
  });

  it('contact editor: plus on the last row adds a row, minus removes while more than one', async () => {
    renderForm('modifyTask');
    await loaded();
    const group = () => screen.getByRole('region', { name: '保险协调员' });
    expect(within(group()).queryByRole('button', { name: /删除第/ })).toBeNull();
    await userEvent.click(within(group()).getByRole('button', { name: '保险协调员：新增一行' }));
    expect(within(group()).getAllByLabelText(/保险协调员 \d 姓名/)).toHaveLength(2);
    await userEvent.type(within(group()).getByLabelText('保险协调员 2 姓名'), '陈静');
    await userEvent.click(within(group()).getByRole('button', { name: '保险协调员：删除第 1 行' }));
    expect(within(group()).getAllByLabelText(/保险协调员 \d 姓名/)).toHaveLength(1);
    expect((within(group()).getByLabelText('保险协调员 1 姓名') as HTMLInputElement).value).toBe('陈静');
    expect(within(group()).queryByRole('button', { name: /删除第/ })).toBeNull();
  });

  it('contact editor shows the phone guidance and requires every field on submit', async () => {
    const view = sampleView();
    view.contacts['03'] = [{ id: 'x', contactType: '03', name: ' ', tel: '', mail: '' }];
    renderForm('modifyTask', view);
    await loaded();
    expect(document.body.textContent).toContain('直线电话：国家代码+区号+号码，例如 +86-10-59277000');
    expect(document.body.textContent).toContain('多个电话请用英文逗号“,”分隔，多个邮箱请用英文分号“;”分隔');
    await click('提交');
    const group = screen.getByRole('region', { name: '医疗调查联系人' });
    await waitFor(() => expect(group.textContent).toContain('请输入姓名'));
    expect(group.textContent).toContain('请输入电话');
    expect(group.textContent).toContain('请输入邮箱');
    expect(api.callsTo('/modify')).toHaveLength(0);
  });

  it('service times: HH:MM-HH:MM on blur, | and ^ refused', async () => {
    renderForm('modifyTask');
    await loaded();
    const enter = (label: string, value: string) => {
      const input = screen.getByLabelText(label);
      fireEvent.change(input, { target: { value } });
      fireEvent.blur(input);
      return input;
    };
    const message = (input: HTMLElement) => input.closest('.ant-form-item')?.textContent ?? '';
    const am = enter('星期二 上午', '8:00-12:00');
    await waitFor(() => expect(message(am)).toContain('请按 HH:MM-HH:MM 格式输入'));
    enter('星期二 上午', '08:00-12:00');
    await waitFor(() => expect(am.closest('.ant-form-item')?.className).not.toContain('has-error'));
    const pm = enter('星期日 下午', '13:00-24:00');
    await waitFor(() => expect(message(pm)).toContain('HH:MM-HH:MM'));
    const remark = enter('星期三 备注', '预约|急诊');
    await waitFor(() => expect(message(remark)).toContain('不能包含 | 或 ^ 字符'));
    await click('保存');
    await waitFor(() => expect(pm.closest('.ant-form-item')?.className).toContain('has-error'));
    expect(api.callsTo('/saveCache')).toHaveLength(0);
  });

  it('a language change clears the validation messages', async () => {
    renderForm('modifyTask', sampleView({ providerCnName: '' }));
    await loaded();
    await click('提交');
    await waitFor(() => expect(document.body.textContent).toContain('请输入医院中文名称'));
    await act(() => i18n.changeLanguage('en'));
    await waitFor(() => expect(screen.getByLabelText('Provider Chinese Name')).toBeTruthy());
    await waitFor(() => expect(document.querySelectorAll('.ant-form-item-has-error')).toHaveLength(0));
  });
});

describe('<HospitalFormScreen> submit flow', () => {
  it('without photos: the missing-photo error, scroll to the first error, no call', async () => {
    renderForm('modifyTask', sampleView({ photoList: [], photos: [], outPatients: [] }));
    await loaded();
    await click('提交');
    await waitFor(() => expect(item('医院照片').textContent).toContain('请上传医院照片'));
    expect(screen.getByText('请选择门诊科室')).toBeTruthy();
    await waitFor(() => expect(Element.prototype.scrollIntoView).toHaveBeenCalled());
    // The first message in form order is the departments' (basic info comes before photos).
    const first = vi.mocked(Element.prototype.scrollIntoView).mock.contexts.at(-1) as HTMLElement;
    expect(first.textContent).toContain('门诊科室');
    expect(api.callsTo('/modify')).toHaveLength(0);
  });

  it('with 3 photos: the photo-count error and no call', async () => {
    renderForm('modifyTask', sampleView({ photoList: [photo(1), photo(2), photo(3)] }));
    await loaded();
    await click('提交');
    await waitFor(() => expect(document.body.textContent).toContain('请上传 4 张医院宣传照片'));
    expect(item('医院照片').className).toContain('has-error');
    expect(api.callsTo('/modify')).toHaveLength(0);
  });

  it('a complete task: modify, then the task list with save=true and submit success', async () => {
    const { router } = renderForm('modifyTask');
    await loaded();
    await click('提交');
    await screen.findByText('TASK LIST');
    expect(router.state.location.search).toBe('?save=true');
    expect(document.body.textContent).toContain('提交成功');
    const body = api.callsTo('/modify')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({
      taskNo: 'HT202611220001',
      version: 1,
      photos: ['photo-1', 'photo-2', 'photo-3', 'photo-4'],
    });
    expect(body).not.toHaveProperty('status');
    expect(body).not.toHaveProperty('auditResult');
    expect((body.serviceTimes as { serviceType: string; monday: string }[])[0]).toMatchObject({
      serviceType: 'AM',
      monday: '08:00-12:00',
    });
  });

  it('each route calls its action: create commit, modifyHosp createCase', async () => {
    const create = renderForm('createHosp', sampleView({ taskNo: null, version: null, status: null }));
    await loaded();
    await click('提交');
    await screen.findByText('TASK LIST');
    expect(api.callsTo('/commit')).toHaveLength(1);
    expect(api.callsTo('/commit')[0].body).not.toHaveProperty('taskNo');
    create.unmount();

    renderForm('modifyHosp', sampleView({ id: null, taskNo: null, taskType: null, status: null }));
    await loaded();
    expect(screen.queryByRole('button', { name: buttonName('保存') })).toBeNull();
    expect(document.getElementById('hospital-form-section-attachments')).toBeTruthy();
    expect(document.getElementById('hospital-form-section-notes')).toBeTruthy();
    await click('提交');
    await screen.findByText('TASK LIST');
    expect(api.callsTo('/createCase')).toHaveLength(1);
  });

  it("server field errors show on the right fields (a contact's mail, a service-time cell)", async () => {
    api.answer('/modify', () =>
      fieldErrorsAnswer({
        'contacts.02.0.mail': { msg: '邮箱格式不正确', msg_en: 'Email is invalid' },
        'serviceTimes.1.wednesday': { msg: '请按 HH:MM-HH:MM 格式输入（24小时制）', msg_en: 'bad time' },
      }),
    );
    renderForm('modifyTask');
    await loaded();
    await click('提交');
    await waitFor(() =>
      expect(screen.getByLabelText('保险协调员 1 邮箱').closest('.ant-form-item')?.textContent).toContain(
        '邮箱格式不正确',
      ),
    );
    expect(screen.getByLabelText('星期三 下午').closest('.ant-form-item')?.textContent).toContain(
      'HH:MM-HH:MM',
    );
    expect(screen.queryByText('TASK LIST')).toBeNull();
  });
});

describe('<HospitalFormScreen> save and cancel', () => {
  it('save (validation mode none) saves a draft and says so; a new draft keeps its task number', async () => {
    // The page hears of the new number once the form shows it, never while the form renders
    // (React's 'Cannot update a component while rendering a different component').
    const shownWhenAnnounced: boolean[] = [];
    const onTaskCreated = vi.fn(() => {
      shownWhenAnnounced.push(document.body.textContent?.includes('任务编号：HT202611220001') ?? false);
    });
    render(
      <HospitalFormScreen route="createHosp" view={null} providerId="P10001" onTaskCreated={onTaskCreated} />,
    );
    await waitFor(() => expect(screen.getByLabelText('医院编号')).toHaveProperty('value', 'P10001'));
    await click('保存');
    await screen.findByText('保存成功');
    expect(api.callsTo('/saveCache')[0].body).toMatchObject({
      providerId: 'P10001',
      taskType: '03',
      notesC: '1.请提前预约',
    });
    expect(onTaskCreated).toHaveBeenCalledWith('HT202611220001');
    expect(shownWhenAnnounced).toEqual([true]);
    await click('保存');
    await waitFor(() => expect(api.callsTo('/saveCache')).toHaveLength(2));
    expect(onTaskCreated).toHaveBeenCalledTimes(1);
    expect(api.callsTo('/saveCache')[1].body).toMatchObject({ taskNo: 'HT202611220001', version: 2 });
  });

  it('cancel without a task number leaves at once', async () => {
    render(<HospitalFormScreen route="createHosp" view={null} providerId="P10001" />);
    await waitFor(() => expect(screen.getByLabelText('医院编号')).toHaveProperty('value', 'P10001'));
    await click('取消');
    await screen.findByText('TASK LIST');
  });

  it("cancel with a task number asks 'notice': closing stays, No leaves without saving", async () => {
    renderForm('modifyTask');
    await loaded();
    await click('取消');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('提示')).toBeTruthy();
    expect(within(dialog).getByText('是否保存为草稿？')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: /close|关闭/i }));
    await waitFor(() =>
      expect(dialog.closest('.ant-modal-wrap, .ant-modal-root')?.querySelector('.ant-modal')).toBeTruthy(),
    );
    expect(screen.queryByText('TASK LIST')).toBeNull();
    expect(api.callsTo('/saveCache')).toHaveLength(0);

    await click('取消');
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '否' }));
    await screen.findByText('TASK LIST');
    expect(api.callsTo('/saveCache')).toHaveLength(0);
  });

  it("cancel, 'notice', Yes saves the draft then leaves", async () => {
    renderForm('modifyTask');
    await loaded();
    await click('取消');
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '是' }));
    await screen.findByText('TASK LIST');
    expect(api.callsTo('/saveCache')).toHaveLength(1);
  });
});

describe('<HospitalFormScreen> audit route', () => {
  const submitted = () =>
    sampleView({
      status: '01',
      taskType: '04',
      compareResult: JSON.stringify(['webAddr']),
      oldData: { webAddr: { flag: true, oldValue: 'https://old.example.cn' } },
      auditFlows: [
        {
          status: '01',
          flowType: '01',
          operateDate: '2026-11-22T02:00:00.000Z',
          operateMember: '王医生',
          operateMemberEn: 'Dr Wang',
          operateRemark: '',
          operatorKind: 'O',
          text: { zh: '已提交', en: 'Submitted' },
        },
      ],
    });

  it('the task is read-only, only the audit result can be chosen; returning needs a reason', async () => {
    renderForm('auditHosp', submitted());
    await screen.findByText('https://old.example.cn');
    // The task reads as text (the detail cards), not as disabled fields; attachments once.
    expect(screen.queryByLabelText('医院中文名称')).toBeNull();
    expect(screen.queryByRole('textbox', { name: '医院中文名称' })).toBeNull();
    expect(screen.queryByRole('button', { name: buttonName('保存') })).toBeNull();
    expect(screen.getByText('操作记录')).toBeTruthy();
    expect(screen.getByText('已提交')).toBeTruthy();
    // The change information of an update task: the changed field with its old value.
    expect(screen.getByText('https://old.example.cn')).toBeTruthy();
    await click('提交');
    await waitFor(() => expect(document.body.textContent).toContain('请选择审核结果'));
    await userEvent.click(screen.getByLabelText('退回'));
    await click('提交');
    await waitFor(() => expect(document.body.textContent).toContain('请输入退回原因'));
    expect(api.callsTo('/approval')).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('退回原因'), '照片不清晰');
    await click('提交');
    await screen.findByText('AUDIT LIST');
    expect(api.callsTo('/approval')[0].body).toEqual({
      taskNo: 'HT202611220001',
      auditResult: '02',
      returnReason: '照片不清晰',
      version: 1,
    });
  });

  it('cancel on the audit route leaves without asking', async () => {
    renderForm('auditHosp', submitted());
    await screen.findByText('https://old.example.cn');
    await click('取消');
    await screen.findByText('AUDIT LIST');
    expect(screen.queryByText('是否保存为草稿？')).toBeNull();
  });
});
