import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useOnOpen } from './use-on-open.ts';

describe('useOnOpen', () => {
  it('fills on opening and on a new subject, not on a re-render or a re-run of effects', () => {
    const fill = vi.fn();
    const a = { id: 'a' };
    const { rerender, unmount } = renderHook(({ open, subject }) => useOnOpen(open, subject, fill), {
      initialProps: { open: false, subject: a as unknown },
    });
    expect(fill).not.toHaveBeenCalled();
    rerender({ open: true, subject: a });
    expect(fill).toHaveBeenCalledTimes(1);
    rerender({ open: true, subject: a });
    expect(fill).toHaveBeenCalledTimes(1);
    rerender({ open: true, subject: { id: 'b' } });
    expect(fill).toHaveBeenCalledTimes(2);
    rerender({ open: false, subject: a });
    rerender({ open: true, subject: a });
    expect(fill).toHaveBeenCalledTimes(3);
    unmount();
  });
});
