import { WEEKDAY } from '@portal/domain/dictionaries/codes';
import type { THospitalTaskView } from '@portal/domain/hospital-tasks/api';
import {
  SERVICE_TIME_FIELD_LABELS,
  type TServiceTimeRow,
  type TServiceTimeWeekRow,
  toClientServiceTimes,
} from '@portal/domain/hospital-tasks/rules';
import { Card, Descriptions, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../../lib/use-language.ts';
import { fieldItem } from './detail-items.tsx';
import { textOrDash } from './detail-rules.ts';
import { FieldLabel } from './field-changes.tsx';

/** The weekly schedule, Monday first, and the 24-hour direct payment service. */
export function ServiceTimeCard({ view }: { view: THospitalTaskView }) {
  const { t } = useTranslation('hospital-tasks');
  const lang = useLanguage();
  const rows = toClientServiceTimes(view.serviceTimes as TServiceTimeRow[]);
  const L = SERVICE_TIME_FIELD_LABELS;
  const dayName = (week: number) =>
    Object.values(WEEKDAY).find((d) => d.code === String(week))?.[lang] ?? week;
  const columns: TableColumnsType<TServiceTimeWeekRow> = [
    { title: L.week[lang], dataIndex: 'week', width: 120, render: dayName },
    { title: L.am[lang], dataIndex: 'am', render: textOrDash },
    { title: L.pm[lang], dataIndex: 'pm', render: textOrDash },
    { title: L.remark[lang], dataIndex: 'remark', render: textOrDash },
  ];
  return (
    <Card
      title={<FieldLabel field="serviceTimes">{t('detail.cards.serviceTime')}</FieldLabel>}
      className="hospital-detail-card"
    >
      <Descriptions
        size="small"
        column={1}
        items={[fieldItem('dbFlag', view.dbFlag)]}
        style={{ marginBottom: 12 }}
      />
      <Table<TServiceTimeWeekRow>
        rowKey="week"
        size="small"
        bordered
        pagination={false}
        columns={columns}
        dataSource={rows}
      />
    </Card>
  );
}
