import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, signInAs } from '../../../test/api-mock.ts';
import { renderAt } from '../../../test/render.tsx';
import { AdvanceSearchPage } from './AdvanceSearchPage.tsx';

const ROW = {
  doctorId: 'd1',
  cnName: '王建国',
  enName: 'Jianguo Wang',
  gender: '1',
  professionalLevel: '01',
  languages: ['01'],
  expertiseCn: '2型糖尿病的胰岛素治疗',
  expertiseEn: 'Insulin therapy of type 2 diabetes',
  recommendRating: 4,
  providerId: 'P10001',
  providerCnName: '北京和睦国际医院',
  providerEnName: 'Beijing Harmony International Hospital',
  departments: [],
  score: 5,
  matches: [
    { criterion: 'disease', via: 'expertise', cnText: '2型糖尿病', enText: 'Type 2 diabetes mellitus' },
  ],
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('<AdvanceSearchPage>', () => {
  it('refuses a search without a criterion, then searches by disease and shows the doctor and hospital', async () => {
    await signInAs({ permissions: ['drsystem:info:*'], roles: ['AUDITOR'] });
    const api = mockApi({
      'POST /saasapi/drsystem/info/advance': () => ({ records: [ROW], current: 1, size: 10, total: 1 }),
    });
    renderAt(<AdvanceSearchPage />);
    expect(await screen.findByRole('heading', { name: '医生高级查询' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    expect(await screen.findByText('请至少输入症状、疾病、治疗方式或医生姓名中的一项')).toBeTruthy();
    expect(api.callsTo('/drsystem/info/advance')).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('疾病'), '糖尿病');
    await userEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    expect(await screen.findByText('王建国')).toBeTruthy();
    expect(screen.getByRole('button', { name: '北京和睦国际医院' })).toBeTruthy();
    expect(screen.getByText('擅长: 2型糖尿病')).toBeTruthy();
    const [sent] = api.callsTo('/drsystem/info/advance');
    expect(sent?.body).toMatchObject({ disease: '糖尿病', symptom: '', current: 1, size: 10 });
  });
});
