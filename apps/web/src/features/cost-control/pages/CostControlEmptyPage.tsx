import { COST_CONTROL_STATUS, costControlLabel } from '@portal/domain/cost-control/rules';
import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useCostDetail } from '../api/cost-control.ts';
import { costPaths, useCostArea, useLang } from '../components.tsx';

/**
 * /claim/control/empty/:controlManageProportionId, the spec's empty page: the measure has
 * nothing for this user to handle (already answered, withdrawn, or not there), with the ways on.
 */
export function CostControlEmptyPage() {
  const { t } = useTranslation('cost-control');
  const lang = useLang();
  const { controlManageProportionId: id = '' } = useParams();
  const navigate = useNavigate();
  const detail = useCostDetail(useCostArea(), id);
  const m = detail.data?.measure;
  return (
    <Card>
      <Result
        status="info"
        title={<h2 style={{ margin: 0, fontSize: 'inherit' }}>{t('empty.title')}</h2>}
        subTitle={
          m
            ? t('empty.status', {
                measureNo: m.measureNo,
                status: costControlLabel(COST_CONTROL_STATUS, m.status, lang),
              })
            : detail.isPending
              ? ''
              : t('empty.missing')
        }
        extra={[
          ...(m
            ? [
                <Button key="detail" type="primary" onClick={() => navigate(costPaths.detail(m.id))}>
                  {t('empty.detail')}
                </Button>,
              ]
            : []),
          <Button key="list" onClick={() => navigate(costPaths.list)}>
            {t('empty.list')}
          </Button>,
        ]}
      />
    </Card>
  );
}
