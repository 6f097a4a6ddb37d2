import type { THospitalTaskView } from '@portal/domain/hospital-tasks/api';
import { Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DETAIL_COLUMNS, fieldItem } from './detail-items.tsx';
import { EMPTY_TEXT, websiteHref } from './detail-rules.ts';

/**
 * The location card (the address of spec section 2): Chinese and English address, website,
 * continent, country, province / city / district by name, latitude and longitude in degrees.
 */
export function LocationCard({ view }: { view: THospitalTaskView }) {
  const { t } = useTranslation('hospital-tasks');
  const href = websiteHref(view.webAddr);
  return (
    <Card title={t('detail.cards.location')} className="hospital-detail-card">
      <Descriptions
        bordered
        size="small"
        column={DETAIL_COLUMNS}
        items={[
          fieldItem('hospitalCAddress', view.hospitalCAddress, { span: 'filled' }),
          fieldItem('hospitalEAddress', view.hospitalEAddress, { span: 'filled' }),
          fieldItem('webAddr', view.webAddr, {
            span: 'filled',
            children: href ? (
              <Typography.Link href={href} target="_blank" rel="noopener noreferrer">
                {view.webAddr}
              </Typography.Link>
            ) : (
              EMPTY_TEXT
            ),
          }),
          fieldItem('continent', view.continent),
          fieldItem('country', view.country),
          fieldItem('provinceCity', view.provinceCity, { span: 'filled' }),
          fieldItem('latitude', view.latitude),
          fieldItem('longitude', view.longitude),
        ]}
      />
    </Card>
  );
}
