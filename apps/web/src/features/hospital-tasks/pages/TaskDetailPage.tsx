import { Card, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadFailed } from '../../../components/load-failed/LoadFailed.tsx';
import { useSessionStore } from '../../../lib/session-store.ts';
import { useAuditDetail } from '../api/audit-detail.ts';
import { useTaskDetail } from '../api/task-detail.ts';
import { HospitalDetailView } from '../components/detail/HospitalDetailView.tsx';
import { TaskInfoCard } from '../components/detail/TaskInfoCard.tsx';
import { AUDIT_LIST_PATH, TASK_LIST_PATH } from '../hospital-paths.ts';

/**
 * A hospital task (/drsystem/management/hospital/task/detail/:id, id or task number): the
 * task card (with the provider's actions for provider staff), then the hospital cards with NEW markers on what it changes.
 */
export function TaskDetailPage() {
  const { t } = useTranslation('hospital-tasks');
  const { id = '' } = useParams();
  // Provider staff read their own task; operator staff (audit list, task board) the audit view.
  const isProvider = Boolean(useSessionStore((state) => state.user?.providerId));
  const providerQuery = useTaskDetail(isProvider ? id : '');
  const operatorQuery = useAuditDetail(id, !isProvider);
  const query = isProvider ? providerQuery : operatorQuery;
  return (
    <section aria-labelledby="hospital-task-detail-title">
      <Typography.Title level={3} id="hospital-task-detail-title" style={{ marginTop: 0 }}>
        {t('detail.taskTitle')}
        {query.data?.taskNo ? ` ${query.data.taskNo}` : ''}
      </Typography.Title>
      {query.isPending ? (
        <Card>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      ) : query.isError ? (
        <LoadFailed
          error={query.error}
          title={t('detail.loadFailed')}
          onRetry={() => void query.refetch()}
          backTo={isProvider ? TASK_LIST_PATH : AUDIT_LIST_PATH}
          backLabel={t(isProvider ? 'detail.backToList' : 'detail.backToAuditList')}
        />
      ) : (
        <HospitalDetailView
          view={query.data}
          markers="task"
          header={<TaskInfoCard view={query.data} withActions={isProvider} />}
        />
      )}
    </section>
  );
}
