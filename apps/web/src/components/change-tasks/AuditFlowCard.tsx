import { OPERATOR_KIND } from '@portal/domain/dictionaries/codes';
import { formatDate } from '@portal/domain/format/format';
import type { TOperationRecord } from '@portal/domain/hospital-tasks/api';
import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { pickLanguage } from '../../lib/i18n.ts';
import { useLanguage } from '../../lib/use-language.ts';
import { Timeline, type TimelineEntry } from '../timeline/Timeline.tsx';
import { statusColor } from './task-statuses.ts';

const TIMELINE_COLORS: Record<string, string> = {
  processing: 'blue',
  success: 'green',
  error: 'red',
  gold: 'orange',
  purple: 'purple',
  default: 'gray',
};

/**
 * The operation records of a task, oldest first, as a timeline (collapsed past 3): when, what
 * (the record's text, e.g. 'Withdrew by Hospital'), who (an operator, or the system) and why.
 */
export function AuditFlowCard({
  flows,
  title,
  id,
  className = 'hospital-detail-card',
}: {
  flows: readonly TOperationRecord[];
  /** The card's title: 'Audit flow' on the detail screens; the form calls it its operation log. */
  title?: string;
  id?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const items: TimelineEntry[] = flows.map((flow, index) => {
    const who =
      flow.operatorKind === OPERATOR_KIND.SYSTEM.code
        ? OPERATOR_KIND.SYSTEM[lang]
        : pickLanguage(flow.operateMember, flow.operateMemberEn) || OPERATOR_KIND.OPERATOR[lang];
    return {
      key: `${flow.operateDate}-${index}`,
      color: TIMELINE_COLORS[statusColor(flow.status)] ?? 'gray',
      content: (
        <Flex vertical gap={2}>
          <Typography.Text type="secondary">
            {formatDate(flow.operateDate, 'YYYY-MM-DD HH:mm')}
          </Typography.Text>
          <Typography.Text strong>{pickLanguage(flow.text.zh, flow.text.en)}</Typography.Text>
          <Typography.Text type="secondary">
            {t('changeTasks.flow.operator')}: {who}
          </Typography.Text>
          {flow.operateRemark.trim() !== '' && (
            <Typography.Text className="hospital-detail-text">
              {t('changeTasks.flow.remark')}: {flow.operateRemark}
            </Typography.Text>
          )}
        </Flex>
      ),
    };
  });
  return (
    <Card title={title ?? t('changeTasks.flow.title')} id={id} className={className}>
      <Timeline items={items} />
    </Card>
  );
}
