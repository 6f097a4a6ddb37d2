import { canCostControl } from '@portal/domain/cost-control/rules';
import { Button, Card, Result, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { feedback } from '../../../lib/feedback.ts';
import { useCostDetail } from '../api/cost-control.ts';
import { useWithdrawMeasure } from '../api/cost-control-actions.ts';
import { CostStatusTag, costPaths, MeasureFlow, MeasureTerms, useCostArea } from '../components.tsx';

/** /claim/control/detail/:controlManageProportionId: a measure with every round, and the next step for each side. */
export function CostControlDetailPage() {
  const { t } = useTranslation('cost-control');
  const { controlManageProportionId: id = '' } = useParams();
  const area = useCostArea();
  const navigate = useNavigate();
  const { has } = usePermission();
  const detail = useCostDetail(area, id);
  const withdraw = useWithdrawMeasure();
  if (detail.isPending) return <Spin />;
  if (detail.isError) return <Result status="404" title={t('detail.notFound')} />;
  const { measure: m, flow } = detail.data;
  const mayPropose = area === 'audit' && has('claim:controlAudit:edit');
  const mayAnswer = area === 'case' && has('claim:control:answer');
  const confirmWithdraw = async () => {
    const yes = await feedback.confirm({
      title: t('detail.withdrawTitle', { measureNo: m.measureNo }),
      content: t('detail.withdrawContent'),
      okText: t('process.confirm'),
      cancelText: t('process.cancelDialog'),
      danger: true,
    });
    if (!yes) return;
    await withdraw.mutateAsync({ id: m.id, version: m.version });
    feedback.success(t('detail.withdrawn'));
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Card
        title={
          <Space>
            <h2 style={{ margin: 0, fontSize: 'inherit' }}>
              {t('detail.title', { measureNo: m.measureNo })}
            </h2>
            <CostStatusTag status={m.status} />
          </Space>
        }
        extra={
          <Space>
            {mayPropose && canCostControl('revise', m.status) && (
              <Button type="primary" onClick={() => navigate(costPaths.process(m.id))}>
                {t('list.proposeAgain')}
              </Button>
            )}
            {mayPropose && canCostControl('withdraw', m.status) && (
              <Button danger loading={withdraw.isPending} onClick={confirmWithdraw}>
                {t('detail.withdraw')}
              </Button>
            )}
            {mayAnswer && canCostControl('accept', m.status) && (
              <Button type="primary" onClick={() => navigate(costPaths.process(m.id))}>
                {t('list.answer')}
              </Button>
            )}
          </Space>
        }
      >
        <MeasureTerms m={m} />
      </Card>
      <Card size="small" title={t('detail.flow')}>
        <MeasureFlow flow={flow} />
      </Card>
    </Space>
  );
}
