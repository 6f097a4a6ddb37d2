import { canAudit } from '@portal/domain/change-tasks/lifecycle';
import { Button, Card, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { LoadFailed } from '../../../components/load-failed/LoadFailed.tsx';
import { useSessionStore } from '../../../lib/session-store.ts';
import { AUDIT_LIST_PATH, TASK_LIST_PATH } from '../../hospital-tasks/hospital-paths.ts';
import { useAuditDoctorTask } from '../api/audit-doctor-task.ts';
import { useDoctorTask } from '../api/doctor-task.ts';
import { DoctorTaskView } from '../components/DoctorTaskView.tsx';
import { doctorTaskAuditPath } from '../doctor-paths.ts';
import '../components/doctors.css';

/**
 * A doctor task: task-detail/:id for provider staff (with edit, withdraw, close) and
 * msh-task-detail/:id for operators (with the way to the audit while it is submitted).
 */
export function DoctorTaskPage() {
  const { t } = useTranslation('doctors');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const isProvider = Boolean(useSessionStore((s) => s.user?.providerId));
  const providerQuery = useDoctorTask(isProvider ? id : '');
  const operatorQuery = useAuditDoctorTask(id, !isProvider);
  const query = isProvider ? providerQuery : operatorQuery;
  return (
    <section aria-labelledby="doctor-task-title">
      <Typography.Title level={3} id="doctor-task-title" style={{ marginTop: 0 }}>
        {t('task.title')}
        {query.data?.taskNo ? ` ${query.data.taskNo}` : ''}
      </Typography.Title>
      {query.isPending ? (
        <Card>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      ) : query.isError ? (
        <LoadFailed
          error={query.error}
          title={t('task.loadFailed')}
          onRetry={() => void query.refetch()}
          backTo={isProvider ? TASK_LIST_PATH : AUDIT_LIST_PATH}
          backLabel={t('task.backToList')}
        />
      ) : (
        <DoctorTaskView
          view={query.data}
          withActions={isProvider}
          extra={
            !isProvider &&
            canAudit(query.data.status) && (
              <Button type="primary" onClick={() => navigate(doctorTaskAuditPath(query.data.taskNo))}>
                {t('task.actions.audit')}
              </Button>
            )
          }
        />
      )}
    </section>
  );
}
