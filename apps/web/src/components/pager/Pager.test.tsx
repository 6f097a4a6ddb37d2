import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { i18n } from '../../lib/i18n.ts';
import { testQueryClient } from '../../test/render.tsx';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, Pager } from './Pager.tsx';

function Harness({
  onChange,
  total = 123,
  totalCapped,
}: {
  onChange: (current: number, size: number) => void;
  total?: number;
  totalCapped?: boolean;
}) {
  const [page, setPage] = useState({ current: 3, size: DEFAULT_PAGE_SIZE });
  return (
    <Pager
      current={page.current}
      pageSize={page.size}
      total={total}
      totalCapped={totalCapped}
      onChange={(current, size) => {
        onChange(current, size);
        setPage({ current, size });
      }}
    />
  );
}

function renderPager(onChange = vi.fn(), props: { total?: number; totalCapped?: boolean } = {}) {
  render(
    <AppProviders queryClient={testQueryClient()}>
      <Harness onChange={onChange} {...props} />
    </AppProviders>,
  );
  return onChange;
}

describe('<Pager>', () => {
  it('offers the sizes 5, 10, 20, 30, 50 with 10 by default, and shows the total', async () => {
    expect(PAGE_SIZES).toEqual([5, 10, 20, 30, 50]);
    renderPager();
    expect(screen.getByText('共 123 条')).toBeTruthy();
    const sizer = screen.getByRole('combobox');
    expect(sizer.closest('.ant-select')?.textContent).toBe('10 条/页');
    await userEvent.click(sizer);
    const list = await screen.findByRole('listbox');
    const options = within(list.parentElement as HTMLElement)
      .getAllByRole('option')
      .map((o) => o.textContent ?? o.getAttribute('aria-label'));
    expect(options.map((o) => Number.parseInt(String(o), 10))).toEqual([5, 10, 20, 30, 50]);
  });

  it('goes back to page 1 when the size changes', async () => {
    const onChange = renderPager();
    await userEvent.click(screen.getByRole('combobox'));
    const twenty = await screen.findAllByText(/^20 条\/页$/);
    await userEvent.click(twenty[twenty.length - 1]);
    expect(onChange).toHaveBeenLastCalledWith(1, 20);
  });

  it('says "more than" a capped total and pages up to the cap', async () => {
    await i18n.changeLanguage('zh');
    const onChange = renderPager(vi.fn(), { total: 10_000, totalCapped: true });
    expect(screen.getByText('超过 10,000 条')).toBeTruthy();
    expect(screen.queryByText('共 10000 条')).toBeNull();
    // 10,000 rows at 10 a page: the last page offered is 1,000, and it can be chosen.
    const last = screen.getByTitle('1000');
    await userEvent.click(last);
    expect(onChange).toHaveBeenLastCalledWith(1000, 10);
    expect(screen.queryByTitle('1001')).toBeNull();
  });

  it('says "more than" a capped total in English, and an exact total as before', async () => {
    await i18n.changeLanguage('en');
    renderPager(vi.fn(), { total: 10_000, totalCapped: true });
    expect(screen.getByText('More than 10,000')).toBeTruthy();
    cleanup();
    renderPager(vi.fn(), { total: 10_000, totalCapped: false });
    expect(screen.getByText('10000 in total')).toBeTruthy();
  });

  it('shows the total in English', async () => {
    await i18n.changeLanguage('en');
    renderPager();
    expect(screen.getByText('123 in total')).toBeTruthy();
  });
});
