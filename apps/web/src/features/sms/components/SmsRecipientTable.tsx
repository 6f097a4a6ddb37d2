import { formatDate } from '@portal/domain/format/format';
import type { TSmsRecipient } from '@portal/domain/sms/rules';
import { Empty, Flex, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../components/pager/Pager.tsx';
import { useSmsRecipientPage } from '../api/sms-recipient-page.ts';
import { SmsDeliveryTag } from './SmsDeliveryTag.tsx';
import { SmsStatusTag } from './SmsStatusTag.tsx';

/** One batch's recipients, server-paged, refreshed while any is still on its way. */
export function SmsRecipientTable({ batchId }: { batchId: string }) {
  const { t } = useTranslation('sms');
  const [page, setPage] = useState({ current: 1, size: 10 });
  const query = useSmsRecipientPage({ batchId, current: page.current, size: page.size });
  const columns: TableColumnsType<TSmsRecipient> = [
    { key: 'phone', title: t('recipients.phone'), dataIndex: 'phone', width: 130 },
    { key: 'name', title: t('recipients.name'), width: 110, render: (_, r) => r.name || '-' },
    { key: 'provider', title: t('recipients.provider'), width: 100, render: (_, r) => r.providerId || '-' },
    { key: 'text', title: t('recipients.text'), dataIndex: 'text', ellipsis: true },
    {
      key: 'status',
      title: t('recipients.status'),
      width: 120,
      render: (_, r) => <SmsStatusTag status={r.status} />,
    },
    {
      key: 'delivery',
      title: t('recipients.delivery'),
      width: 130,
      render: (_, r) => <SmsDeliveryTag delivery={r.delivery} />,
    },
    { key: 'attempts', title: t('recipients.attempts'), dataIndex: 'attempts', width: 90, align: 'right' },
    {
      key: 'reason',
      title: t('recipients.reason'),
      render: (_, r) => (
        <Flex vertical>
          {r.error ? (
            <Typography.Text type={r.status === 'failed' ? 'danger' : 'secondary'}>{r.error}</Typography.Text>
          ) : null}
          {r.status === 'pending' && r.attempts > 0 && r.nextAttemptAt ? (
            <Typography.Text type="secondary">
              {t('recipients.nextAttempt', { time: formatDate(r.nextAttemptAt, 'HH:mm:ss') })}
            </Typography.Text>
          ) : null}
          {r.deliveryReason ? (
            <Typography.Text type={r.delivery === 'undelivered' ? 'danger' : 'secondary'}>
              {t(r.delivery === 'undelivered' ? 'recipients.deliveryReason' : 'recipients.receiptQuery', {
                reason: r.deliveryReason,
              })}
            </Typography.Text>
          ) : null}
          {r.delivery === 'delivered' && r.deliveredAt ? (
            <Typography.Text type="secondary">
              {t('recipients.deliveredAt', { time: formatDate(r.deliveredAt, 'YYYY-MM-DD HH:mm:ss') })}
            </Typography.Text>
          ) : null}
          {!r.error && !r.deliveryReason && r.delivery !== 'delivered' && r.status !== 'pending' ? '-' : null}
        </Flex>
      ),
    },
  ];
  return (
    <>
      <Table<TSmsRecipient>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={query.data?.records ?? []}
        loading={query.isLoading}
        pagination={false}
        aria-label={t('recipients.status')}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('recipients.empty')} />,
        }}
        scroll={{ x: 950 }}
      />
      {(query.data?.total ?? 0) > page.size ? (
        <Flex justify="flex-end" style={{ marginTop: 8 }}>
          <Pager
            current={page.current}
            pageSize={page.size}
            total={query.data?.total ?? 0}
            onChange={(current, size) => setPage({ current, size })}
          />
        </Flex>
      ) : null}
    </>
  );
}
