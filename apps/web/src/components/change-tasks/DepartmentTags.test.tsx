import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  dictionaryAnswer,
  fail,
  mockApi,
  signInHospital,
} from '../../features/hospital-tasks/test/hospital-fixtures.ts';
import { renderAt } from '../../test/render.tsx';
import { DepartmentTags } from './DepartmentPicker.tsx';

beforeEach(() => signInHospital());
afterEach(() => vi.unstubAllGlobals());

describe('<DepartmentTags>', () => {
  it('shows a skeleton in the tag, not the code, until the departments load', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    mockApi({
      'POST /oauth/dictionary/codes': async ({ body }) => {
        await gate;
        return dictionaryAnswer(body);
      },
    });
    renderAt(<DepartmentTags value={['02']} />);
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(screen.queryByText('02')).toBeNull();
    release();
    expect(await screen.findByText('内科')).toBeTruthy();
  });

  it('offers a retry instead of the codes when the departments cannot load', async () => {
    let failing = true;
    mockApi({
      'POST /oauth/dictionary/codes': ({ body }) =>
        failing ? fail(500, 50000, '系统内部错误', 'Internal system error') : dictionaryAnswer(body),
    });
    renderAt(<DepartmentTags value={['02']} />);
    expect((await screen.findByRole('alert')).textContent).toContain('名称加载失败');
    expect(screen.queryByText('02')).toBeNull();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('内科')).toBeTruthy();
  });
});
