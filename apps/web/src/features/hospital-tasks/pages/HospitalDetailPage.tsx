import { EditOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { HOSPITAL_TASK_STATUS, TASK_TYPE } from '@portal/domain/dictionaries/codes';
import { Alert, Button, Card, Empty, Skeleton, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { statusLabel } from '../../../components/change-tasks/task-statuses.ts';
import { LoadFailed } from '../../../components/load-failed/LoadFailed.tsx';
import { useSessionStore } from '../../../lib/session-store.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { useTaskList } from '../api/list-tasks.ts';
import { isMissingRecord, useProviderDetail } from '../api/provider-detail.ts';
import { HospitalDetailView } from '../components/detail/HospitalDetailView.tsx';
import { AUDIT_LIST_PATH, HOSP_CREATE_PATH, TASK_LIST_PATH, taskDetailPath } from '../hospital-paths.ts';
import { useChangeHospital } from '../use-change-hospital.ts';

const UNFINISHED = [HOSPITAL_TASK_STATUS.PENDING.code, HOSPITAL_TASK_STATUS.AUDITING.code];

/** Tells that a change of this hospital is waiting (draft or under audit), with a link to it. */
function PendingChangeAlert({ providerId }: { providerId: string }) {
  const { t } = useTranslation('hospital-tasks');
  const lang = useLanguage();
  const navigate = useNavigate();
  const list = useTaskList({
    current: 1,
    size: 20,
    model: { title: '', sendStartDate: '', sendEndDate: '', status: UNFINISHED },
  });
  const pending = list.data?.records.find(
    (task) => task.providerId === providerId && task.taskType === TASK_TYPE.UPDATE_HOSPITAL.code,
  );
  if (!pending) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title={t('detail.pendingChange', { taskNo: pending.taskNo, status: statusLabel(pending.status, lang) })}
      action={
        <Button size="small" onClick={() => navigate(taskDetailPath(pending.id))}>
          {t('detail.viewTask')}
        </Button>
      }
    />
  );
}

/** The approved record of one provider with the screen's header and its states. */
function HospitalDetailScreen({ providerId, title }: { providerId: string | null; title: string }) {
  const { t } = useTranslation('hospital-tasks');
  const navigate = useNavigate();
  const ownProviderId = useSessionStore((s) => s.user?.providerId ?? null);
  const own = Boolean(providerId) && providerId === ownProviderId;
  const query = useProviderDetail(providerId);
  const change = useChangeHospital();
  const missing = isMissingRecord(query.error);

  let body: ReactNode;
  if (!providerId) {
    body = (
      <Card>
        <Empty description={t('detail.noProvider')} />
      </Card>
    );
  } else if (query.isPending) {
    body = (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  } else if (missing) {
    body = (
      <Card>
        <Empty description={t('detail.noRecord')}>
          {own && (
            <Button
              type="primary"
              icon={<PlusOutlined aria-hidden />}
              onClick={() => navigate(HOSP_CREATE_PATH)}
            >
              {t('list.actions.create')}
            </Button>
          )}
        </Empty>
      </Card>
    );
  } else if (query.isError) {
    body = (
      <LoadFailed
        error={query.error}
        title={t('detail.loadFailed')}
        onRetry={() => void query.refetch()}
        backTo={ownProviderId ? TASK_LIST_PATH : AUDIT_LIST_PATH}
        backLabel={t(ownProviderId ? 'detail.backToList' : 'detail.backToAuditList')}
      />
    );
  } else {
    body = (
      <>
        {own && <PendingChangeAlert providerId={query.data.providerId} />}
        <HospitalDetailView view={query.data} markers="record" />
      </>
    );
  }

  return (
    <section aria-labelledby="hospital-detail-title">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Typography.Title level={3} id="hospital-detail-title" style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <Space wrap>
          {own && query.isSuccess && providerId && (
            <Button
              type="primary"
              icon={<EditOutlined aria-hidden />}
              loading={change.checking}
              onClick={() => void change.start(providerId)}
            >
              {t('list.actions.change')}
            </Button>
          )}
          <Button icon={<UnorderedListOutlined aria-hidden />} onClick={() => navigate(TASK_LIST_PATH)}>
            {t('list.title')}
          </Button>
        </Space>
      </Space>
      {body}
    </section>
  );
}

/** /drsystem/management/hospital/detail/:id (id = providerId). */
export function HospitalDetailPage() {
  const { t } = useTranslation('hospital-tasks');
  const { id = '' } = useParams();
  return <HospitalDetailScreen providerId={id || null} title={t('detail.hospitalTitle')} />;
}

/** The sidebar's 'My hospital': the detail of the signed-in user's provider. */
export function MyHospitalPage() {
  const { t } = useTranslation('hospital-tasks');
  const providerId = useSessionStore((s) => s.user?.providerId ?? null);
  return <HospitalDetailScreen providerId={providerId} title={t('detail.myHospitalTitle')} />;
}
