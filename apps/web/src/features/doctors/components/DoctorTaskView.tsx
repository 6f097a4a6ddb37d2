import type { TDoctorTaskView } from '@portal/domain/doctors/api';
import { DOCTOR_COMPARE_FIELDS } from '@portal/domain/doctors/rules';
import { formatDate } from '@portal/domain/format/format';
import { Button, Card, Descriptions, Flex, Space, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AuditFlowCard } from '../../../components/change-tasks/AuditFlowCard.tsx';
import {
  statusColor,
  statusLabel,
  taskActions,
  taskTypeLabel,
} from '../../../components/change-tasks/task-statuses.ts';
import { useConfirmTaskAction } from '../../../components/change-tasks/use-confirm-task-action.ts';
import { pickLanguage } from '../../../lib/i18n.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { useMoveDoctorTask } from '../api/move-doctor-task.ts';
import { doctorTaskUpdatePath } from '../doctor-paths.ts';
import { DoctorChangeCard } from './DoctorChangeCard.tsx';
import { DoctorFieldsCard } from './DoctorFieldsCard.tsx';
import { EMPTY_TEXT } from './DoctorFieldValue.tsx';

const dateTime = (value: string | null) => formatDate(value, 'YYYY-MM-DD HH:mm');

/**
 * A doctor task: the task card (with the provider's edit, withdraw and close when `withActions`),
 * the changed fields old and new, the doctor's fields with NEW markers, the operation log, and
 * what the screen adds (`children`: the audit form, the internal recommendation).
 */
export function DoctorTaskView({
  view,
  withActions,
  extra,
  children,
}: {
  view: TDoctorTaskView;
  withActions?: boolean;
  extra?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation('doctors');
  const lang = useLanguage();
  const navigate = useNavigate();
  const move = useMoveDoctorTask();
  const actions = useConfirmTaskAction<{ taskNo: string; version: number }>((action, task) =>
    move.mutateAsync({ action, ...task }),
  );
  const allowed = taskActions(view.status);
  const target = { taskNo: view.taskNo, version: view.version };
  const values = Object.fromEntries(DOCTOR_COMPARE_FIELDS.map((f) => [f, view[f]])) as Record<
    (typeof DOCTOR_COMPARE_FIELDS)[number],
    unknown
  >;
  return (
    <Flex vertical gap={16}>
      <Card
        title={t('detail.cards.task')}
        className="doctor-card"
        extra={
          <Space wrap>
            {withActions && allowed.edit && (
              <Button type="primary" onClick={() => navigate(doctorTaskUpdatePath(view.taskNo))}>
                {t('task.actions.edit')}
              </Button>
            )}
            {withActions && allowed.withdraw && (
              <Button onClick={() => void actions.confirmWithdraw(target)}>
                {t('task.actions.withdraw')}
              </Button>
            )}
            {withActions && allowed.close && (
              <Button danger onClick={() => void actions.confirmClose(target)}>
                {t('task.actions.close')}
              </Button>
            )}
            {extra}
          </Space>
        }
      >
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, md: 3 }}
          items={[
            { key: 'taskNo', label: t('task.taskNo'), children: view.taskNo },
            { key: 'taskType', label: t('task.taskType'), children: taskTypeLabel(view.taskType, lang) },
            {
              key: 'status',
              label: t('task.status'),
              children: (
                <Tag color={statusColor(view.status)} data-status={view.status}>
                  {statusLabel(view.status, lang)}
                </Tag>
              ),
            },
            { key: 'providerId', label: t('task.providerId'), children: view.providerId },
            { key: 'commitDate', label: t('task.commitDate'), children: dateTime(view.commitDate) },
            {
              key: 'commitName',
              label: t('task.commitName'),
              children: pickLanguage(view.commitName, view.commitNameEn) || EMPTY_TEXT,
            },
            { key: 'auditDate', label: t('task.auditDate'), children: dateTime(view.auditDate) },
            {
              key: 'auditMember',
              label: t('task.auditMember'),
              children: pickLanguage(view.auditMember, view.auditMemberEn) || EMPTY_TEXT,
            },
            ...(view.returnReason
              ? [{ key: 'returnReason', label: t('task.returnReason'), children: view.returnReason }]
              : []),
          ]}
        />
      </Card>
      {children}
      <DoctorChangeCard values={values} compareResult={view.compareResult} oldData={view.oldData} />
      <DoctorFieldsCard values={values} oldData={view.oldData} />
      {view.auditFlows.length > 0 && (
        <AuditFlowCard
          flows={view.auditFlows}
          title={t('detail.cards.operationLog')}
          className="doctor-card"
        />
      )}
    </Flex>
  );
}
