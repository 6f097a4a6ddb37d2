import { screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { feedback, registerFeedback } from './feedback.ts';

describe('feedback', () => {
  // jsdom never ends a CSS transition, so a toast or dialog that leaves with motion stays in the
  // document, its close timer still running. The user's 'reduce motion' setting (which the
  // static holder honours) makes them leave at once.
  beforeAll(() => {
    const matchMedia = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
      ...matchMedia(query),
      matches: query.includes('prefers-reduced-motion: reduce'),
    }));
  });
  // The static toasts close on their own timers; closed and gone before the file ends, React has
  // no work left when the test environment (and its window) is torn down.
  afterAll(async () => {
    const { staticMessage, staticModal } = await import('./feedback-static.tsx');
    staticMessage.destroy();
    staticModal.destroyAll();
    await vi.waitFor(() => expect(document.querySelector('.ant-message-notice, .ant-modal')).toBeNull());
    vi.restoreAllMocks();
  });

  it('uses the static message and modal (loaded on first use) when no App is registered', async () => {
    feedback.error('静态提示 static toast');
    expect(await screen.findByText('静态提示 static toast')).toBeTruthy();
    const answer = feedback.confirm({ title: '确认', content: '继续吗', okText: '确定', cancelText: '取消' });
    (await screen.findByRole('button', { name: '确定' })).click();
    await expect(answer).resolves.toBe(true);
  });

  it("uses the registered App's instances while they are registered", async () => {
    const open = vi.fn();
    const warning = vi.fn();
    const unregister = registerFeedback({
      message: { open } as unknown as Parameters<typeof registerFeedback>[0]['message'],
      modal: { confirm: vi.fn(), warning },
    });
    feedback.success('保存成功');
    feedback.alert({ title: '提醒', content: '会话已过期', okText: '确定' });
    await vi.waitFor(() =>
      expect(open).toHaveBeenCalledWith({ type: 'success', content: '保存成功', duration: 3 }),
    );
    await vi.waitFor(() => expect(warning).toHaveBeenCalledWith(expect.objectContaining({ title: '提醒' })));
    unregister();
    feedback.warning('再次提示 after unregister');
    expect(await screen.findByText('再次提示 after unregister')).toBeTruthy();
    expect(open).toHaveBeenCalledTimes(1);
  });
});
