import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hospitalPhotoPng } from '../../apps/server/src/features/hospital-tasks/hospital-tasks.seed.ts';
import { fillField, openBrowser, screenshot, signIn, type TBrowser } from './browser.ts';

/** Four photos in a temporary folder. */
function photoFiles(): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'hospital-photos-'));
  const colours: [number, number, number][] = [
    [40, 116, 166],
    [39, 174, 96],
    [211, 84, 0],
    [142, 68, 173],
  ];
  return colours.map((c, i) => {
    const file = join(dir, `hospital-${i + 1}.png`);
    writeFileSync(file, hospitalPhotoPng(c, [255, 255, 255], 96, 64));
    return file;
  });
}

const dropdown = (page: Page) => page.locator('.ant-select-dropdown:visible');

/**
 * Opens a select by its label and picks the option with this exact title, typing it first into
 * a searchable select (the option list is virtual: only the options near the selected one exist).
 */
async function pick(page: Page, label: string, option: string, options: { search?: boolean } = {}) {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  if (options.search !== false) await input.fill(option);
  const item = dropdown(page).locator(`.ant-select-item-option[title="${option}"]`).first();
  await item.waitFor();
  await item.click();
}

/** Picks several options of a multi-select, then closes it. */
async function pickMany(page: Page, label: string, options: string[]) {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  for (const option of options) {
    await input.fill(option);
    const item = dropdown(page).locator(`.ant-select-item-option[title="${option}"]`).first();
    await item.waitFor();
    await item.click();
  }
  await page.keyboard.press('Escape');
}

async function pickCascader(page: Page, column: number, text: string) {
  const item = page
    .locator('.ant-cascader-menu')
    .nth(column)
    .locator('.ant-cascader-menu-item', { hasText: text })
    .first();
  await item.waitFor();
  await item.click();
}

/** A footer button ('保存', 'Submit', ...); Ant Design may space two Chinese characters. */
const footerButton = (page: Page, name: string) =>
  page
    .locator('.hospital-form-footer button')
    .filter({ hasText: new RegExp(`^${name.split('').join('\\s?')}$`) });

const fill = (page: Page, label: string, value: string) =>
  fillField(page.getByLabel(label, { exact: true }), value);

/** The first field with a message is inside the window. */
async function firstErrorInView(page: Page): Promise<boolean> {
  return page
    .locator('.hospital-form .ant-form-item-has-error')
    .first()
    .evaluate((el) => {
      const r = el.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= window.innerHeight;
    });
}

/** What the back-to-top button covers: character counters and footer buttons it overlaps, or its leaving the bar. */
async function backToTopCovers(page: Page): Promise<string[]> {
  return page.locator('.portal-back-top').evaluate((button) => {
    const b = button.getBoundingClientRect();
    const overlaps = (r: DOMRect) =>
      !(r.right <= b.left || r.left >= b.right || r.bottom <= b.top || r.top >= b.bottom);
    const covered = [
      ...document.querySelectorAll('.hospital-form .ant-input-data-count, .hospital-form-footer button'),
    ]
      .filter((el) => overlaps(el.getBoundingClientRect()))
      .map((el) => el.textContent ?? '');
    const bar = document.querySelector('.hospital-form-footer')?.getBoundingClientRect();
    if (!bar || b.top < bar.top || b.bottom > bar.bottom) covered.push('outside the footer bar');
    return covered;
  });
}

async function waitForToast(page: Page, text: string) {
  await page.locator('.ant-message-notice', { hasText: text }).first().waitFor();
}

describe('hospital form (zh): create, draft, cancel, come back, submit', () => {
  let b: TBrowser;
  let taskNo = '';
  beforeAll(async () => {
    b = await openBrowser({ language: 'zh', height: 960 });
    await signIn(b.page, b.baseUrl, 'hospital');
    await b.page.waitForURL((url) => !url.pathname.startsWith('/login'));
  });
  afterAll(async () => {
    await b?.close();
  });

  it('submitting an empty form shows the inline messages and scrolls to the first', async () => {
    const { page } = b;
    await page.goto(`${b.baseUrl}/drsystem/management/hosp/create`);
    await page.getByRole('heading', { name: '新增医院' }).waitFor();
    await expect.poll(() => page.getByLabel('医院编号', { exact: true }).inputValue()).toBe('P10001');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await footerButton(page, '提交').click();
    await page.getByText('请输入医院中文名称').waitFor();
    await page.getByText('请上传医院照片').waitFor();
    await page.getByText('请选择门诊科室').waitFor();
    await expect.poll(() => firstErrorInView(page)).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(600);
    expect(await page.locator('.hospital-form .ant-form-item-has-error').first().innerText()).toContain(
      '请输入医院中文名称',
    );
    await screenshot(page, 'hospital-form-errors-zh');
  });

  it('fills every section, uploads 4 photos and saves a draft', async () => {
    const { page } = b;
    // Basic info.
    await fill(page, '医院中文名称', '北京测试国际医院');
    await fill(page, '医院英文名称', 'Beijing Test International Hospital');
    await pick(page, '医疗类型', '综合医院');
    await pick(page, '医院性质', '私立医院');
    await expect
      .poll(() =>
        page.locator('.ant-form-item', { has: page.getByLabel('医院等级', { exact: true }) }).innerText(),
      )
      .toContain('未定级');
    await pick(page, '医院性质', '公立医院');
    await pick(page, '医院等级', '三级甲等');
    await pick(page, '科室类别', '国际部');
    await pick(page, '社保', '是');
    await pick(page, '直付类型', '门诊及住院直付');
    await pickMany(page, '服务语言', ['中文（普通话）', '英语']);
    await pick(page, '发票类型', '医疗收费电子票据');
    await fill(page, '医院中文介绍', '一家提供全科与专科服务的国际医院。');
    await fill(page, '医院英文介绍', 'An international hospital with general and specialist care.');
    await fill(page, '中文科室列表', '内科、外科、儿科、妇产科');
    await fill(page, '英文科室列表', 'Internal medicine, surgery, pediatrics, obstetrics');

    // Department picker.
    await page.getByRole('button', { name: '选择门诊科室' }).click();
    const dialog = page.locator('.ant-modal:visible', { hasText: '选择门诊科室（已选' });
    await page.locator('.ant-modal:visible', { hasText: '选择门诊科室（已选 0 个）' }).waitFor();
    await fillField(dialog.getByLabel('搜索科室'), '内科');
    await dialog.locator('.ant-table-row', { hasText: '呼吸内科' }).first().waitFor();
    await dialog
      .locator('.ant-table-row', { hasText: '呼吸内科' })
      .first()
      .locator('input[type=checkbox]')
      .check();
    await dialog
      .locator('.ant-table-row', { hasText: '消化内科' })
      .first()
      .locator('input[type=checkbox]')
      .check();
    await page.locator('.ant-modal:visible', { hasText: '选择门诊科室（已选 2 个）' }).waitFor();
    await screenshot(page, 'hospital-form-departments-zh');
    await page
      .locator('.ant-modal:visible')
      .getByRole('button', { name: /确\s?定/ })
      .click();
    await page.locator('#hospital-form-outPatients', { hasText: '已选 2 个' }).waitFor();

    // Bank (CNY: the bank is searched and chosen).
    await page.getByLabel('银行', { exact: true }).click();
    await page.getByLabel('银行', { exact: true }).fill('中国银行');
    await dropdown(page).locator('.ant-select-item-option[title="中国银行"]').waitFor();
    await dropdown(page).locator('.ant-select-item-option[title="中国银行"]').click();
    await fill(page, '开户行/支行', '中国银行北京朝阳支行');
    await fill(page, '账户名', '北京测试国际医院有限公司');
    await fill(page, '账号', '3401 2345 6789 0001');

    // Address.
    await fill(page, '中文地址', '北京市朝阳区测试路1号');
    await fill(page, '英文地址', '1 Test Road, Chaoyang District, Beijing');
    await fill(page, '网址', 'https://test-hospital.example.cn');
    await pick(page, '大洲', '亚洲', { search: false });
    await pick(page, '国家/地区', '中国');
    await page.getByLabel('省/市/区', { exact: true }).click();
    await pickCascader(page, 0, '北京市');
    await pickCascader(page, 1, '北京市');
    await pickCascader(page, 2, '朝阳区');
    await fill(page, '经度', '116.4883');
    await fill(page, '纬度', '39.9710');

    // Contacts: a row added and removed again, then every group filled.
    await page.getByRole('button', { name: '电话：新增一行' }).click();
    await page.getByLabel('电话 2 电话', { exact: true }).waitFor();
    await page.getByRole('button', { name: '电话：删除第 2 行' }).click();
    await page.getByLabel('电话 2 电话', { exact: true }).waitFor({ state: 'detached' });
    await fill(page, '电话 1 电话', '+86-10-59270000');
    await pickMany(page, '电话 1 电话类型', ['直线电话']);
    await pick(page, '电话 1 是否对患者显示', '对患者显示');
    const people: [string, string, string, string][] = [
      ['保险协调员', '王芳', '+86-10-59270001', 'ic@test-hospital.example.cn'],
      ['医疗调查联系人', '李强', '+86-10-59270002', 'ms@test-hospital.example.cn'],
      ['预授权联系人', '赵敏', '+86-10-59270003', 'pa@test-hospital.example.cn'],
      ['财务联系人', '孙丽', '+86-10-59270004', 'fin@test-hospital.example.cn;fin2@test-hospital.example.cn'],
    ];
    for (const [group, name, tel, mail] of people) {
      await fill(page, `${group} 1 姓名`, name);
      await fill(page, `${group} 1 电话`, tel);
      await fill(page, `${group} 1 邮箱`, mail);
    }

    // Service time.
    await page.getByLabel('支持', { exact: true }).check();
    for (const day of ['星期一', '星期二', '星期三', '星期四', '星期五']) {
      await fill(page, `${day} 上午`, '08:00-12:00');
      await fill(page, `${day} 下午`, '13:30-17:30');
    }
    await fill(page, '星期六 上午', '09:00-12:00');
    await fill(page, '星期六 备注', '仅急诊');

    // Photos: four real uploads.
    await page.locator('#hospital-form-section-photos input[type=file]').setInputFiles(photoFiles());
    await expect
      .poll(() => page.locator('#hospital-form-section-photos .ant-upload-list-item-done').count())
      .toBe(4);

    await expect.poll(() => page.getByLabel('中文备注', { exact: true }).inputValue()).toBe('1.请提前预约');
    await expect.poll(() => page.locator('.hospital-form .ant-form-item-has-error').count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'hospital-form-zh');
    await page.locator('#hospital-form-section-contacts').scrollIntoViewIfNeeded();
    await screenshot(page, 'hospital-form-contacts-zh');
    await page.locator('#hospital-form-section-photos').scrollIntoViewIfNeeded();
    await screenshot(page, 'hospital-form-photos-zh');

    // Back-to-top sits in the footer bar's free right end: with the last character counter just
    // above the bar, it covers neither the counter nor a footer button.
    await page
      .locator('.hospital-form .ant-input-data-count')
      .last()
      .evaluate((counter) => {
        const bar = document.querySelector('.hospital-form-footer')?.getBoundingClientRect();
        if (bar) window.scrollBy(0, counter.getBoundingClientRect().bottom - (bar.top - 4));
      });
    await page.locator('.portal-back-top').waitFor();
    expect(await backToTopCovers(page)).toEqual([]);

    const saved = page.waitForResponse((r) => r.url().includes('/providerTask/saveCache'));
    await footerButton(page, '保存').click();
    expect((await saved).status()).toBe(200);
    await waitForToast(page, '保存成功');
    await page.waitForURL(/taskNo=HT\d+/);
    taskNo = new URL(page.url()).searchParams.get('taskNo') ?? '';
    expect(taskNo).toMatch(/^HT\d{12,}$/);
  });

  it("leaves through Cancel and the 'notice' dialog", async () => {
    const { page } = b;
    await footerButton(page, '取消').click();
    const notice = page.locator('.ant-modal:visible', { hasText: '是否保存为草稿？' });
    await notice.getByText('提示').waitFor();
    await screenshot(page, 'hospital-form-notice-zh');
    // Closing the dialog stays on the form.
    await notice.getByRole('button', { name: /close|关闭/i }).click();
    await notice.waitFor({ state: 'hidden' });
    expect(page.url()).toContain('/drsystem/management/hosp/create');
    // Yes saves the draft, then leaves.
    await footerButton(page, '取消').click();
    const saved = page.waitForResponse((r) => r.url().includes('/providerTask/saveCache'));
    await page
      .locator('.ant-modal:visible', { hasText: '是否保存为草稿？' })
      .getByRole('button', { name: '是' })
      .click();
    expect((await saved).status()).toBe(200);
    await page.waitForURL((url) => !url.pathname.startsWith('/drsystem/management/hosp/create'));
  });

  it('comes back to the draft and submits it', async () => {
    const { page } = b;
    await page.goto(`${b.baseUrl}/drsystem/management/hosp/create?taskNo=${taskNo}`);
    await page.getByRole('heading', { name: '新增医院' }).waitFor();
    await expect
      .poll(() => page.getByLabel('医院中文名称', { exact: true }).inputValue())
      .toBe('北京测试国际医院');
    await expect
      .poll(() => page.locator('#hospital-form-section-photos .ant-upload-list-item-done').count())
      .toBe(4);
    await expect.poll(() => page.locator('#hospital-form-outPatients').innerText()).toContain('呼吸内科');
    await expect.poll(() => page.getByLabel('星期六 备注', { exact: true }).inputValue()).toBe('仅急诊');
    const committed = page.waitForResponse((r) => r.url().includes('/providerTask/commit'));
    await footerButton(page, '提交').click();
    const answer = await committed;
    expect(answer.status()).toBe(200);
    expect(((await answer.json()) as { data: { taskNo: string } }).data.taskNo).toBe(taskNo);
    await waitForToast(page, '提交成功');
    await page.waitForURL(/\/drsystem\/management\/task\?save=true/);
  });
});

describe('hospital form (en): modifyHosp on P10001', () => {
  let b: TBrowser;
  beforeAll(async () => {
    b = await openBrowser({ language: 'en', height: 960 });
    await signIn(b.page, b.baseUrl, 'hospital');
    await b.page.waitForURL((url) => !url.pathname.startsWith('/login'));
  });
  afterAll(async () => {
    await b?.close();
  });

  it('changes a field and submits a change task (createCase)', async () => {
    const { page } = b;
    await page.goto(`${b.baseUrl}/drsystem/management/hosp/modify?providerId=P10001`);
    await page.getByRole('heading', { name: 'Update hospital information' }).waitFor();
    const english = page.getByLabel('Provider English Name', { exact: true });
    await expect.poll(() => english.inputValue()).not.toBe('');
    expect(await footerButton(page, 'Save').count()).toBe(0);
    await page.locator('#hospital-form-section-notes').waitFor();
    await page.locator('#hospital-form-section-attachments').waitFor();
    await expect
      .poll(() => page.locator('#hospital-form-section-photos .ant-upload-list-item-done').count())
      .toBe(4);
    await expect.poll(() => page.locator('.hospital-form .ant-select-loading').count()).toBe(0);
    await expect
      .poll(() =>
        page.locator('.ant-form-item', { has: page.getByLabel('Medical Type', { exact: true }) }).innerText(),
      )
      .toContain('General hospital');
    await screenshot(page, 'hospital-form-en');
    await page.locator('#hospital-form-section-bank').scrollIntoViewIfNeeded();
    await screenshot(page, 'hospital-form-bank-address-en');
    await page.locator('#hospital-form-section-contacts').scrollIntoViewIfNeeded();
    await screenshot(page, 'hospital-form-contacts-en');
    await page.locator('#hospital-form-section-service-time').scrollIntoViewIfNeeded();
    await screenshot(page, 'hospital-form-service-time-en');
    await page.locator('#hospital-form-section-notes').scrollIntoViewIfNeeded();
    await screenshot(page, 'hospital-form-notes-en');

    await fillField(page.getByLabel('Website', { exact: true }), 'https://www.changed-hospital.example.cn');
    const created = page.waitForResponse((r) => r.url().includes('/providerTask/createCase'));
    await footerButton(page, 'Submit').click();
    const answer = await created;
    expect(answer.status()).toBe(200);
    const data = (
      (await answer.json()) as { data: { taskType: string; status: string; compareResult: string } }
    ).data;
    expect(data).toMatchObject({ taskType: '04', status: '01' });
    expect(JSON.parse(data.compareResult)).toContain('webAddr');
    await waitForToast(page, 'Submit success');
    await page.waitForURL(/\/drsystem\/management\/task\?save=true/);
  });
});
