import { DownOutlined, EllipsisOutlined, UpOutlined } from '@ant-design/icons';
import { Timeline as AntTimeline, Button } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { timelineRows } from './timeline-rows.ts';

export interface TimelineEntry {
  key: string;
  /** The time or heading of the entry. */
  title?: ReactNode;
  content: ReactNode;
  color?: string;
}

export interface TimelineProps {
  items: readonly TimelineEntry[];
  /** Start expanded. */
  defaultExpanded?: boolean;
}

/** A timeline that shows the first two, a More row and the last item when it has more than 3. */
export function Timeline({ items, defaultExpanded = false }: TimelineProps) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(defaultExpanded);
  const rows = timelineRows(items, expanded);
  return (
    <AntTimeline
      className="portal-timeline"
      items={rows.map((row) => {
        if (row.kind === 'item')
          return {
            key: row.item.key,
            title: row.item.title,
            content: row.item.content,
            color: row.item.color,
          };
        if (row.kind === 'more')
          return {
            key: '__more',
            color: 'gray',
            icon: <EllipsisOutlined aria-hidden />,
            content: (
              <Button type="link" size="small" onClick={() => setExpanded(true)} aria-expanded={false}>
                {t('timeline.more', { count: row.hidden })} <DownOutlined aria-hidden />
              </Button>
            ),
          };
        return {
          key: '__less',
          color: 'gray',
          icon: <EllipsisOutlined aria-hidden />,
          content: (
            <Button type="link" size="small" onClick={() => setExpanded(false)} aria-expanded>
              {t('timeline.less')} <UpOutlined aria-hidden />
            </Button>
          ),
        };
      })}
    />
  );
}
