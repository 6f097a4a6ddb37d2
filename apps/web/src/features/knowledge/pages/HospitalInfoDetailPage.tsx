import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadFailed } from '../../../components/load-failed/LoadFailed.tsx';
import { HospitalDetailView } from '../../hospital-tasks/components/detail/HospitalDetailView.tsx';
import { useInfoDetail } from '../api/info-detail.ts';

export const ADVANCE_PATH = '/drsystem/info/advance';

/** /drsystem/info/query/infoDetail?providerId=: the hospital of an advanced-search result. */
export function HospitalInfoDetailPage() {
  const { t } = useTranslation('knowledge');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const providerId = params.get('providerId') ?? '';
  const query = useInfoDetail(providerId);
  let body: React.ReactNode;
  if (!providerId)
    body = (
      <Card>
        <Empty description={t('infoDetail.noProvider')} />
      </Card>
    );
  else if (query.isPending)
    body = (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  else if (query.isError)
    body = (
      <LoadFailed
        error={query.error}
        title={t('infoDetail.loadFailed')}
        onRetry={() => void query.refetch()}
        backTo={ADVANCE_PATH}
        backLabel={t('infoDetail.back')}
      />
    );
  else body = <HospitalDetailView view={query.data} markers="record" />;
  return (
    <section aria-labelledby="info-detail-title">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Typography.Title level={3} id="info-detail-title" style={{ margin: 0 }}>
          {t('infoDetail.title')}
        </Typography.Title>
        <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => navigate(ADVANCE_PATH)}>
          {t('infoDetail.back')}
        </Button>
      </Space>
      {body}
    </section>
  );
}
