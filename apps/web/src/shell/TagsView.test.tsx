import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../lib/session-store.ts';
import { renderRoutes } from '../test/render.tsx';
import { KeepAliveOutlet } from './KeepAliveOutlet.tsx';
import { useOpenViewsStore } from './open-views-store.ts';
import { RedirectPage } from './RedirectPage.tsx';
import { useSettingsStore } from './settings-store.ts';
import { showsDropToggle, TagsView } from './TagsView.tsx';
import { useTrackOpenViews } from './use-open-views.ts';

function Frame() {
  useTrackOpenViews();
  const kept = useOpenViewsStore((s) => s.cachedViews);
  return (
    <>
      <TagsView />
      <main>
        <KeepAliveOutlet keep={kept} />
      </main>
    </>
  );
}

function FormPage({ label }: { label: string }) {
  const [value, setValue] = useState('');
  return (
    <label>
      {label}
      <input aria-label={label} value={value} onChange={(e) => setValue(e.target.value)} />
    </label>
  );
}

function renderFrame(path: string) {
  return renderRoutes(
    [
      {
        path: '/',
        element: <Frame />,
        children: [
          {
            path: 'dashboard',
            handle: { home: true, affix: true },
            element: <FormPage label="Home input" />,
          },
          { path: 'a', handle: { title: '甲页', titleEn: 'Page A' }, element: <FormPage label="A input" /> },
          { path: 'b', handle: { title: '乙页', titleEn: 'Page B' }, element: <FormPage label="B input" /> },
          {
            path: 'task',
            handle: { title: '任务页', titleEn: 'Task', noCache: true },
            element: <FormPage label="Task input" />,
          },
          {
            path: 'redirect/*',
            handle: { titleKey: 'route.redirect', noCache: true },
            element: <RedirectPage />,
          },
        ],
      },
    ],
    path,
  );
}

const tabs = () =>
  within(screen.getByRole('list', { name: '已打开的页面' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

async function contextAction(tab: string, action: string) {
  fireEvent.contextMenu(screen.getByRole('link', { name: tab }));
  await userEvent.click(await screen.findByRole('menuitem', { name: action }));
}

describe('<TagsView> with kept-alive pages', () => {
  beforeEach(() => {
    useOpenViewsStore.getState().reset();
    useSettingsStore.getState().reset();
    useSessionStore.getState().applyRoutes([
      {
        path: '/dashboard',
        component: 'home/index',
        meta: { title: '首页', titleEn: 'Home', affix: true },
      },
    ]);
  });

  it('opens one tab per path, with the affix home first', async () => {
    const { router } = renderFrame('/a');
    await screen.findByRole('link', { name: '甲页' });
    await act(() => router.navigate('/b'));
    await act(() => router.navigate('/a?page=2'));
    await waitFor(() => expect(tabs()).toEqual(['首页', '甲页', '乙页']));
    expect(screen.getByRole('link', { name: '甲页' }).getAttribute('href')).toBe('/a?page=2');
    expect(screen.getByRole('link', { name: '甲页' }).getAttribute('aria-current')).toBe('page');
  });

  it('keeps the input of a cached page when the user leaves and comes back', async () => {
    const { router } = renderFrame('/a');
    await userEvent.type(await screen.findByRole('textbox', { name: 'A input' }), 'kept text');
    await act(() => router.navigate('/b'));
    expect(await screen.findByRole('textbox', { name: 'B input' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'A input' })).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: '甲页' }));
    expect(((await screen.findByRole('textbox', { name: 'A input' })) as HTMLInputElement).value).toBe(
      'kept text',
    );
  });

  it('does not keep a noCache page: coming back starts it afresh', async () => {
    const { router } = renderFrame('/task');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Task input' }), 'draft');
    await act(() => router.navigate('/a'));
    await screen.findByRole('textbox', { name: 'A input' });
    expect(useOpenViewsStore.getState().cachedViews).not.toContain('/task');
    await userEvent.click(screen.getByRole('link', { name: '任务页' }));
    expect(((await screen.findByRole('textbox', { name: 'Task input' })) as HTMLInputElement).value).toBe('');
  });

  it('right-click: close others keeps the affix tab and the chosen one', async () => {
    const { router } = renderFrame('/a');
    await screen.findByRole('link', { name: '甲页' });
    await act(() => router.navigate('/b'));
    await act(() => router.navigate('/task'));
    await waitFor(() => expect(tabs()).toEqual(['首页', '甲页', '乙页', '任务页']));
    await contextAction('甲页', '关闭其他');
    await waitFor(() => expect(tabs()).toEqual(['首页', '甲页']));
    expect(router.state.location.pathname).toBe('/a');
    expect(useOpenViewsStore.getState().cachedViews).toEqual(['/a']);
  });

  it('close all keeps only the affix tab and goes there; the affix tab has no close button', async () => {
    const { router } = renderFrame('/a');
    await screen.findByRole('link', { name: '甲页' });
    await act(() => router.navigate('/b'));
    await contextAction('乙页', '关闭所有');
    await waitFor(() => expect(tabs()).toEqual(['首页']));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(screen.queryByRole('button', { name: '关闭 首页' })).toBeNull();
  });

  it('closing the active tab goes to the last tab left', async () => {
    const { router } = renderFrame('/a');
    await screen.findByRole('link', { name: '甲页' });
    await act(() => router.navigate('/b'));
    await userEvent.click(await screen.findByRole('button', { name: '关闭 乙页' }));
    await waitFor(() => expect(tabs()).toEqual(['首页', '甲页']));
    expect(router.state.location.pathname).toBe('/a');
  });

  it('refresh remounts the page through /redirect and keeps its query', async () => {
    const { router } = renderFrame('/a?q=1');
    await userEvent.type(await screen.findByRole('textbox', { name: 'A input' }), 'old');
    await contextAction('甲页', '刷新');
    await waitFor(() => expect(router.state.location.pathname).toBe('/a'));
    expect(router.state.location.search).toBe('?q=1');
    expect(((await screen.findByRole('textbox', { name: 'A input' })) as HTMLInputElement).value).toBe('');
    expect(tabs()).toEqual(['首页', '甲页']);
  });

  it('keeps nothing alive while the tags view is switched off', async () => {
    useSettingsStore.getState().change('tagsView', false);
    const { router } = renderFrame('/a');
    await userEvent.type(await screen.findByRole('textbox', { name: 'A input' }), 'gone');
    await act(() => router.navigate('/b'));
    await act(() => router.navigate('/a'));
    expect(((await screen.findByRole('textbox', { name: 'A input' })) as HTMLInputElement).value).toBe('');
  });

  it('shows the drop toggle only on smartPortal paths', () => {
    expect(showsDropToggle('/smartPortal/claims')).toBe(true);
    expect(showsDropToggle('/drsystem/management/list')).toBe(false);
  });
});
