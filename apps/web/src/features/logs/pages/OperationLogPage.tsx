import { formatDate } from '@portal/domain/format/format';
import {
  OPERATION_ACTIONS,
  OPERATION_LOG_VIEW,
  OPERATION_TARGETS,
  type TOperationLogRecord,
} from '@portal/domain/logs/rules';
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
import { useOperationLogPage } from '../api/operation-log-page.ts';
import { ChangeView } from '../components/ChangeView.tsx';
import { ExportButton } from '../components/ExportButton.tsx';
import { dayRange } from '../components/time-range.ts';

interface TFilterForm {
  timeRange?: [Dayjs | null, Dayjs | null] | null;
  account?: string;
  action?: string;
  targetTable?: string;
  targetId?: string;
}

interface TFilter {
  timeRange?: [string, string];
  account?: string;
  action?: string;
  targetTable?: string;
  targetId?: string;
}

const SORTABLE = ['createdAt'] as const;
type TLabels = Record<string, { zh: string; en: string }>;

function OperationLogList() {
  const { t, i18n } = useTranslation('logs');
  const lang = (i18n.resolvedLanguage ?? i18n.language) === 'en' ? 'en' : 'zh';
  const mobile = useIsMobile();
  const [form] = Form.useForm<TFilterForm>();
  const [filter, setFilter] = useState<TFilter>({});
  const [page, setPage] = useState({ current: 1, size: 10 });
  const listSort = useListSort(SORTABLE, { sort: 'createdAt', order: 'descending' });
  const model = {
    account: filter.account,
    action: filter.action,
    targetTable: filter.targetTable,
    targetId: filter.targetId,
  };
  const query = useOperationLogPage({
    current: page.current,
    size: page.size,
    order: listSort.sort.order,
    model,
    timeRange: filter.timeRange,
  });
  const label = (labels: TLabels, code: string) => labels[code]?.[lang] ?? code;

  const columns: TableColumnsType<TOperationLogRecord> = [
    {
      ...listSort.column('createdAt'),
      sortDirections: ['descend', 'ascend', 'descend'],
      title: t('fields.at'),
      width: 170,
      render: (_, r) => formatDate(r.createdAt),
    },
    { key: 'account', title: t('fields.account'), width: 130, render: (_, r) => r.account || '-' },
    {
      key: 'action',
      title: t('operation.action'),
      width: 150,
      render: (_, r) => <Tag>{label(OPERATION_ACTIONS, r.action)}</Tag>,
    },
    {
      key: 'targetTable',
      title: t('operation.targetTable'),
      width: 150,
      render: (_, r) => label(OPERATION_TARGETS, r.targetTable),
    },
    {
      key: 'targetId',
      title: t('operation.targetId'),
      render: (_, r) => <Typography.Text style={{ wordBreak: 'break-all' }}>{r.targetId}</Typography.Text>,
    },
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
            action: values.action || undefined,
            targetTable: values.targetTable || undefined,
            targetId: values.targetId?.trim() || undefined,
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
        <Form.Item name="action" label={t('operation.action')}>
          <Select
            allowClear
            placeholder={t('filter.all')}
            style={{ width: 170 }}
            options={Object.entries(OPERATION_ACTIONS).map(([value, l]) => ({ value, label: l[lang] }))}
          />
        </Form.Item>
        <Form.Item name="targetTable" label={t('operation.targetTable')}>
          <Select
            allowClear
            placeholder={t('filter.all')}
            style={{ width: 170 }}
            options={Object.entries(OPERATION_TARGETS).map(([value, l]) => ({ value, label: l[lang] }))}
          />
        </Form.Item>
        <Form.Item name="targetId" label={t('operation.targetId')}>
          <Input allowClear maxLength={64} style={{ width: 200 }} />
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
            log="operation"
            params={{ ...model, from: filter.timeRange?.[0], to: filter.timeRange?.[1] }}
          />
        </SearchActions>
      </Form>
      <Table<TOperationLogRecord>
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
          rowExpandable: (r) => Boolean(r.before || r.after),
          expandedRowRender: (r) => <ChangeView before={r.before} after={r.after} />,
        }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('operation.empty')} />,
        }}
        scroll={{ x: mobile ? 820 : undefined }}
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

/** The operation log: who changed what and when (operators with the log permission). */
export function OperationLogPage() {
  const { t } = useTranslation('logs');
  const allowed = usePermission().has(OPERATION_LOG_VIEW);
  if (!allowed) return <Result status="403" title="403" subTitle={t('forbidden')} />;
  return (
    <Card title={t('operation.title')}>
      <OperationLogList />
    </Card>
  );
}
