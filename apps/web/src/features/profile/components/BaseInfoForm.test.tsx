import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Activity, useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/api-mock.ts';
import { renderAt } from '../../../test/render.tsx';
import type { TUserProfile } from '../api/get-profile.ts';
import { BaseInfoForm } from './BaseInfoForm.tsx';

const saved: TUserProfile = {
  id: 'u1',
  account: 'admin',
  name: '管理员',
  nameEn: 'Admin',
  avatar: '',
  workDescribe: '',
  email: '',
  mobile: '',
  userType: '01',
  providerId: null,
  enabled: true,
  mustChangePassword: false,
  lastLoginAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

/** The form in a kept tab (as the frame's <Activity>), with a refetch that hands a new object. */
function Harness() {
  const [visible, setVisible] = useState(true);
  const [profile, setProfile] = useState(saved);
  return (
    <>
      <button type="button" onClick={() => setVisible((v) => !v)}>
        toggle tab
      </button>
      <button type="button" onClick={() => setProfile((p) => ({ ...p }))}>
        refetch
      </button>
      <button type="button" onClick={() => setProfile((p) => ({ ...p, workDescribe: '已保存的描述' }))}>
        saved elsewhere
      </button>
      <Activity mode={visible ? 'visible' : 'hidden'}>
        <BaseInfoForm profile={profile} />
      </Activity>
    </>
  );
}

describe('<BaseInfoForm>', () => {
  beforeEach(async () => {
    await signInAs();
  });

  it('keeps unsaved typing when its tab is hidden and shown again, and across a refetch', async () => {
    renderAt(<Harness />);
    const work = await screen.findByLabelText('工作描述');
    await userEvent.type(work, '尚未保存');
    await userEvent.click(screen.getByRole('button', { name: 'toggle tab' }));
    await userEvent.click(screen.getByRole('button', { name: 'toggle tab' }));
    expect((screen.getByLabelText('工作描述') as HTMLTextAreaElement).value).toBe('尚未保存');
    await userEvent.click(screen.getByRole('button', { name: 'refetch' }));
    expect((screen.getByLabelText('工作描述') as HTMLTextAreaElement).value).toBe('尚未保存');
  });

  it('takes the saved values when they change', async () => {
    renderAt(<Harness />);
    expect((await screen.findByLabelText('姓名')) as HTMLInputElement).toHaveProperty('value', '管理员');
    await userEvent.click(screen.getByRole('button', { name: 'saved elsewhere' }));
    expect((screen.getByLabelText('工作描述') as HTMLTextAreaElement).value).toBe('已保存的描述');
  });
});
