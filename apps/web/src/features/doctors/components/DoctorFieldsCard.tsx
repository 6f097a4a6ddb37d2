import { DOCTOR_COMPARE_FIELDS, type TDoctorCompareField } from '@portal/domain/doctors/rules';
import { Badge, Card, Descriptions, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DoctorFieldValue } from './DoctorFieldValue.tsx';

type TValues = Record<TDoctorCompareField, unknown>;
type TOldData = Record<string, { flag: boolean; oldValue: unknown }> | null | undefined;

const WIDE: readonly TDoctorCompareField[] = [
  'expertiseCn',
  'expertiseEn',
  'serviceOverviewCn',
  'serviceOverviewEn',
  'departments',
];

/**
 * The doctor's fields of section 3, read-only. Fields a task changes carry the NEW marker;
 * hovering it shows the old value (spec section 2, as on the hospital detail).
 */
export function DoctorFieldsCard({
  values,
  oldData,
  title,
  extra,
}: {
  values: TValues;
  oldData?: TOldData;
  title?: string;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('doctors');
  return (
    <Card title={title ?? t('detail.cards.doctor')} extra={extra} className="doctor-card">
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, sm: 1, md: 2 }}
        items={DOCTOR_COMPARE_FIELDS.map((field) => {
          const change = oldData?.[field];
          return {
            key: field,
            span: WIDE.includes(field) ? ('filled' as const) : undefined,
            label: change?.flag ? (
              <Tooltip
                title={
                  <span>
                    {t('detail.oldValue')}: <DoctorFieldValue field={field} value={change.oldValue} />
                  </span>
                }
              >
                <Badge count={t('detail.new')} size="small" offset={[18, -2]}>
                  <span>{t(`fields.${field}`)}</span>
                </Badge>
              </Tooltip>
            ) : (
              t(`fields.${field}`)
            ),
            children: <DoctorFieldValue field={field} value={values[field]} />,
          };
        })}
      />
    </Card>
  );
}
