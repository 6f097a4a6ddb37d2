import { DB_FLAG } from '@portal/domain/dictionaries/codes';
import { WEEKDAY_FIELDS } from '@portal/domain/hospital-tasks/codes';
import type { TServiceTimeWeekRow } from '@portal/domain/hospital-tasks/rules';
import { LABELS, MAX_LENGTHS, SERVICE_TIME_FIELD_LABELS } from '@portal/domain/hospital-tasks/rules';
import { Card, Form, Input, Radio, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { fieldId, useHospitalForm } from '../use-hospital-form-state.ts';
import { FormField, useRequired } from './FormFields.tsx';

type TCell = 'am' | 'pm' | 'remark';

/** A placeholder showing the HH:MM-HH:MM form. */
const TIME_PLACEHOLDER = '08:00-12:00';

/**
 * Service time: the 24-hour direct payment service, then the weekly schedule, seven rows
 * Monday first, each with morning and afternoon hours (HH:MM-HH:MM, blank allowed) and a remark.
 */
export function ServiceTimeEditor() {
  const { t } = useTranslation('hospital-tasks');
  const { values, change, blur, errors, text, language } = useHospitalForm();
  const dbFlagRequired = useRequired('dbFlag');

  const cell = (field: TCell) => (_v: unknown, row: TServiceTimeWeekRow, index: number) => {
    const path = `serviceTimes.${index}.${field}`;
    const message = errors[path];
    const day = WEEKDAY_FIELDS[index]?.day[language] ?? String(row.week);
    return (
      <Form.Item
        validateStatus={message ? 'error' : undefined}
        help={message ? text(message) : undefined}
        style={{ margin: 0 }}
      >
        <Input
          id={fieldId(path)}
          aria-label={`${day} ${text(SERVICE_TIME_FIELD_LABELS[field])}`}
          value={row[field]}
          maxLength={field === 'remark' ? MAX_LENGTHS.serviceTimeRemark : 11}
          placeholder={field === 'remark' ? undefined : TIME_PLACEHOLDER}
          onChange={(e) => change(path, e.target.value)}
          onBlur={() => blur(path)}
        />
      </Form.Item>
    );
  };

  return (
    <Card
      title={t('form.sections.serviceTime')}
      id="hospital-form-section-service-time"
      className="hospital-form-section"
    >
      <FormField path="dbFlag" label={LABELS.dbFlag} required={dbFlagRequired}>
        <Radio.Group
          id={fieldId('dbFlag')}
          value={values.dbFlag || undefined}
          onChange={(e) => change('dbFlag', e.target.value)}
          options={Object.values(DB_FLAG).map((f) => ({ value: f.code, label: f[language] }))}
        />
      </FormField>
      <FormField path="serviceTimes" label={LABELS.serviceTimes} extra={t('form.serviceTime.hint')}>
        <Table<TServiceTimeWeekRow>
          size="small"
          rowKey="week"
          pagination={false}
          dataSource={values.serviceTimes}
          className="hospital-form-service-times"
          columns={[
            {
              title: text(SERVICE_TIME_FIELD_LABELS.week),
              key: 'week',
              width: 120,
              render: (_v, row) => WEEKDAY_FIELDS[row.week - 1]?.day[language] ?? row.week,
            },
            { title: text(SERVICE_TIME_FIELD_LABELS.am), key: 'am', width: '26%', render: cell('am') },
            { title: text(SERVICE_TIME_FIELD_LABELS.pm), key: 'pm', width: '26%', render: cell('pm') },
            { title: text(SERVICE_TIME_FIELD_LABELS.remark), key: 'remark', render: cell('remark') },
          ]}
        />
      </FormField>
    </Card>
  );
}
