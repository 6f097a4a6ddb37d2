import { DownloadOutlined } from '@ant-design/icons';
import { CLAIM_BATCH_STATUS, type TClaimBatchStatus, type TScheduleRow } from '@portal/domain/claims/rules';
import { formatMoney } from '@portal/domain/members/benefits';
import { Button, Card, Empty, Form, Input, Select, Space, Table } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { MemberNameCell } from '../../members/components/MemberMasked.tsx';
import { logClaimMenu } from '../api/bury-log.ts';
import { exportClaimSchedule, useClaimSchedule } from '../api/claim-schedule.ts';
import { BatchStatusTag, LineStatusTag, reasonNames, useLang } from '../components.tsx';

type TFilter = { status: TClaimBatchStatus[]; batchNo?: string; member?: string };

/** /claim/schedule: which claim is in which batch, its status and amounts, with an export. */
export function ClaimSchedulePage() {
  const { t } = useTranslation('claims');
  const lang = useLang();
  const { has } = usePermission();
  const area = has('claim:batch:view') ? 'batch' : 'audit';
  const [body, setBody] = useState<{ current: number; size: number; model: TFilter }>({
    current: 1,
    size: 20,
    model: { status: [] },
  });
  const [exporting, setExporting] = useState(false);
  const list = useClaimSchedule(area, body);
  useEffect(() => logClaimMenu('/claim/schedule'), []);
  const exportNow = () => {
    setExporting(true);
    exportClaimSchedule(area, body)
      .catch(() => undefined)
      .finally(() => setExporting(false));
  };
  const batchLink = (r: TScheduleRow) =>
    area === 'batch' ? `/claim/detail?id=${r.batchId}` : `/claim/adminDetail?id=${r.batchId}`;
  return (
    <Card title={t('schedule.title')}>
      <Form<TFilter>
        layout="inline"
        initialValues={body.model}
        onFinish={(v) =>
          setBody({
            current: 1,
            size: body.size,
            model: { status: v.status ?? [], batchNo: v.batchNo, member: v.member },
          })
        }
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="status" label={t('fields.status')}>
          <Select
            mode="multiple"
            allowClear
            style={{ minWidth: 220 }}
            placeholder={t('list.allStatuses')}
            options={Object.values(CLAIM_BATCH_STATUS).map((s) => ({ value: s.code, label: s[lang] }))}
          />
        </Form.Item>
        <Form.Item name="batchNo" label={t('fields.batchNo')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="member" label={t('fields.member')}>
          <Input allowClear placeholder={t('schedule.memberPlaceholder')} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('list.search')}
          </Button>
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportNow}>
            {t('schedule.export')}
          </Button>
        </Space>
      </Form>
      <Table<TScheduleRow>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('schedule.empty')} />,
        }}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: body.current,
          pageSize: body.size,
          total: list.data?.total ?? 0,
          pageSizeOptions: [10, 20, 30, 50],
          showSizeChanger: true,
          onChange: (current, size) => setBody({ ...body, current, size }),
        }}
        columns={[
          { title: t('fields.batchNo'), render: (_, r) => <Link to={batchLink(r)}>{r.batchNo}</Link> },
          { title: t('fields.status'), render: (_, r) => <BatchStatusTag status={r.batchStatus} /> },
          { title: t('fields.row'), dataIndex: 'rowNo' },
          {
            title: t('fields.member'),
            render: (_, r) => (
              <>
                <MemberNameCell memberId={r.memberId} name={r.memberName} nameEn={r.memberNameEn} /> (
                {r.memberId})
              </>
            ),
          },
          { title: t('fields.visitDate'), dataIndex: 'visitDate' },
          { title: t('fields.coverage'), dataIndex: 'coverageCode' },
          { title: t('fields.item'), render: (_, r) => `${r.itemCode} ${r.itemName}` },
          {
            title: t('fields.claimed'),
            align: 'right',
            render: (_, r) => `${r.currency} ${formatMoney(r.amount)}`,
          },
          {
            title: t('fields.payable'),
            align: 'right',
            render: (_, r) =>
              r.payableAmount === null ? '-' : `${r.currency} ${formatMoney(r.payableAmount)}`,
          },
          { title: t('fields.lineStatus'), render: (_, r) => <LineStatusTag status={r.status} /> },
          { title: t('fields.reasons'), render: (_, r) => reasonNames(r.reasonCodes, lang) || '-' },
          { title: t('fields.submitTime'), dataIndex: 'submitTime' },
        ]}
      />
    </Card>
  );
}
