import { useEffect, useRef } from 'react';

/** The parts of an Ant Design table that scroll when it is wider or taller than its box. */
const SCROLLING_PARTS = '.ant-table-content, .ant-table-body';

/**
 * Lets keyboard users scroll a table that scrolls sideways or down: its scrolling part becomes
 * a named, focusable region (arrow keys scroll it once focused; WCAG 2.1.1, axe-core's
 * scrollable-region-focusable). Put the returned ref on an element around the table.
 */
export function useScrollRegion<T extends HTMLElement>(label: string) {
  const ref = useRef<T>(null);
  useEffect(() => {
    for (const part of ref.current?.querySelectorAll<HTMLElement>(SCROLLING_PARTS) ?? []) {
      if (part.tabIndex !== 0) part.tabIndex = 0;
      if (part.getAttribute('role') !== 'region') part.setAttribute('role', 'region');
      if (part.getAttribute('aria-label') !== label) part.setAttribute('aria-label', label);
    }
  });
  return ref;
}
