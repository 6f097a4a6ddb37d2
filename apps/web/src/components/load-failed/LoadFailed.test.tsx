import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http.ts';
import { renderRoutes } from '../../test/render.tsx';
import { LoadFailed } from './LoadFailed.tsx';

function show(error: unknown) {
  const onRetry = vi.fn();
  const view = renderRoutes(
    [
      {
        path: '/task/1',
        element: (
          <LoadFailed
            error={error}
            title="任务加载失败"
            onRetry={onRetry}
            backTo="/tasks"
            backLabel="返回任务列表"
          />
        ),
      },
      { path: '/tasks', element: <p>task list</p> },
    ],
    '/task/1',
  );
  return { ...view, onRetry };
}

const answer = (status: number, kind: 'http' | 'business' = 'http') =>
  new ApiError({ kind, msg: '无权查看', msgEn: 'No permission', status });

describe('LoadFailed', () => {
  it('says a missing record is missing and offers the way back, not a Retry', async () => {
    const { router } = show(answer(404));
    expect(await screen.findByText('该记录不存在或已被删除')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '返回任务列表' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tasks'));
  });

  it('shows the reason of a refusal with the way back', async () => {
    show(answer(403, 'business'));
    expect(await screen.findByText('任务加载失败')).toBeTruthy();
    expect(screen.getByText('无权查看')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
  });

  it.each([
    ['a server error', answer(500)],
    ['a time-out', new ApiError({ kind: 'timeout', msg: '请求超时', msgEn: 'Request timeout' })],
    ['throttling', answer(429)],
    ['an unknown failure', new Error('boom')],
  ])('offers Retry after %s', async (_name, error) => {
    const { onRetry } = show(error);
    await userEvent.click(await screen.findByRole('button', { name: '重试' }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(screen.queryByRole('button', { name: '返回任务列表' })).toBeNull();
  });
});
