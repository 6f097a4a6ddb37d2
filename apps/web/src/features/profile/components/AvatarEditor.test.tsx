import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session-store.ts';
import { mockApi, signInAs } from '../../../test/api-mock.ts';
import { renderAt } from '../../../test/render.tsx';
import { AvatarEditor, avatarFileIssue } from './AvatarEditor.tsx';

describe('avatar rules', () => {
  it('takes jpg and png up to 10 MB', () => {
    expect(avatarFileIssue({ name: 'me.PNG', size: 1000 })).toBeNull();
    expect(avatarFileIssue({ name: 'me.jpeg', size: 10 * 1024 * 1024 })).toBeNull();
    expect(avatarFileIssue({ name: 'me.gif', size: 1000 })).toBe('type');
    expect(avatarFileIssue({ name: 'me.jpg', size: 10 * 1024 * 1024 + 1 })).toBe('size');
  });
});

describe('<AvatarEditor>', () => {
  beforeEach(async () => {
    await signInAs();
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('previews the chosen image, then uploads it and makes it the avatar', async () => {
    const api = mockApi({
      'POST /saasapi/authority/user/avatar/upload': () => ({
        id: 'a1.png',
        url: '/saasapi/authority/user/avatar/a1.png',
        size: 3,
        contentType: 'image/png',
      }),
      'PUT /saasapi/authority/user/avatar': () => ({
        id: 'u-1',
        avatar: '/saasapi/authority/user/avatar/a1.png',
      }),
    });
    renderAt(<AvatarEditor avatar="" />);
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.upload(input, new File(['png'], 'me.png', { type: 'image/png' }));
    expect((await screen.findByRole('img', { name: '新头像预览' })).getAttribute('src')).toBe('blob:preview');
    expect(api.calls).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: '保存头像' }));
    await waitFor(() => expect(api.callsTo('/authority/user/avatar')).toHaveLength(1));
    expect(api.callsTo('/authority/user/avatar')[0].body).toEqual({ avatar: 'a1.png' });
    await waitFor(() =>
      expect(useSessionStore.getState().user?.avatar).toBe('/saasapi/authority/user/avatar/a1.png'),
    );
  });
});
