import { Alert, Button, Card, Result, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PersonalDataProvider } from '../../../components/personal-data/personal-data.tsx';
import { feedback } from '../../../lib/feedback.ts';
import { errorMessage } from '../../../lib/http.ts';
import { useAppealableLine, useCreateAppeal } from '../api/appeals.ts';
import { appealPaths, LineSummary, reasonNames, useLang } from '../components.tsx';
import { AppealForm } from './AppealForm.tsx';

/**
 * /claim/appeal/create?lineId=: the provider appeals a claim line (reached from the line on its
 * claim batch); without a line it says where to find one.
 */
export function AppealCreatePage() {
  const { t } = useTranslation('appeals');
  const lang = useLang();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const lineId = params.get('lineId') ?? '';
  const line = useAppealableLine(lineId);
  const create = useCreateAppeal();
  const title = <h2 style={{ margin: 0, fontSize: 'inherit' }}>{t('create.title')}</h2>;
  if (lineId === '')
    return (
      <Card title={title}>
        <Result
          status="info"
          title={t('create.chooseLine')}
          subTitle={t('create.chooseLineHint')}
          extra={
            <Button type="primary" onClick={() => navigate('/claim/detail')}>
              {t('create.toBatches')}
            </Button>
          }
        />
      </Card>
    );
  if (line.isPending) return <Spin />;
  if (line.isError)
    return (
      <Card title={title}>
        <Result status="warning" title={errorMessage(line.error)} />
      </Card>
    );
  const l = line.data;
  return (
    <PersonalDataProvider target={{ bizType: 'member', bizId: l.memberId }}>
      <Card title={title}>
        <Space orientation="vertical" style={{ width: '100%' }} size="large">
          <LineSummary line={l} batchLink={`/claim/detail?id=${l.batchId}`} />
          {(l.reasonCodes.length > 0 || l.decisionRemark) && (
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
              {t('fields.auditReasons')}:{' '}
              {[reasonNames(l.reasonCodes, lang), l.decisionRemark].filter(Boolean).join(' — ')}
            </Typography.Paragraph>
          )}
          {l.openAppealNo ? (
            <Alert
              type="warning"
              showIcon
              title={t('create.ongoing', { appealNo: l.openAppealNo })}
              action={<Link to={appealPaths.list}>{t('create.toList')}</Link>}
            />
          ) : (
            <AppealForm
              currency={l.currency}
              maxAmount={l.maxAmount}
              initial={{ amount: l.maxAmount, files: [] }}
              submitText={t('form.submit')}
              onSubmit={async (v) => {
                const a = await create.mutateAsync({ lineId: l.lineId, ...v });
                feedback.success(t('form.submitted', { appealNo: a.appealNo }));
                navigate(appealPaths.detail(a.id));
              }}
            />
          )}
        </Space>
      </Card>
    </PersonalDataProvider>
  );
}
