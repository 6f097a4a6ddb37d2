import type { TWorkflowState } from '@portal/domain/workflow/rules';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { mockApi, signInAs } from '../../../test/api-mock.ts';
import { renderAt } from '../../../test/render.tsx';
import { WorkflowPage } from './WorkflowPage.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('zh');
});

const STATE: TWorkflowState = {
  settings: [
    { taskType: 'hospital', auditorRoleCode: null, overdueDays: 30, configured: false },
    { taskType: 'doctor', auditorRoleCode: 'AUDITOR', overdueDays: 45, configured: true },
  ],
  defaultOverdueDays: 30,
  roles: [
    { code: 'AUDITOR', name: '审核员', nameEn: 'Auditor', enabled: true },
    { code: 'NET_VIEW', name: '网络视图用户', nameEn: 'Network-view user', enabled: true },
  ],
};

describe('<WorkflowPage>', () => {
  it("saves a task type's overdue period and refuses a bad one in the form, in English", async () => {
    await i18n.changeLanguage('en');
    await signInAs({ permissions: ['*'], roles: ['SUPER_ADMIN'] });
    const calls = mockApi({
      'GET /saasapi/authority/workflow': () => STATE,
      'PUT /saasapi/authority/workflow': (call) => {
        const body = call.body as { taskType: string; overdueDays: number; auditorRoleCode: string | null };
        return {
          ...STATE,
          settings: STATE.settings.map((s) =>
            s.taskType === body.taskType ? { ...s, ...body, configured: true } : s,
          ),
        };
      },
    });
    renderAt(<WorkflowPage />);
    const days = await screen.findByLabelText('Hospital tasks (add and update hospital) Overdue period');
    expect(screen.getByText('Portal default (30 days, no role)')).toBeTruthy();
    await userEvent.clear(days);
    await userEvent.type(days, '0');
    await userEvent.click(screen.getAllByRole('button', { name: /Save/ })[0]);
    expect(
      await screen.findByText('The overdue period is a whole number of days from 1 to 3650'),
    ).toBeTruthy();
    expect(calls.callsTo('/authority/workflow').filter((c) => c.method === 'PUT')).toHaveLength(0);
    await userEvent.clear(days);
    await userEvent.type(days, '12');
    await userEvent.click(screen.getAllByRole('button', { name: /Save/ })[0]);
    await waitFor(() =>
      expect(calls.callsTo('/authority/workflow').find((c) => c.method === 'PUT')?.body).toEqual({
        taskType: 'hospital',
        auditorRoleCode: null,
        overdueDays: 12,
      }),
    );
    expect(
      await screen.findByText('Workflow of Hospital tasks (add and update hospital) saved'),
    ).toBeTruthy();
  });

  it('shows 403 without the permission, in Chinese', async () => {
    await signInAs({ permissions: ['authority:role:view'] });
    const calls = mockApi({ 'GET /saasapi/authority/workflow': () => STATE });
    renderAt(<WorkflowPage />);
    expect(await screen.findByText('您没有查看流程配置的权限。')).toBeTruthy();
    expect(calls.callsTo('/authority/workflow')).toHaveLength(0);
  });
});
