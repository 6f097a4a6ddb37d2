import { DOCTOR_COMPARE_FIELDS } from '@portal/domain/doctors/rules';
import { Button, Card, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadFailed } from '../../../components/load-failed/LoadFailed.tsx';
import { useDoctorDetail } from '../api/doctor-detail.ts';
import { DoctorFieldsCard } from '../components/DoctorFieldsCard.tsx';
import { DOCTOR_LIST_PATH } from '../doctor-paths.ts';
import { useChangeDoctor } from '../use-change-doctor.ts';
import '../components/doctors.css';

/** A doctor of the user's provider (detail/:id), with NEW markers from the last change, and Change. */
export function DoctorDetailPage() {
  const { t } = useTranslation('doctors');
  const { id = '' } = useParams();
  const change = useChangeDoctor();
  const query = useDoctorDetail(id);
  return (
    <section aria-labelledby="doctor-detail-title">
      <Typography.Title level={3} id="doctor-detail-title" style={{ marginTop: 0 }}>
        {t('detail.title')}
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
          backTo={DOCTOR_LIST_PATH}
          backLabel={t('list.title')}
        />
      ) : (
        <DoctorFieldsCard
          values={
            Object.fromEntries(DOCTOR_COMPARE_FIELDS.map((f) => [f, query.data[f]])) as Record<
              (typeof DOCTOR_COMPARE_FIELDS)[number],
              unknown
            >
          }
          oldData={query.data.oldData}
          extra={
            <Button type="primary" loading={change.checking} onClick={() => void change.start(query.data.id)}>
              {t('list.change')}
            </Button>
          }
        />
      )}
    </section>
  );
}
