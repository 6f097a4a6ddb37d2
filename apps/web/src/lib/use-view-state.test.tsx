import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { signInAs } from '../test/api-mock.ts';
import { renderAt } from '../test/render.tsx';
import { useSessionStore } from './session-store.ts';
import { useViewState } from './use-view-state.ts';
import { pageStateName, removeViewState } from './view-state.ts';

function Counter() {
  const [page, setPage] = useViewState('page', { current: 1 });
  return (
    <button type="button" onClick={() => setPage((p) => ({ current: p.current + 1 }))}>
      page {page.current}
    </button>
  );
}

describe('useViewState', () => {
  beforeEach(async () => {
    sessionStorage.clear();
    await signInAs();
  });

  it('survives a remount of the page (a reload), per page path', async () => {
    const first = renderAt(<Counter />, { path: '/drsystem/management/task' });
    await userEvent.click(await screen.findByRole('button', { name: 'page 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'page 2' }));
    first.unmount();
    const again = renderAt(<Counter />, { path: '/drsystem/management/task' });
    expect(await screen.findByRole('button', { name: 'page 3' })).toBeTruthy();
    again.unmount();
    renderAt(<Counter />, { path: '/system/error-log' });
    expect(await screen.findByRole('button', { name: 'page 1' })).toBeTruthy();
  });

  it('is forgotten when its tab closes and when the session ends', async () => {
    const first = renderAt(<Counter />, { path: '/a' });
    await userEvent.click(await screen.findByRole('button', { name: 'page 1' }));
    first.unmount();
    removeViewState('demo/u-1', pageStateName('/a', ''));
    const second = renderAt(<Counter />, { path: '/a' });
    await userEvent.click(await screen.findByRole('button', { name: 'page 1' }));
    second.unmount();
    useSessionStore.getState().clearSession();
    await signInAs();
    renderAt(<Counter />, { path: '/a' });
    expect(await screen.findByRole('button', { name: 'page 1' })).toBeTruthy();
  });
});
