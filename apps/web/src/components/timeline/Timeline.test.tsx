import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { testQueryClient } from '../../test/render.tsx';
import { Timeline } from './Timeline.tsx';
import { timelineRows } from './timeline-rows.ts';

const entries = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    key: `e${i + 1}`,
    title: `2026-01-0${i + 1}`,
    content: `第 ${i + 1} 步`,
  }));

const shownSteps = () => screen.queryAllByText(/^第 \d 步$/).map((el) => el.textContent);

describe('timeline rows', () => {
  it('shows up to 3 items as they are', () => {
    expect(timelineRows([1, 2, 3], false).map((r) => r.kind)).toEqual(['item', 'item', 'item']);
  });

  it('collapses more than 3 items to the first two, a More row and the last', () => {
    const rows = timelineRows([1, 2, 3, 4, 5], false);
    expect(rows).toEqual([
      { kind: 'item', item: 1, index: 0 },
      { kind: 'item', item: 2, index: 1 },
      { kind: 'more', hidden: 2 },
      { kind: 'item', item: 5, index: 4 },
    ]);
    expect(timelineRows([1, 2, 3, 4], true).map((r) => r.kind)).toEqual([
      'item',
      'item',
      'item',
      'item',
      'less',
    ]);
  });
});

describe('<Timeline>', () => {
  it('expands with More and collapses again with Less', async () => {
    render(
      <AppProviders queryClient={testQueryClient()}>
        <Timeline items={entries(5)} />
      </AppProviders>,
    );
    expect(shownSteps()).toEqual(['第 1 步', '第 2 步', '第 5 步']);
    await userEvent.click(screen.getByRole('button', { name: /展开其余 2 条/ }));
    expect(shownSteps()).toEqual(['第 1 步', '第 2 步', '第 3 步', '第 4 步', '第 5 步']);
    await userEvent.click(screen.getByRole('button', { name: /收起/ }));
    expect(shownSteps()).toEqual(['第 1 步', '第 2 步', '第 5 步']);
  });

  it('has no More row with 3 items', () => {
    render(
      <AppProviders queryClient={testQueryClient()}>
        <Timeline items={entries(3)} />
      </AppProviders>,
    );
    expect(shownSteps()).toHaveLength(3);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
