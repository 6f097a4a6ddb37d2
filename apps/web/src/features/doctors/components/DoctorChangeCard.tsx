import { parseCompareFields } from '@portal/domain/change-tasks/lifecycle';
import { DOCTOR_COMPARE_FIELDS, type TDoctorCompareField } from '@portal/domain/doctors/rules';
import { Card, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { DoctorFieldValue, EMPTY_TEXT } from './DoctorFieldValue.tsx';

interface TChangeRow {
  field: TDoctorCompareField;
  hasOld: boolean;
  oldValue: unknown;
  newValue: unknown;
}

/** The changed fields of a doctor task with the approved (old) and the task's (new) values. */
export function DoctorChangeCard({
  values,
  compareResult,
  oldData,
}: {
  values: Record<TDoctorCompareField, unknown>;
  compareResult: string | null;
  oldData: Record<string, { flag: boolean; oldValue: unknown }> | null;
}) {
  const { t } = useTranslation('doctors');
  const rows: TChangeRow[] = parseCompareFields(DOCTOR_COMPARE_FIELDS, compareResult).map((field) => ({
    field,
    hasOld: Boolean(oldData && field in oldData),
    oldValue: oldData?.[field]?.oldValue,
    newValue: values[field],
  }));
  if (rows.length === 0) return null;
  const columns: TableColumnsType<TChangeRow> = [
    {
      title: t('detail.change.field'),
      dataIndex: 'field',
      width: 200,
      render: (f: string) => t(`fields.${f}`),
    },
    {
      title: t('detail.change.before'),
      key: 'before',
      render: (_, row) =>
        row.hasOld ? <DoctorFieldValue field={row.field} value={row.oldValue} /> : EMPTY_TEXT,
    },
    {
      title: t('detail.change.after'),
      key: 'after',
      render: (_, row) => <DoctorFieldValue field={row.field} value={row.newValue} />,
    },
  ];
  return (
    <Card title={t('detail.cards.change')} className="doctor-card">
      <Table<TChangeRow>
        rowKey="field"
        size="small"
        bordered
        pagination={false}
        columns={columns}
        dataSource={rows}
        aria-label={t('detail.change.tableLabel')}
      />
    </Card>
  );
}
