import { CALENDAR_PERMISSIONS, type TCalendarDayRecord } from '@portal/domain/calendar/rules';
import { chinaDay } from '@portal/domain/calendar/working-days';
import {
  Alert,
  App,
  Button,
  Card,
  Flex,
  Popconfirm,
  Result,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { useHolidayYear } from '../api/holiday-year.ts';
import { useRemoveHoliday } from '../api/remove-holiday.ts';
import { HolidayModal, type THolidayEdit } from '../components/HolidayModal.tsx';

const KIND_COLORS = { holiday: 'red', workday: 'blue' } as const;

/** The years offered: two back and two ahead of this year (China time). */
function yearOptions(thisYear: number) {
  return [-2, -1, 0, 1, 2].map((n) => ({ value: thisYear + n, label: String(thisYear + n) }));
}

/** System > Holiday calendar: a year's public holidays and adjusted working days, with add, edit and remove. */
export function HolidayCalendarPage() {
  const { t } = useTranslation('calendar');
  const permission = usePermission();
  if (!permission.has(CALENDAR_PERMISSIONS.view))
    return <Result status="403" title="403" subTitle={t('forbidden')} />;
  return <HolidayCalendar />;
}

function HolidayCalendar() {
  const { t, i18n } = useTranslation('calendar');
  const en = (i18n.resolvedLanguage ?? i18n.language) === 'en';
  const { message } = App.useApp();
  const permission = usePermission();
  const thisYear = Number(chinaDay(new Date()).slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const [edit, setEdit] = useState<THolidayEdit | null>(null);
  const days = useHolidayYear(year);
  const remove = useRemoveHoliday();
  const records = days.data ?? [];
  const count = (kind: TCalendarDayRecord['kind']) => records.filter((r) => r.kind === kind).length;

  const removeDay = async (record: TCalendarDayRecord) => {
    await remove.mutateAsync({ id: record.id, version: record.version });
    message.success(t('messages.removed', { day: record.day }));
  };

  const columns: TableColumnsType<TCalendarDayRecord> = [
    { title: t('fields.day'), dataIndex: 'day', width: 130 },
    {
      title: t('fields.weekday'),
      dataIndex: 'weekday',
      width: 110,
      render: (weekday: number) => t(`weekdays.${weekday}`),
    },
    {
      title: t('fields.kind'),
      dataIndex: 'kind',
      width: 170,
      render: (kind: TCalendarDayRecord['kind']) => <Tag color={KIND_COLORS[kind]}>{t(`kinds.${kind}`)}</Tag>,
    },
    {
      title: t('fields.title'),
      key: 'name',
      // Names in both languages on purpose: the other one is what the other language shows.
      render: (_, r) => (
        <span translate="no">
          {en ? r.nameEn : r.name}{' '}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {en ? r.name : r.nameEn}
          </Typography.Text>
        </span>
      ),
    },
    {
      title: t('fields.actions'),
      key: 'actions',
      width: 150,
      render: (_, record) => (
        <Space size={0}>
          {permission.has(CALENDAR_PERMISSIONS.edit) && (
            <Button
              type="link"
              size="small"
              aria-label={t('actions.editDay', { day: record.day })}
              onClick={() => setEdit({ mode: 'edit', record })}
            >
              {t('actions.edit')}
            </Button>
          )}
          {permission.has(CALENDAR_PERMISSIONS.delete) && (
            <Popconfirm
              title={t('confirm.removeTitle', { day: record.day })}
              description={t('confirm.removeDescription')}
              okText={t('actions.remove')}
              okButtonProps={{ danger: true }}
              cancelText={t('actions.cancel')}
              onConfirm={() => removeDay(record)}
            >
              <Button
                type="link"
                size="small"
                danger
                aria-label={t('actions.removeDay', { day: record.day })}
              >
                {t('actions.remove')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <section aria-labelledby="holiday-calendar-title">
      <Typography.Title level={3} id="holiday-calendar-title" style={{ marginTop: 0 }}>
        {t('title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <Card
        title={
          <Flex gap={8} align="center" wrap>
            <span>{t('yearTitle', { year })}</span>
            {days.data && (
              <>
                <Tag color={KIND_COLORS.holiday}>{t('counts.holiday', { count: count('holiday') })}</Tag>
                <Tag color={KIND_COLORS.workday}>{t('counts.workday', { count: count('workday') })}</Tag>
              </>
            )}
          </Flex>
        }
        extra={
          <Flex gap={8} wrap>
            <Select
              aria-label={t('fields.year')}
              value={year}
              options={yearOptions(thisYear)}
              onChange={setYear}
              style={{ width: 110 }}
            />
            {permission.has(CALENDAR_PERMISSIONS.add) && (
              <Button type="primary" onClick={() => setEdit({ mode: 'add', year })}>
                {t('actions.add')}
              </Button>
            )}
          </Flex>
        }
      >
        {days.isError && <Alert type="error" showIcon title={t('loadFailed')} style={{ marginBottom: 16 }} />}
        {days.data && count('holiday') > 0 && count('workday') === 0 && (
          <Alert type="warning" showIcon title={t('noWorkdays', { year })} style={{ marginBottom: 16 }} />
        )}
        <Table<TCalendarDayRecord>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={records}
          loading={days.isFetching}
          pagination={false}
          locale={{ emptyText: t('empty', { year }) }}
        />
      </Card>
      <HolidayModal edit={edit} onClose={() => setEdit(null)} />
    </section>
  );
}
