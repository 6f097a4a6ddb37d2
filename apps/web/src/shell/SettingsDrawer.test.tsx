import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { theme } from 'antd';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../app/providers.tsx';
import { clearAllExceptLanguage, clearSessionStorage } from '../lib/storage.ts';
import { testQueryClient } from '../test/render.tsx';
import { SettingsDrawer } from './SettingsDrawer.tsx';
import { DEFAULT_SETTINGS, readSettings, THEME_PRESETS, useSettingsStore } from './settings-store.ts';
import { useShellStore } from './shell-store.ts';

function PrimaryProbe() {
  const { token } = theme.useToken();
  return <output aria-label="primary">{token.colorPrimary}</output>;
}

function renderDrawer() {
  act(() => useShellStore.getState().setSettingsOpen(true));
  return render(
    <AppProviders queryClient={testQueryClient()}>
      <SettingsDrawer />
      <PrimaryProbe />
    </AppProviders>,
  );
}

const stored = () => JSON.parse(window.localStorage.getItem('SETTINGS') ?? 'null');

describe('settings', () => {
  beforeEach(() => {
    useSettingsStore.getState().reset();
  });

  it('has 9 theme presets with the portal orange first', () => {
    expect(THEME_PRESETS).toHaveLength(9);
    expect(THEME_PRESETS[0]).toBe('#F89000');
    expect(new Set(THEME_PRESETS).size).toBe(9);
    expect(DEFAULT_SETTINGS).toEqual({
      themeColor: '#F89000',
      uniqueOpened: false,
      tagsView: true,
      fixedHeader: true,
      sidebarLogo: true,
    });
  });

  it("stores the choices in this browser, and Ant Design's primary colour follows the theme colour", async () => {
    renderDrawer();
    expect(screen.getByLabelText('primary').textContent?.toUpperCase()).toBe('#F89000');
    await userEvent.click(screen.getByRole('radio', { name: '主题色 #13C2C2' }));
    expect(screen.getByLabelText('primary').textContent?.toUpperCase()).toBe('#13C2C2');
    await userEvent.click(screen.getByRole('switch', { name: '开启页面标签' }));
    await userEvent.click(screen.getByRole('switch', { name: '侧边栏只保持一个子菜单展开' }));
    await userEvent.click(screen.getByRole('switch', { name: '固定顶部' }));
    await userEvent.click(screen.getByRole('switch', { name: '侧边栏显示 Logo' }));
    const expected = {
      themeColor: '#13C2C2',
      uniqueOpened: true,
      tagsView: false,
      fixedHeader: false,
      sidebarLogo: false,
    };
    expect(stored()).toEqual(expected);
    // A new page (or tab) reads them back.
    expect(readSettings()).toEqual(expected);
  });

  it('takes a custom colour from the colour chooser, in upper case', () => {
    renderDrawer();
    const chooser = screen.getByLabelText('自定义颜色');
    expect((chooser as HTMLInputElement).value).toBe('#f89000');
    fireEvent.change(chooser, { target: { value: '#2f54eb' } });
    expect(screen.getByLabelText('primary').textContent?.toUpperCase()).toBe('#2F54EB');
    expect(stored().themeColor).toBe('#2F54EB');
    expect(screen.getByText('#2F54EB')).toBeTruthy();
  });

  it('keeps settings when a session ends, and clears them at logout like everything but the language', () => {
    useSettingsStore.getState().change('themeColor', '#6959cd');
    clearSessionStorage();
    expect(readSettings().themeColor).toBe('#6959CD');
    clearAllExceptLanguage();
    expect(readSettings()).toEqual(DEFAULT_SETTINGS);
  });

  it('ignores malformed stored settings', () => {
    window.localStorage.setItem(
      'SETTINGS',
      JSON.stringify({ themeColor: 'red', tagsView: 'yes', fixedHeader: false }),
    );
    expect(readSettings()).toEqual({ ...DEFAULT_SETTINGS, fixedHeader: false });
    window.localStorage.setItem('SETTINGS', '{not json');
    expect(readSettings()).toEqual(DEFAULT_SETTINGS);
  });

  it('restores the defaults', async () => {
    useSettingsStore.getState().change('sidebarLogo', false);
    renderDrawer();
    await userEvent.click(screen.getByRole('button', { name: '恢复默认设置' }));
    expect(useSettingsStore.getState().sidebarLogo).toBe(true);
    expect(window.localStorage.getItem('SETTINGS')).toBeNull();
  });
});
