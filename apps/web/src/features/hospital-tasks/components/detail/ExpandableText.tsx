import { Button } from 'antd';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EMPTY_TEXT } from './detail-rules.ts';

/** The summary card collapses long texts at 5 lines (spec section 2). */
export const COLLAPSE_LINES = 5;

/** Lines a text takes by its line breaks alone (wrapping is measured in the browser). */
export function lineCount(text: string): number {
  return text === '' ? 0 : text.split(/\r\n|\r|\n/).length;
}

/**
 * A text clamped at `rows` lines with an Expand / Collapse toggle, shown when the text is
 * longer than that (by its line breaks, or by wrapping as the browser lays it out).
 */
export function ExpandableText({
  text,
  rows = COLLAPSE_LINES,
}: {
  text: string | null | undefined;
  rows?: number;
}) {
  const { t } = useTranslation('hospital-tasks');
  const id = useId();
  const value = text?.trim() ?? '';
  const ref = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [wraps, setWraps] = useState(false);

  // Measured while clamped only: expanded, the text never overflows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new text must be measured again
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || expanded) return;
    const measure = () => setWraps(element.scrollHeight > element.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [value, expanded]);

  if (value === '') return <>{EMPTY_TEXT}</>;
  const collapsible = wraps || lineCount(value) > rows;
  // Always clamped until expanded, so that wrapping past `rows` lines can be measured.
  const clamped = !expanded;
  return (
    <div className="hospital-expandable">
      <div
        id={id}
        ref={ref}
        className={clamped ? 'hospital-expandable-text is-clamped' : 'hospital-expandable-text'}
        style={{ WebkitLineClamp: clamped ? rows : undefined }}
        data-clamped={collapsible && clamped}
        data-rows={rows}
      >
        {value}
      </div>
      {collapsible && (
        <Button
          type="link"
          size="small"
          className="hospital-expandable-toggle"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((e) => !e)}
        >
          {expanded ? t('detail.collapse') : t('detail.expand')}
        </Button>
      )}
    </div>
  );
}
