import { ReloadOutlined } from '@ant-design/icons';
import { formatDate } from '@portal/domain/format/format';
import type { TSmsBatch } from '@portal/domain/sms/rules';
import { Button, Empty, Flex, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../components/pager/Pager.tsx';
import { pickLanguage } from '../../../lib/i18n.ts';
import { useSmsBatchPage } from '../api/sms-batch-page.ts';
import { SmsRecipientTable } from './SmsRecipientTable.tsx';

/** The tenant's sent SMS, newest first, server-paged; a row opens its recipients' statuses. */
export function SmsBatchList() {
  const { t } = useTranslation('sms');
  const [page, setPage] = useState({ current: 1, size: 10 });
  const query = useSmsBatchPage({ current: page.current, size: page.size });
  const columns: TableColumnsType<TSmsBatch> = [
    { key: 'createdAt', title: t('list.createdAt'), width: 170, render: (_, b) => formatDate(b.createdAt) },
    { key: 'content', title: t('list.content'), dataIndex: 'content', ellipsis: true },
    {
      key: 'sender',
      title: t('list.sender'),
      width: 120,
      render: (_, b) => pickLanguage(b.senderName, b.senderNameEn) || b.senderAccount,
    },
    { key: 'total', title: t('list.total'), dataIndex: 'total', width: 100, align: 'right' },
    {
      key: 'progress',
      title: t('list.progress'),
      width: 240,
      render: (_, b) => (
        <Flex vertical>
          <Typography.Text type={b.failed > 0 ? 'danger' : undefined}>
            {t('list.counts', { sent: b.sent, failed: b.failed, waiting: b.pending + b.sending })}
          </Typography.Text>
          {b.sent > 0 ? (
            <Typography.Text type={b.undelivered > 0 ? 'danger' : 'secondary'}>
              {t('list.delivery', { delivered: b.delivered, undelivered: b.undelivered })}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
  ];
  return (
    <>
      <Flex justify="flex-end" style={{ marginBottom: 8 }}>
        <Button
          icon={<ReloadOutlined />}
          aria-label={t('list.reload')}
          onClick={() => void query.refetch()}
        />
      </Flex>
      <Table<TSmsBatch>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={query.data?.records ?? []}
        loading={query.isLoading}
        pagination={false}
        expandable={{ expandedRowRender: (b) => <SmsRecipientTable batchId={b.id} /> }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.empty')} /> }}
        scroll={{ x: 820 }}
      />
      <Flex justify="flex-end" style={{ marginTop: 16 }}>
        <Pager
          current={page.current}
          pageSize={page.size}
          total={query.data?.total ?? 0}
          onChange={(current, size) => setPage({ current, size })}
        />
      </Flex>
    </>
  );
}
