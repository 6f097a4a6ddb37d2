import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n.ts';
import { renderAt } from '../../test/render.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';

describe('<LanguageSwitch>', () => {
  afterEach(async () => {
    await setLanguage('zh');
  });

  it('shows only the button until used, then opens the dropdown on the first click', async () => {
    renderAt(<LanguageSwitch />);
    const button = await screen.findByRole('button', { name: '语言: 中文' });
    expect(screen.queryByRole('menuitem')).toBeNull();
    await userEvent.click(button);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'English' }));
    expect(await screen.findByRole('button', { name: 'Language: English' })).toBeTruthy();
    expect(window.localStorage.getItem('language')).toBe('en');
  });

  it('opens from the keyboard and keeps the focus on the button', async () => {
    renderAt(<LanguageSwitch />);
    await screen.findByRole('button', { name: '语言: 中文' });
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'English' })).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: '语言: 中文' })),
    );
  });
});
