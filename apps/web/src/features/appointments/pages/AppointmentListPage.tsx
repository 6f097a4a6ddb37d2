import {
  APPOINTMENT_STATUSES,
  APPOINTMENT_VIEW,
  CREATE_TIME_ORDER_MESSAGE,
  DB_FORM_LIMIT,
  dbFormCountAllowed,
  type TAppointment,
  type TAppointmentFilter,
} from '@portal/domain/appointments/rules';
import { ERRORS } from '@portal/domain/errors/catalogue';
import {
  Badge,
  Button,
  Card,
  DatePicker,
  Empty,
  Flex,
  Form,
  Input,
  Result,
  Select,
  Table,
  type TableColumnsType,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Pager } from '../../../components/pager/Pager.tsx';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { MaskedValue } from '../../../components/personal-data/personal-data.tsx';
import { SearchActions } from '../../../components/search-form/SearchActions.tsx';
import { feedback } from '../../../lib/feedback.ts';
import { pickLanguage } from '../../../lib/i18n.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { useScrollRegion } from '../../../lib/use-scroll-region.ts';
import { issueText } from '../../../lib/zod-form.ts';
import { useIsMobile } from '../../../shell/use-is-mobile.ts';
import { useAppointmentList } from '../api/appointment-list.ts';
import { downloadAppointInfoList, downloadAppointmentList, downloadClaimForm } from '../api/downloads.ts';
import { useRelaProviders } from '../api/rela-providers.ts';
import { AppointmentStatusTag } from '../components/AppointmentStatusTag.tsx';
import { RelaProviderSelect } from '../components/RelaProviderSelect.tsx';
import { readStatusFilter, writeStatusFilter } from '../status-filter.ts';

interface TFormValues {
  status: string[];
  providerIds?: string[];
  appointNo?: string;
  member?: string;
  patientBirthday?: Dayjs | null;
  createTime?: [Dayjs | null, Dayjs | null] | null;
}

const trimmed = (v?: string) => v?.trim() || undefined;
const TIME = 'YYYY-MM-DD HH:mm:ss';

/** The appointment inquiry: the spec's filter, a server-paged table with selection, and the downloads. */
function AppointmentList() {
  const { t } = useTranslation('appointments');
  const lang = useLanguage();
  const mobile = useIsMobile();
  const tableRegion = useScrollRegion<HTMLDivElement>(t('list.title'));
  const can = usePermission();
  const [form] = Form.useForm<TFormValues>();
  const initialStatus = readStatusFilter();
  const [filter, setFilter] = useState<TAppointmentFilter>({ status: initialStatus, providerIds: [] });
  const [page, setPage] = useState({ current: 1, size: 10 });
  const [selected, setSelected] = useState<string[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const query = useAppointmentList({ current: page.current, size: page.size, model: filter });
  const providers = useRelaProviders();

  const run = async (key: string, work: () => Promise<unknown>) => {
    setBusy(key);
    try {
      await work();
      feedback.success(t('actions.downloaded'));
    } catch {
      // the http client has shown the server's message
    } finally {
      setBusy(null);
    }
  };

  const claimForm = () => {
    if (!dbFormCountAllowed(selected.length)) {
      const entry = ERRORS.APPOINT_DB_FORM_COUNT;
      feedback.warning(lang === 'en' ? entry.en : entry.zh);
      return;
    }
    void run('form', () => downloadClaimForm(selected));
  };

  const columns: TableColumnsType<TAppointment> = [
    {
      key: 'appointNo',
      title: t('fields.appointNo'),
      width: 150,
      render: (_, r) => (
        <Badge dot={!r.haveRead} title={r.haveRead ? undefined : t('list.unread')} offset={[6, 0]}>
          <Link to={`/appointment/detail?id=${r.id}`}>{r.appointNo}</Link>
        </Badge>
      ),
    },
    {
      key: 'status',
      title: t('fields.status'),
      width: 100,
      render: (_, r) => <AppointmentStatusTag status={r.status} />,
    },
    {
      key: 'member',
      title: t('fields.member'),
      width: 190,
      // Masked in the list (decision 0020); the detail reveals it, logged.
      render: (_, r) => (
        <>
          <MaskedValue
            field="memberName"
            kind="name"
            value={pickLanguage(r.memberName, r.memberNameEn)}
            masked
          />{' '}
          ({r.memberId})
        </>
      ),
    },
    {
      key: 'birthday',
      title: t('fields.birthday'),
      width: 110,
      render: (_, r) => (
        <MaskedValue field="patientBirthday" kind="birthday" value={r.patientBirthday} masked />
      ),
    },
    {
      key: 'provider',
      title: t('fields.provider'),
      width: 200,
      ellipsis: true,
      render: (_, r) => pickLanguage(r.providerCnName, r.providerEnName) || r.providerId,
    },
    {
      key: 'coverage',
      title: t('fields.coverage'),
      width: 90,
      render: (_, r) => `${r.coverageCode} ${r.currency}`,
    },
    {
      key: 'visit',
      title: t('fields.visitDate'),
      width: 140,
      render: (_, r) => `${r.visitDate} ${r.visitTime}`.trim(),
    },
    { key: 'department', title: t('fields.department'), dataIndex: 'department', width: 110, ellipsis: true },
    { key: 'createTime', title: t('fields.createTime'), dataIndex: 'createTime', width: 170 },
    {
      key: 'actions',
      title: t('fields.actions'),
      width: 130,
      fixed: mobile ? undefined : 'right',
      render: (_, r) => (
        <Flex gap={8}>
          <Link to={`/appointment/detail?id=${r.id}`}>{t('list.detail')}</Link>
          <Link to={`/appointment/processDetail?id=${r.id}`}>{t('list.process')}</Link>
        </Flex>
      ),
    },
  ];

  return (
    <>
      <Form<TFormValues>
        form={form}
        layout={mobile ? 'vertical' : 'inline'}
        role="search"
        className="portal-search-form"
        style={{ rowGap: 12, marginBottom: 16 }}
        initialValues={{ status: initialStatus }}
        onFinish={(values) => {
          const [start, end] = values.createTime ?? [null, null];
          writeStatusFilter(values.status ?? []);
          setFilter({
            status: (values.status ?? []) as TAppointmentFilter['status'],
            providerIds: values.providerIds ?? [],
            appointNo: trimmed(values.appointNo),
            member: trimmed(values.member),
            patientBirthday: values.patientBirthday ? values.patientBirthday.format('YYYY-MM-DD') : undefined,
            createTimeStart: start ? start.format(TIME) : undefined,
            createTimeEnd: end ? end.format(TIME) : undefined,
          });
          setSelected([]);
          setPage((p) => ({ ...p, current: 1 }));
        }}
      >
        <Form.Item name="status" label={t('list.filter.status')}>
          <Select
            mode="multiple"
            allowClear
            maxTagCount="responsive"
            placeholder={t('list.filter.allStatuses')}
            style={{ width: 220 }}
            options={Object.values(APPOINTMENT_STATUSES).map((s) => ({ value: s.code, label: s[lang] }))}
          />
        </Form.Item>
        {(providers.data?.length ?? 0) > 1 && (
          <Form.Item name="providerIds" label={t('list.filter.providerIds')}>
            <RelaProviderSelect
              mode="multiple"
              allowClear
              placeholder={t('list.filter.allProviders')}
              style={{ width: 220 }}
            />
          </Form.Item>
        )}
        <Form.Item name="appointNo" label={t('list.filter.appointNo')}>
          <Input allowClear maxLength={32} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="member" label={t('list.filter.member')}>
          <Input
            allowClear
            maxLength={100}
            placeholder={t('list.filter.memberPlaceholder')}
            style={{ width: 170 }}
          />
        </Form.Item>
        <Form.Item name="patientBirthday" label={t('list.filter.patientBirthday')}>
          <DatePicker />
        </Form.Item>
        <Form.Item
          name="createTime"
          label={t('list.filter.createTime')}
          rules={[
            {
              validator: async (_rule, value: TFormValues['createTime']) => {
                const [start, end] = value ?? [null, null];
                if (start && end && !end.isAfter(start))
                  throw new Error(issueText(CREATE_TIME_ORDER_MESSAGE));
              },
            },
          ]}
        >
          <DatePicker.RangePicker
            showTime
            allowEmpty={[true, true]}
            order={false}
            placeholder={[t('list.filter.startTime'), t('list.filter.endTime')]}
          />
        </Form.Item>
        <SearchActions
          labels={{ search: t('list.search'), reset: t('list.reset'), reload: t('list.reload') }}
          onReset={() => {
            form.resetFields();
            form.setFieldsValue({ status: [] });
            writeStatusFilter([]);
            setFilter({ status: [], providerIds: [] });
            setSelected([]);
            setPage((p) => ({ ...p, current: 1 }));
          }}
          onReload={() => void query.refetch()}
        >
          <Button
            loading={busy === 'list'}
            onClick={() => void run('list', () => downloadAppointmentList(filter))}
          >
            {t('list.exportList')}
          </Button>
        </SearchActions>
      </Form>
      <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
        <span>{t('list.selected', { count: selected.length })}</span>
        <Button
          disabled={selected.length === 0}
          loading={busy === 'selected'}
          onClick={() => void run('selected', () => downloadAppointInfoList(selected))}
        >
          {t('list.exportSelected')}
        </Button>
        <Button
          type="primary"
          disabled={selected.length === 0 || !can.has(APPOINTMENT_VIEW)}
          loading={busy === 'form'}
          onClick={claimForm}
          title={`1 – ${DB_FORM_LIMIT - 1}`}
        >
          {t('list.claimForm')}
        </Button>
      </Flex>
      <div ref={tableRegion}>
        <Table<TAppointment>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={query.data?.records ?? []}
          loading={query.isFetching}
          pagination={false}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys as string[]),
            preserveSelectedRowKeys: true,
          }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.empty')} /> }}
          scroll={{ x: 1200 }}
        />
      </div>
      <Flex justify="flex-end" style={{ marginTop: 16 }}>
        <Pager
          current={page.current}
          pageSize={page.size}
          total={query.data?.total ?? 0}
          simple={mobile}
          onChange={(current, size) => setPage({ current, size })}
        />
      </Flex>
    </>
  );
}

/** The appointment inquiry screen (view permission; the server checks it and the provider's switch too). */
export function AppointmentListPage() {
  const { t } = useTranslation('appointments');
  const allowed = usePermission().has(APPOINTMENT_VIEW);
  if (!allowed) return <Result status="403" title="403" subTitle={t('forbidden')} />;
  return (
    <Card title={t('list.title')}>
      <AppointmentList />
    </Card>
  );
}
