import { formatDate } from '@portal/domain/format/format';
import type { THospitalTaskView } from '@portal/domain/hospital-tasks/api';
import { LABELS } from '@portal/domain/hospital-tasks/rules';
import { Button, Card, Descriptions, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  statusColor,
  statusLabel,
  taskActions,
  taskTypeLabel,
} from '../../../../components/change-tasks/task-statuses.ts';
import { pickLanguage } from '../../../../lib/i18n.ts';
import { useLanguage } from '../../../../lib/use-language.ts';
import { TASK_LIST_PATH, taskModifyPath } from '../../hospital-paths.ts';
import { useTaskActions } from '../../use-task-actions.ts';
import { DETAIL_COLUMNS } from './detail-items.tsx';
import { textOrDash } from './detail-rules.ts';

/** The task itself: number, type, status, who and when, the return reason; and what may be done with it. */
export function TaskInfoCard({
  view,
  withActions = true,
}: {
  view: THospitalTaskView;
  withActions?: boolean;
}) {
  const { t } = useTranslation('hospital-tasks');
  const lang = useLanguage();
  const navigate = useNavigate();
  const actions = useTaskActions();
  const allowed = withActions ? taskActions(view.status) : { edit: false, withdraw: false, close: false };
  const taskNo = view.taskNo ?? '';
  const target = { taskNo, version: view.version };
  const when = (value: string | null) => formatDate(value, 'YYYY-MM-DD HH:mm');
  return (
    <Card
      title={t('detail.cards.task')}
      className="hospital-detail-card"
      extra={
        <Space wrap>
          {allowed.edit && (
            <Button type="primary" onClick={() => navigate(taskModifyPath(taskNo))}>
              {t('list.row.edit')}
            </Button>
          )}
          {allowed.withdraw && (
            <Button onClick={() => void actions.confirmWithdraw(target)}>{t('list.row.withdraw')}</Button>
          )}
          {allowed.close && (
            <Button danger onClick={() => void actions.confirmClose(target)}>
              {t('list.row.close')}
            </Button>
          )}
          <Button onClick={() => navigate(TASK_LIST_PATH)}>{t('detail.backToList')}</Button>
        </Space>
      }
    >
      <Descriptions
        bordered
        size="small"
        column={DETAIL_COLUMNS}
        items={[
          { key: 'taskNo', label: LABELS.taskNo[lang], children: textOrDash(view.taskNo) },
          { key: 'taskType', label: LABELS.taskType[lang], children: taskTypeLabel(view.taskType, lang) },
          {
            key: 'status',
            label: LABELS.status[lang],
            children: (
              <Tag color={statusColor(view.status)} data-testid="task-status">
                {statusLabel(view.status, lang)}
              </Tag>
            ),
          },
          { key: 'commitDate', label: LABELS.commitDate[lang], children: when(view.commitDate) },
          {
            key: 'commitName',
            label: LABELS.commitName[lang],
            children: textOrDash(pickLanguage(view.commitName, view.commitNameEn)),
          },
          { key: 'auditDate', label: LABELS.auditDate[lang], children: when(view.auditDate) },
          {
            key: 'auditMember',
            label: LABELS.auditMember[lang],
            children: textOrDash(pickLanguage(view.auditMember, view.auditMemberEn)),
          },
          {
            key: 'publicityDate',
            label: LABELS.publicityDate[lang],
            children: formatDate(view.publicityDate, 'YYYY-MM-DD'),
          },
          ...(view.returnReason?.trim()
            ? [
                {
                  key: 'returnReason',
                  label: LABELS.returnReason[lang],
                  children: <span className="hospital-detail-text">{view.returnReason}</span>,
                  span: 'filled' as const,
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}
