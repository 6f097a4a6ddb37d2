import { canAudit } from '@portal/domain/change-tasks/lifecycle';
import { Alert, Card, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { LoadFailed } from '../../../components/load-failed/LoadFailed.tsx';
import { AUDIT_LIST_PATH } from '../../hospital-tasks/hospital-paths.ts';
import { useAuditDoctorTask } from '../api/audit-doctor-task.ts';
import { DoctorAuditForm } from '../components/DoctorAuditForm.tsx';
import { DoctorTaskView } from '../components/DoctorTaskView.tsx';
import { RecommendationCard } from '../components/RecommendationCard.tsx';
import '../components/doctors.css';

/**
 * The audit of a doctor task (task-audit/:id and task-audit/med/:taskNo): the task as submitted,
 * the compare and the operation log, the approve/return form while it is submitted, and the
 * internal recommendation of the doctor once it exists.
 */
export function DoctorAuditPage() {
  const { t } = useTranslation('doctors');
  const params = useParams();
  const key = params.taskNo ?? params.id ?? '';
  const navigate = useNavigate();
  const query = useAuditDoctorTask(key);
  const back = () => navigate(AUDIT_LIST_PATH);
  return (
    <section aria-labelledby="doctor-audit-title">
      <Typography.Title level={3} id="doctor-audit-title" style={{ marginTop: 0 }}>
        {t('audit.pageTitle')}
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
          backTo={AUDIT_LIST_PATH}
          backLabel={t('task.backToList')}
        />
      ) : (
        <DoctorTaskView view={query.data}>
          {canAudit(query.data.status) ? (
            <DoctorAuditForm
              taskNo={query.data.taskNo}
              version={query.data.version}
              onDone={back}
              onCancel={back}
            />
          ) : (
            <Alert type="info" showIcon title={t('audit.notAuditable')} />
          )}
          {query.data.doctorId ? (
            <RecommendationCard doctorId={query.data.doctorId} />
          ) : (
            <Alert type="info" showIcon title={t('recommend.afterApproval')} />
          )}
        </DoctorTaskView>
      )}
    </section>
  );
}
