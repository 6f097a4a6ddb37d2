import { Card, Col, Empty, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '../../../lib/i18n.ts';
import type { TTaskCount } from '../api/get-home-page.ts';
import { countsInOrder, statusName, totalCount } from '../task-statuses.ts';

const HIGHLIGHT_COLOR = '#F89000';

export interface TaskStatusCountsProps {
  title: string;
  description?: string;
  taskCounts: readonly TTaskCount[] | null | undefined;
  /** Emphasise the statuses that wait for the reader's action. */
  highlight?: readonly string[];
}

/** Hospital and doctor change tasks by status, with the total; an empty state when there are none. */
export function TaskStatusCounts({ title, description, taskCounts, highlight = [] }: TaskStatusCountsProps) {
  const { t, i18n } = useTranslation('home');
  const resolved = i18n.resolvedLanguage ?? i18n.language;
  const lang = isLanguage(resolved) ? resolved : 'zh';
  const counts = countsInOrder(taskCounts);
  const total = totalCount(counts);
  return (
    <Card title={title} extra={total > 0 ? t('tasks.total', { value: total }) : undefined}>
      {description ? <Typography.Paragraph type="secondary">{description}</Typography.Paragraph> : null}
      {total === 0 ? (
        <Empty description={t('tasks.empty')} />
      ) : (
        <Row gutter={[16, 16]}>
          {counts.map(({ status, count }) => {
            const emphasised = highlight.includes(status);
            return (
              <Col key={status} xs={12} sm={8} lg={4}>
                <Card size="small" style={emphasised ? { borderColor: HIGHLIGHT_COLOR } : undefined}>
                  <Statistic
                    title={statusName(status, lang) ?? t('taskStatus.other', { code: status })}
                    value={count}
                    styles={emphasised && count > 0 ? { content: { color: HIGHLIGHT_COLOR } } : undefined}
                  />
                </Card>
              </Col>
            );
          })}
        </Row>
      )}
    </Card>
  );
}
