import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { hospitalPhotoPng } from '../../apps/server/src/features/hospital-tasks/hospital-tasks.seed.ts';
import { fillField, openBrowser, PASSWORD, screenshot, signIn, type TBrowser } from './browser.ts';

type TLang = 'zh' | 'en';

/** The screens' words in each language (the doctors and hospital-tasks locale files). */
const WORDS = {
  zh: {
    doctors: '医生列表',
    create: '新增医生',
    submit: '提交',
    submitted: '提交成功',
    male: '男',
    yes: '是',
    no: '否',
    level: '主任医师',
    chooseDepartments: '选择科室',
    searchDepartments: '搜索科室',
    department: '呼吸内科',
    deptKeyword: '内科',
    confirm: '确定',
    returnLabel: '退回',
    approveLabel: '通过',
    returned: '已退回',
    approved: '审核通过',
    search: '搜索',
    advance: '医生高级查询',
    disease: '疾病',
    doctorName: '医生姓名',
    query: /查\s*询/,
    reset: /重\s*置/,
  },
  en: {
    doctors: 'Doctors',
    create: 'Create doctor',
    submit: 'Submit',
    submitted: 'Submitted',
    male: 'Male',
    yes: 'Yes',
    no: 'No',
    level: 'Chief physician',
    chooseDepartments: 'Choose departments',
    searchDepartments: 'Search departments',
    department: 'Respiratory',
    deptKeyword: 'medicine',
    confirm: 'OK',
    returnLabel: 'Return',
    approveLabel: 'Approve',
    returned: 'Returned',
    approved: 'Approved',
    search: 'Search',
    advance: 'Advanced doctor search',
    disease: 'Disease',
    doctorName: 'Doctor name',
    query: /^Search$/,
    reset: /^Reset$/,
  },
} as const;

/** A button by its exact text, allowing the space Ant Design puts between two Chinese characters. */
const button = (page: Page, name: string) =>
  page.getByRole('button', { name: new RegExp(`^${name.split('').join('\\s?')}$`) });

async function waitForToast(page: Page, text: string) {
  await page.locator('.ant-message-notice', { hasText: text }).first().waitFor();
}

async function signedIn(language: TLang, account: string): Promise<TBrowser> {
  const b = await openBrowser({ language });
  await signIn(b.page, b.baseUrl, account, PASSWORD, 'demo');
  await b.page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return b;
}

function photoFile(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'doctor-photo-')), 'doctor.png');
  writeFileSync(file, hospitalPhotoPng([52, 152, 219], [255, 255, 255], 120, 160));
  return file;
}

/** The form item of a label (the doctors locale's field names). */
const item = (page: Page, label: string) =>
  page.locator('.ant-form-item', { has: page.locator(`label:text-is("${label}")`) });

async function decide(b: TBrowser, lang: TLang, taskNo: string, result: 'return' | 'approve') {
  const w = WORDS[lang];
  const { page, baseUrl } = b;
  await page.goto(`${baseUrl}/drsystem/management/task-audit/med/${taskNo}`);
  await page.locator('form#doctorAudit').waitFor();
  await page
    .locator('form#doctorAudit')
    .getByText(result === 'return' ? w.returnLabel : w.approveLabel, { exact: true })
    .click();
  if (result === 'return') {
    await fillField(
      page.locator('form#doctorAudit textarea'),
      lang === 'zh' ? '请补充英文擅长' : 'Please add the English expertise',
    );
    await screenshot(page, `doctor-audit-${lang}`, { fullPage: true });
  }
  const answer = page.waitForResponse((r) => r.url().includes(`/task-audit/med/${taskNo}`));
  await page
    .locator('form#doctorAudit')
    .getByRole('button', { name: new RegExp(`^${w.submit.split('').join('\\s?')}$`) })
    .click();
  expect((await answer).status()).toBe(200);
  await waitForToast(page, result === 'return' ? w.returned : w.approved);
}

async function createReturnResubmitApprove(lang: TLang) {
  const w = WORDS[lang];
  const hospital = await signedIn(lang, 'hospital');
  const auditor = await signedIn(lang, 'auditor');
  opened.push(hospital, auditor);
  const { page, baseUrl } = hospital;
  const certificateNo = `E2E${lang.toUpperCase()}${Date.now().toString().slice(-8)}`;
  // Each language's doctor has its own given name, so a name search finds exactly that one.
  const given = lang === 'zh' ? { cn: '华', en: 'Hua' } : { cn: '安', en: 'An' };

  // hospital: the doctor list, then Doctor Creation with photo and departments.
  await page.goto(`${baseUrl}/drsystem/management/doctor`);
  await page.getByRole('heading', { name: w.doctors }).waitFor();
  await page.getByRole('button', { name: w.create }).click();
  await page.locator('form#doctorForm').waitFor();
  await fillField(page.locator('#doctorForm_certificateNo'), certificateNo);
  await fillField(page.locator('#doctorForm_cnLastName'), '李');
  await fillField(page.locator('#doctorForm_cnFirstName'), given.cn);
  await fillField(page.locator('#doctorForm_enLastName'), 'Li');
  await fillField(page.locator('#doctorForm_enFirstName'), given.en);
  await page.locator('#doctorForm_gender').getByText(w.male, { exact: true }).click();
  await page.locator('#doctorForm_multiPractice').getByText(w.no, { exact: true }).click();
  await page.locator('#doctorForm_externalDisplay').getByText(w.yes, { exact: true }).click();
  await page.locator('#doctorForm_professionalLevel').click();
  await page.locator('.ant-select-dropdown:visible').getByText(w.level, { exact: true }).click();
  await page.locator('#doctorForm_languages').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  await page.keyboard.press('Escape');
  await fillField(page.locator('#doctorForm_expertiseCn'), '慢性阻塞性肺病');

  await page.getByRole('button', { name: w.chooseDepartments }).click();
  const dialog = page.locator('.ant-modal:visible');
  await fillField(dialog.getByLabel(w.searchDepartments), w.deptKeyword);
  const row = dialog.locator('.ant-table-row', { hasText: w.department }).first();
  await row.waitFor();
  await row.locator('input[type=checkbox]').check();
  await dialog.getByRole('button', { name: new RegExp(`^${w.confirm.split('').join('\\s?')}$`) }).click();
  await dialog.waitFor({ state: 'hidden' });
  await item(page, lang === 'zh' ? '科室' : 'Departments')
    .locator('.ant-tag', { hasText: w.department })
    .waitFor();

  await page.locator('form#doctorForm input[type=file]').setInputFiles(photoFile());
  await page
    .locator(
      'form#doctorForm .ant-upload-list-item-done, form#doctorForm .ant-upload-list-item:not(.ant-upload-list-item-uploading)',
    )
    .first()
    .waitFor();
  await screenshot(page, `doctor-form-${lang}`, { fullPage: true });

  const created = page.waitForResponse((r) => r.url().includes('/drsystem/management/create'));
  await page
    .locator('.doctor-form-footer')
    .getByRole('button', { name: new RegExp(`^${w.submit.split('').join('\\s?')}$`) })
    .click();
  const createdAnswer = await created;
  expect(createdAnswer.status()).toBe(200);
  const taskNo = (await createdAnswer.json()).data.taskNo as string;
  expect(taskNo).toMatch(/^DT\d{12,}$/);
  await waitForToast(page, w.submitted);
  await page.waitForURL(/\/drsystem\/management\/task\?save=true/);
  await page.locator('.ant-table-row', { hasText: taskNo }).waitFor();
  await screenshot(page, `doctor-task-list-${lang}`);

  // auditor returns it.
  await decide(auditor, lang, taskNo, 'return');

  // hospital resubmits the returned task.
  await page.goto(`${baseUrl}/drsystem/management/task-detail/${taskNo}`);
  await page.locator('[data-status="04"]').waitFor();
  await screenshot(page, `doctor-task-detail-${lang}`, { fullPage: true });
  await page.goto(`${baseUrl}/drsystem/management/task-update/${taskNo}`);
  await page.locator('form#doctorForm').waitFor();
  await expect.poll(() => page.locator('#doctorForm_certificateNo').inputValue()).toBe(certificateNo);
  await fillField(page.locator('#doctorForm_expertiseEn'), 'Chronic obstructive pulmonary disease');
  const resubmitted = page.waitForResponse((r) => r.url().includes(`/task-update/${taskNo}`));
  await page
    .locator('.doctor-form-footer')
    .getByRole('button', { name: new RegExp(`^${w.submit.split('').join('\\s?')}$`) })
    .click();
  expect((await resubmitted).status()).toBe(200);
  await waitForToast(page, w.submitted);

  // auditor approves it.
  await decide(auditor, lang, taskNo, 'approve');

  // The doctor is in the provider's doctor list.
  await page.goto(`${baseUrl}/drsystem/management/doctor`);
  await fillField(page.locator('#doctorSearch_keyword'), certificateNo);
  await button(page, w.search).click();
  await page.locator('.ant-table-row', { hasText: certificateNo }).waitFor();
  await page.locator('.ant-table-row', { hasText: certificateNo }).getByText(`李${given.cn}`).waitFor();
  await screenshot(page, `doctor-list-${lang}`);

  // auditor finds the approved doctor in the advanced search, by disease and by name.
  const search = auditor.page;
  const main = search.getByRole('main');
  const shownName = lang === 'zh' ? `李${given.cn}` : `${given.en} Li`;
  await search.goto(`${auditor.baseUrl}/drsystem/info/advance`);
  await search.getByRole('heading', { name: w.advance }).waitFor();
  await main.getByLabel(w.disease, { exact: true }).fill('obstructive pulmonary');
  await main.getByRole('button', { name: w.query }).click();
  await main.getByRole('cell', { name: shownName }).first().waitFor();
  await main.getByRole('button', { name: w.reset }).click();
  await main.getByLabel(w.doctorName, { exact: true }).fill(lang === 'zh' ? `李${given.cn}` : given.en);
  await main.getByRole('button', { name: w.query }).click();
  await main.getByRole('cell', { name: shownName }).first().waitFor();
  await expect.poll(() => main.getByRole('row').count()).toBe(2);
  await screenshot(search, `doctor-search-${lang}`);
}

const opened: TBrowser[] = [];
afterAll(async () => {
  for (const b of opened) await b.close();
});

describe('doctor tasks: create with photo and departments, return, resubmit, approve, find in search', () => {
  it('in Chinese', async () => {
    await createReturnResubmitApprove('zh');
  });
  it('in English', async () => {
    await createReturnResubmitApprove('en');
  });
});
