import { formatDate } from '@portal/domain/format/format';
import {
  SECURITY_EVENT_CODES,
  SECURITY_EVENT_REASONS,
  SECURITY_EVENTS,
  type TSecurityEvent,
} from '@portal/domain/security-events/codes';
import { SECURITY_EVENT_VIEW, type TSecurityEventRecord } from '@portal/domain/security-events/rules';
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
import { useScrollRegion } from '../../../lib/use-scroll-region.ts';
import { useIsMobile } from '../../../shell/use-is-mobile.ts';
import { ExportButton } from '../../logs/components/ExportButton.tsx';
import { useSecurityEventPage } from '../api/security-event-page.ts';

interface TFilterForm {
  timeRange?: [Dayjs | null, Dayjs | null] | null;
  event?: TSecurityEvent;
  account?: string;
  ip?: string;
}

interface TFilter {
  timeRange?: [string, string];
  event?: TSecurityEvent;
  account?: string;
  ip?: string;
}

/** Events that call for attention are shown in the warning colour. */
const WARNING_EVENTS: ReadonlySet<string> = new Set([
  'sign-in-failed',
  'lockout',
  'forbidden',
  'token-reuse',
]);

const SORTABLE = ['createdAt'] as const;

function toFilter(values: TFilterForm): TFilter {
  const [from, to] = values.timeRange ?? [null, null];
  return {
    timeRange:
      from || to
        ? [(from ?? to!).startOf('day').toISOString(), (to ?? from!).endOf('day').toISOString()]
        : undefined,
    event: values.event || undefined,
    account: values.account?.trim() || undefined,
    ip: values.ip?.trim() || undefined,
  };
}

/** The security events of the tenant (operators with the log permission). */
function SecurityEventList() {
  const { t, i18n } = useTranslation('security-events');
  const lang = (i18n.resolvedLanguage ?? i18n.language) === 'en' ? 'en' : 'zh';
  const mobile = useIsMobile();
  const tableRegion = useScrollRegion<HTMLDivElement>(t('title'));
  const [form] = Form.useForm<TFilterForm>();
  const [filter, setFilter] = useState<TFilter>({});
  const [page, setPage] = useState({ current: 1, size: 10 });
  const listSort = useListSort(SORTABLE, { sort: 'createdAt', order: 'descending' });
  const query = useSecurityEventPage({
    current: page.current,
    size: page.size,
    sort: listSort.sort.sort,
    order: listSort.sort.order,
    model: { event: filter.event, account: filter.account, ip: filter.ip },
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
      // Newest first is the default, so a click turns to oldest first, and the next back.
      sortDirections: ['descend', 'ascend', 'descend'],
      title: t('fields.at'),
      width: 170,
      render: (_, r) => formatDate(r.createdAt),
    },
    {
      key: 'event',
      title: t('fields.event'),
      width: 170,
      render: (_, r) => (
        <Tag color={WARNING_EVENTS.has(r.event) ? 'orange' : 'default'}>{eventLabel(r.event)}</Tag>
      ),
    },
    { key: 'account', title: t('fields.account'), width: 140, render: (_, r) => r.account || '-' },
    { key: 'reason', title: t('fields.reason'), render: (_, r) => reasonLabel(r.reason) || '-' },
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
          setFilter(toFilter(values));
          setPage((p) => ({ ...p, current: 1 }));
        }}
      >
        <Form.Item name="timeRange" label={t('filter.timeRange')}>
          <DatePicker.RangePicker
            allowEmpty={[true, true]}
            placeholder={[t('filter.from'), t('filter.to')]}
          />
        </Form.Item>
        <Form.Item name="event" label={t('filter.event')}>
          <Select
            allowClear
            placeholder={t('filter.allEvents')}
            style={{ width: 200 }}
            options={SECURITY_EVENT_CODES.map((code) => ({
              value: code,
              label: SECURITY_EVENTS[code][lang],
            }))}
          />
        </Form.Item>
        <Form.Item name="account" label={t('filter.account')}>
          <Input allowClear maxLength={30} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="ip" label={t('filter.ip')}>
          <Input allowClear maxLength={64} placeholder={t('filter.ipHint')} style={{ width: 180 }} />
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
            log="security"
            params={{
              event: filter.event,
              account: filter.account,
              ip: filter.ip,
              from: filter.timeRange?.[0],
              to: filter.timeRange?.[1],
            }}
          />
        </SearchActions>
      </Form>
      <div ref={tableRegion}>
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
          expandable={{
            columnTitle: <span className="portal-sr-only">{t('fields.details')}</span>,
            rowExpandable: (r) => Boolean(r.detail),
            expandedRowRender: (r) => (
              <pre className="portal-error-stack">{JSON.stringify(r.detail, null, 2)}</pre>
            ),
          }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} /> }}
          scroll={{ x: mobile ? 720 : undefined }}
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

/** The security events screen: visible with the log permission only (the server checks it too). */
export function SecurityEventPage() {
  const { t } = useTranslation('security-events');
  const allowed = usePermission().has(SECURITY_EVENT_VIEW);
  if (!allowed) return <Result status="403" title="403" subTitle={t('forbidden')} />;
  return (
    <Card title={t('title')}>
      <SecurityEventList />
    </Card>
  );
}
