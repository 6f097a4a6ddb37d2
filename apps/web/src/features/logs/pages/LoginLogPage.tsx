import { formatDate } from '@portal/domain/format/format';
import { LOGIN_LOG_VIEW, LOGIN_RESULTS, type TLoginResult } from '@portal/domain/logs/rules';
import {
  SECURITY_EVENT_REASONS,
  SECURITY_EVENTS,
  type TSecurityEvent,
} from '@portal/domain/security-events/codes';
import type { TSecurityEventRecord } from '@portal/domain/security-events/rules';
import {
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
  Tag,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../components/pager/Pager.tsx';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { SearchActions } from '../../../components/search-form/SearchActions.tsx';
import { useListSort } from '../../../lib/use-list-sort.ts';
import { useIsMobile } from '../../../shell/use-is-mobile.ts';
import { useLoginLogPage } from '../api/login-log-page.ts';
import { ExportButton } from '../components/ExportButton.tsx';
import { dayRange } from '../components/time-range.ts';

interface TFilterForm {
  timeRange?: [Dayjs | null, Dayjs | null] | null;
  account?: string;
  ip?: string;
  result?: TLoginResult;
}

interface TFilter {
  timeRange?: [string, string];
  account?: string;
  ip?: string;
  result?: TLoginResult;
}

const SORTABLE = ['createdAt'] as const;
const EVENT_COLOURS: Record<string, string> = { 'sign-in': 'green', 'sign-in-failed': 'orange' };

function LoginLogList() {
  const { t, i18n } = useTranslation('logs');
  const lang = (i18n.resolvedLanguage ?? i18n.language) === 'en' ? 'en' : 'zh';
  const mobile = useIsMobile();
  const [form] = Form.useForm<TFilterForm>();
  const [filter, setFilter] = useState<TFilter>({});
  const [page, setPage] = useState({ current: 1, size: 10 });
  const listSort = useListSort(SORTABLE, { sort: 'createdAt', order: 'descending' });
  const model = { account: filter.account, ip: filter.ip, result: filter.result };
  const query = useLoginLogPage({
    current: page.current,
    size: page.size,
    order: listSort.sort.order,
    model,
    timeRange: filter.timeRange,
  });
  const eventLabel = (event: string) =>
    event in SECURITY_EVENTS ? SECURITY_EVENTS[event as TSecurityEvent][lang] : event;
  const reasonLabel = (reason: string) =>
    reason in SECURITY_EVENT_REASONS
      ? SECURITY_EVENT_REASONS[reason as keyof typeof SECURITY_EVENT_REASONS][lang]
      : reason;

  const columns: TableColumnsType<TSecurityEventRecord> = [
    {
      ...listSort.column('createdAt'),
      sortDirections: ['descend', 'ascend', 'descend'],
      title: t('fields.at'),
      width: 170,
      render: (_, r) => formatDate(r.createdAt),
    },
    {
      key: 'event',
      title: t('login.event'),
      width: 140,
      render: (_, r) => <Tag color={EVENT_COLOURS[r.event] ?? 'default'}>{eventLabel(r.event)}</Tag>,
    },
    { key: 'account', title: t('fields.account'), width: 140, render: (_, r) => r.account || '-' },
    { key: 'reason', title: t('login.reason'), render: (_, r) => reasonLabel(r.reason) || '-' },
    { key: 'ip', title: t('fields.ip'), width: 150, render: (_, r) => r.ip || '-' },
    {
      key: 'requestId',
      title: t('fields.requestId'),
      width: 290,
      responsive: ['xl'],
      render: (_, r) => <Typography.Text type="secondary">{r.requestId || '-'}</Typography.Text>,
    },
  ];

  return (
    <>
      <Form<TFilterForm>
        form={form}
        layout={mobile ? 'vertical' : 'inline'}
        role="search"
        className="portal-search-form"
        style={{ rowGap: 12, marginBottom: 16 }}
        onFinish={(values) => {
          setFilter({
            timeRange: dayRange(values.timeRange),
            account: values.account?.trim() || undefined,
            ip: values.ip?.trim() || undefined,
            result: values.result || undefined,
          });
          setPage((p) => ({ ...p, current: 1 }));
        }}
      >
        <Form.Item name="timeRange" label={t('filter.timeRange')}>
          <DatePicker.RangePicker
            allowEmpty={[true, true]}
            placeholder={[t('filter.from'), t('filter.to')]}
          />
        </Form.Item>
        <Form.Item name="account" label={t('fields.account')}>
          <Input allowClear maxLength={30} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="ip" label={t('fields.ip')}>
          <Input allowClear maxLength={64} placeholder={t('login.ipHint')} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="result" label={t('login.result')}>
          <Select
            allowClear
            placeholder={t('filter.all')}
            style={{ width: 120 }}
            options={(Object.keys(LOGIN_RESULTS) as TLoginResult[]).map((value) => ({
              value,
              label: LOGIN_RESULTS[value][lang],
            }))}
          />
        </Form.Item>
        <SearchActions
          labels={{ search: t('filter.search'), reset: t('filter.reset'), reload: t('filter.reload') }}
          onReset={() => {
            form.resetFields();
            setFilter({});
            setPage((p) => ({ ...p, current: 1 }));
          }}
          onReload={() => void query.refetch()}
        >
          <ExportButton
            log="login"
            params={{ ...model, from: filter.timeRange?.[0], to: filter.timeRange?.[1] }}
          />
        </SearchActions>
      </Form>
      <Table<TSecurityEventRecord>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={query.data?.records ?? []}
        loading={query.isFetching}
        pagination={false}
        onChange={(_pagination, _filters, sorter) => {
          listSort.change(sorter);
          setPage((p) => ({ ...p, current: 1 }));
        }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('login.empty')} /> }}
        scroll={{ x: mobile ? 760 : undefined }}
      />
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

/** The login log: sign-ins, failed sign-ins and sign-outs (a view of the security events). */
export function LoginLogPage() {
  const { t } = useTranslation('logs');
  const allowed = usePermission().has(LOGIN_LOG_VIEW);
  if (!allowed) return <Result status="403" title="403" subTitle={t('forbidden')} />;
  return (
    <Card title={t('login.title')}>
      <LoginLogList />
    </Card>
  );
}
