import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, mockApi, signInAs } from '../../../test/api-mock.ts';
import { renderAt } from '../../../test/render.tsx';
import { PasswordForm } from './PasswordForm.tsx';

async function fill(oldPassword: string, next: string, confirm: string) {
  if (oldPassword) await userEvent.type(screen.getByLabelText('旧密码'), oldPassword);
  if (next) await userEvent.type(screen.getByLabelText('新密码'), next);
  if (confirm) await userEvent.type(screen.getByLabelText('确认新密码'), confirm);
  await userEvent.click(screen.getByRole('button', { name: '修改密码' }));
}

describe('<PasswordForm>', () => {
  beforeEach(async () => {
    await signInAs();
  });
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['Abc123', '密码长度为 8 到 15 个字符'],
    ['Abcdefgh1234567X', '密码长度为 8 到 15 个字符'],
    ['Abcd 12345', '密码不能包含空格'],
    ['abcdefghij', '密码至少包含一个字母和一个数字'],
    ['Abc_12345', '密码不能包含 @ _ - . # 字符'],
  ])('refuses the new password %s', async (password, message) => {
    const api = mockApi({});
    renderAt(<PasswordForm />);
    await fill('Portal2026', password, password);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('needs the confirmation to match', async () => {
    mockApi({});
    renderAt(<PasswordForm />);
    await fill('Portal2026', 'Newpass2026', 'Newpass2027');
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
  });

  it("puts the server's 'old password incorrect' on the old password", async () => {
    mockApi({
      'PUT /saasapi/authority/user/password': () => failure(40018, '旧密码不正确', 'Old password incorrect'),
    });
    renderAt(<PasswordForm />);
    await fill('Wrong2026', 'Newpass2026', 'Newpass2026');
    const old = screen.getByLabelText('旧密码');
    await waitFor(() => expect(old.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('旧密码不正确')).toBeTruthy();
  });

  it('sends the change and reports success', async () => {
    const onChanged = vi.fn();
    const api = mockApi({ 'PUT /saasapi/authority/user/password': () => ({ revokedSessions: 2 }) });
    renderAt(<PasswordForm onChanged={onChanged} />);
    await fill('Portal2026', 'Newpass2026', 'Newpass2026');
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(2));
    expect(api.callsTo('/authority/user/password')[0].body).toEqual({
      oldPassword: 'Portal2026',
      newPassword: 'Newpass2026',
      confirmPassword: 'Newpass2026',
    });
  });
});
