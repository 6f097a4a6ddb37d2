import type { TErrorLogRecord } from '@portal/domain/error-logs/rules';
import { formatDate } from '@portal/domain/format/format';
import {
  Button,
  Card,
  Empty,
  Flex,
  Form,
  Input,
  Result,
  Table,
  type TableColumnsType,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../components/pager/Pager.tsx';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { SearchActions } from '../../../components/search-form/SearchActions.tsx';
import { type TLocalErrorLog, useErrorLogStore } from '../../../lib/error-log.ts';
import { useScrollRegion } from '../../../lib/use-scroll-region.ts';
import { useIsMobile } from '../../../shell/use-is-mobile.ts';
import { ERROR_LOG_VIEW, useErrorLogPage } from '../api/error-log-page.ts';

interface TFilter {
  account?: string;
  keyword?: string;
}

function StackText({ stack }: { stack: string }) {
  const { t } = useTranslation('error-logs');
  return stack ? (
    <pre className="portal-error-stack">{stack}</pre>
  ) : (
    <Typography.Text type="secondary">{t('noStack')}</Typography.Text>
  );
}

function ServerLogs() {
  const { t } = useTranslation('error-logs');
  const tableRegion = useScrollRegion<HTMLDivElement>(t('tabs.server'));
  const mobile = useIsMobile();
  const [form] = Form.useForm<TFilter>();
  const [filter, setFilter] = useState<TFilter>({});
  const [page, setPage] = useState({ current: 1, size: 10 });
  const query = useErrorLogPage({ current: page.current, size: page.size, model: filter });

  const columns: TableColumnsType<TErrorLogRecord> = [
    { key: 'at', title: t('fields.at'), width: 160, render: (_, r) => formatDate(r.createdAt) },
    { key: 'account', title: t('fields.account'), width: 120, render: (_, r) => r.account || '-' },
    {
      key: 'message',
      title: t('fields.message'),
      render: (_, r) => <Typography.Text className="portal-error-message">{r.message}</Typography.Text>,
    },
    {
      key: 'url',
      title: t('fields.url'),
      width: 260,
      ellipsis: true,
      render: (_, r) => r.url,
      responsive: ['lg'],
    },
    { key: 'ip', title: t('fields.ip'), width: 130, render: (_, r) => r.ip || '-', responsive: ['xl'] },
  ];

  return (
    <>
      <Form<TFilter>
        form={form}
        layout={mobile ? 'vertical' : 'inline'}
        onFinish={(values) => {
          setFilter({
            account: values.account?.trim() || undefined,
            keyword: values.keyword?.trim() || undefined,
          });
          setPage((p) => ({ ...p, current: 1 }));
        }}
        className="portal-search-form"
      >
        <Form.Item name="account" label={t('fields.account')}>
          <Input allowClear maxLength={30} />
        </Form.Item>
        <Form.Item name="keyword" label={t('filter.keyword')}>
          <Input allowClear maxLength={200} placeholder={t('filter.keywordHint')} />
        </Form.Item>
        <SearchActions
          labels={{ search: t('filter.search'), reset: t('filter.reset'), reload: t('filter.reload') }}
          onReset={() => {
            form.resetFields();
            setFilter({});
            setPage((p) => ({ ...p, current: 1 }));
          }}
          onReload={() => void query.refetch()}
        />
      </Form>
      <div ref={tableRegion}>
        <Table<TErrorLogRecord>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={query.data?.records ?? []}
          loading={query.isFetching}
          pagination={false}
          expandable={{
            columnTitle: <span className="portal-sr-only">{t('fields.details')}</span>,
            expandedRowRender: (r) => (
              <Flex vertical gap={8}>
                <Typography.Text>
                  <strong>{t('fields.url')}:</strong> {r.url}
                </Typography.Text>
                <Typography.Text type="secondary">
                  <strong>{t('fields.userAgent')}:</strong> {r.userAgent || '-'}
                </Typography.Text>
                {r.info && <pre className="portal-error-stack">{JSON.stringify(r.info, null, 2)}</pre>}
                <StackText stack={r.stack} />
              </Flex>
            ),
          }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} /> }}
          scroll={{ x: mobile ? 640 : undefined }}
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

function LocalLogs() {
  const { t } = useTranslation('error-logs');
  const logs = useErrorLogStore((s) => s.logs);
  const clear = useErrorLogStore((s) => s.clear);
  const columns: TableColumnsType<TLocalErrorLog> = [
    { key: 'at', title: t('fields.at'), width: 160, render: (_, r) => formatDate(r.at) },
    {
      key: 'source',
      title: t('fields.source'),
      width: 150,
      render: (_, r) => <Tag>{t(`source.${r.source}`)}</Tag>,
    },
    { key: 'message', title: t('fields.message'), render: (_, r) => r.message },
    {
      key: 'reported',
      title: t('fields.reported'),
      width: 100,
      render: (_, r) => (r.reported ? <Tag color="green">{t('yes')}</Tag> : <Tag>{t('no')}</Tag>),
    },
  ];
  return (
    <>
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">{t('local.hint')}</Typography.Text>
        <Button disabled={logs.length === 0} onClick={clear}>
          {t('local.clear')}
        </Button>
      </Flex>
      <Table<TLocalErrorLog>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={logs}
        pagination={false}
        expandable={{
          columnTitle: <span className="portal-sr-only">{t('fields.details')}</span>,
          expandedRowRender: (r) => <StackText stack={r.stack} />,
        }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('local.empty')} /> }}
      />
    </>
  );
}

/** The error log (SUPER_ADMIN): front-end errors reported by users, and this tab's own. */
export function ErrorLogPage() {
  const { t } = useTranslation('error-logs');
  const allowed = usePermission().has(ERROR_LOG_VIEW);
  if (!allowed) return <Result status="403" title="403" subTitle={t('forbidden')} />;
  return (
    <Card title={t('title')}>
      <Tabs
        items={[
          { key: 'server', label: t('tabs.server'), children: <ServerLogs /> },
          { key: 'local', label: t('tabs.local'), children: <LocalLogs /> },
        ]}
      />
    </Card>
  );
}
