/** Rows of a collapsible timeline (claims spec section 4 "Timeline"). */

/** Above this many items the timeline collapses. */
export const TIMELINE_COLLAPSE_AFTER = 3;

export type TTimelineRow<T> =
  | { kind: 'item'; item: T; index: number }
  | { kind: 'more'; hidden: number }
  | { kind: 'less' };

/**
 * With more than 3 items, collapsed: the first two, a More row, the last. Expanded: every
 * item and a Less row. Three items or fewer: just the items.
 */
export function timelineRows<T>(items: readonly T[], expanded: boolean): TTimelineRow<T>[] {
  const all = items.map((item, index) => ({ kind: 'item' as const, item, index }));
  if (items.length <= TIMELINE_COLLAPSE_AFTER) return all;
  if (expanded) return [...all, { kind: 'less' }];
  return [all[0], all[1], { kind: 'more', hidden: items.length - 3 }, all[all.length - 1]];
}
