import type { THospitalTaskView } from '@portal/domain/hospital-tasks/api';
import { Card, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { DETAIL_COLUMNS, fieldItem } from './detail-items.tsx';

const FIELDS = [
  'providerId',
  'providerCnName',
  'providerEnName',
  'medicalType',
  'providerPro',
  'providerLeval',
  'proDeptCategory',
  'socialSecurity',
  'directPayType',
  'languages',
  'invoiceType',
] as const;

/** Basic info: the hospital's identity and classification, and its outpatient departments. */
export function BasicInfoCard({ view }: { view: THospitalTaskView }) {
  const { t } = useTranslation('hospital-tasks');
  return (
    <Card title={t('detail.cards.basic')} className="hospital-detail-card">
      <Descriptions
        className="hospital-fixed-descriptions"
        bordered
        size="small"
        column={DETAIL_COLUMNS}
        items={[
          ...FIELDS.map((field) => fieldItem(field, view[field])),
          fieldItem('outPatients', view.outPatients, { span: 'filled' }),
        ]}
      />
    </Card>
  );
}
