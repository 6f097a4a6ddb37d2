import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiAs } from './api.ts';
import { openBrowser, settled, signIn, type TBrowser } from './browser.ts';
import { portalBaseUrl } from './portal.ts';

let b: TBrowser | null = null;
afterEach(async () => {
  await b?.close();
  b = null;
});

/** An approved doctor of the demo hospital P10001: the hospital submits the add task, the auditor approves it. */
async function approvedDoctor(baseUrl: string) {
  const hospital = await apiAs(baseUrl, 'hospital');
  const task = await hospital.call('POST', '/drsystem/management/create', {
    certificateNo: `E2EKB${Date.now()}`,
    cnLastName: '欧阳',
    cnFirstName: '知远',
    enLastName: 'Ouyang',
    enFirstName: 'Zhiyuan',
    gender: '1',
    multiPractice: '02',
    externalDisplay: '01',
    languages: ['01', '02'],
    professionalLevel: '01',
    expertiseCn: '2型糖尿病及其并发症的诊治',
    expertiseEn: 'Type 2 diabetes and its complications',
    serviceOverviewCn: '内分泌科门诊',
    serviceOverviewEn: 'Endocrinology clinic',
    departments: ['03.07'],
    practiceEndDate: '2035-12-31',
    collectors: ['李娜'],
    submit: true,
  });
  const auditor = await apiAs(baseUrl, 'auditor');
  await auditor.call('POST', `/drsystem/management/task-audit/${task.taskNo}`, {
    auditResult: '01',
    returnReason: '',
  });
}

beforeAll(async () => {
  await approvedDoctor(portalBaseUrl());
});

const TEXT = {
  zh: {
    group: '医生查询与知识库',
    item: '医生高级查询',
    disease: '疾病',
    name: '医生姓名',
    diseaseQuery: '糖尿病',
    nameQuery: '欧阳知远',
    doctor: '欧阳知远',
    search: /查\s*询/,
    reset: /重\s*置/,
    hospital: '北京和睦国际医院',
    detail: '医院详情',
  },
  en: {
    group: 'Doctor search and knowledge',
    item: 'Advanced doctor search',
    disease: 'Disease',
    name: 'Doctor name',
    diseaseQuery: 'diabetes',
    nameQuery: 'Zhiyuan',
    doctor: 'Zhiyuan Ouyang',
    search: /^Search$/,
    reset: /^Reset$/,
    hospital: 'Beijing Harmony International Hospital',
    detail: 'Hospital detail',
  },
} as const;

async function searchFor(page: Page, label: string, value: string, text: (typeof TEXT)['zh' | 'en']) {
  const main = page.getByRole('main');
  await main.getByRole('button', { name: text.reset }).click();
  await main.getByLabel(label, { exact: true }).fill(value);
  await main.getByRole('button', { name: text.search }).click();
  await main.getByRole('cell', { name: text.doctor }).first().waitFor();
}

for (const lang of ['zh', 'en'] as const) {
  describe(`advanced doctor search (auditor, ${lang})`, () => {
    it('finds an approved doctor by disease and by name, and opens the hospital', async () => {
      b = await openBrowser({ language: lang });
      const { page, baseUrl } = b;
      const text = TEXT[lang];
      await signIn(page, baseUrl, 'auditor');
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      const group = page.getByRole('menuitem', { name: text.group });
      await group.click();
      await page.getByRole('menuitem', { name: text.item }).click();
      await page.waitForURL(`${baseUrl}/drsystem/info/advance`);
      await page.getByRole('heading', { name: text.item }).waitFor();

      await searchFor(page, text.disease, text.diseaseQuery, text);
      const row = page.getByRole('row').filter({ hasText: text.doctor });
      await expect.poll(() => row.count()).toBeGreaterThan(0);
      await searchFor(page, text.name, text.nameQuery, text);
      await expect.poll(() => page.getByRole('main').getByRole('row').count()).toBe(2);

      await row.first().getByRole('button', { name: text.hospital }).click();
      await page.waitForURL((url) => url.pathname === '/drsystem/info/query/infoDetail');
      expect(new URL(page.url()).searchParams.get('providerId')).toBe('P10001');
      await page.getByRole('heading', { name: text.detail }).waitFor();
      await settled(page);
      await expect.poll(() => page.getByRole('main').getByText(text.hospital).count()).toBeGreaterThan(0);
    });
  });
}
