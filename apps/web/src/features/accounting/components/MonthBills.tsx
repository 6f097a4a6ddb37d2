import { DownloadOutlined } from '@ant-design/icons';
import {
  ACC_BUILD,
  accName,
  PAYABLE_SOURCE,
  type THandMonthBill,
  type THandMonthItem,
  type TMonthBillBody,
  type TPayMonthBill,
  type TPayMonthItem,
} from '@portal/domain/accounting/rules';
import {
  Button,
  DatePicker,
  Descriptions,
  Drawer,
  Empty,
  Form,
  Select,
  Space,
  Table,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { pickLanguage } from '../../../lib/i18n.ts';
import {
  exportMonthBills,
  type TBillKey,
  type TBillKind,
  useBillItems,
  useMonthBills,
} from '../api/month-bills.ts';
import { useAccOptions } from '../api/pay-batches.ts';
import { AccProviderSelect } from './AccProviderSelect.tsx';
import { ItemStatusTag, money, useLang } from './status.tsx';

type TModel = NonNullable<TMonthBillBody['model']>;
type TFormValues = {
  range?: [Dayjs | null, Dayjs | null] | null;
  providerId?: string;
  invoiceCurrency?: string;
};
type TBill = THandMonthBill | TPayMonthBill;

const monthOfBill = (b: TBill) => ('handMonth' in b ? b.handMonth : b.paidMoth);

/** The items of one bill in a drawer. */
function BillItems({ kind, bill, onClose }: { kind: TBillKind; bill: TBill; onClose: () => void }) {
  const { t } = useTranslation('accounting');
  const lang = useLang();
  const [paging, setPaging] = useState({ current: 1, size: 20 });
  const key: TBillKey = {
    month: monthOfBill(bill),
    providerId: bill.providerId,
    invoiceCurrency: bill.invoiceCurrency,
  };
  const items = useBillItems(kind, key, paging);
  const c = bill.invoiceCurrency;
  const handColumns: ColumnsType<THandMonthItem> = [
    { title: t('fields.claimBatchNo'), dataIndex: 'claimBatchNo' },
    { title: t('fields.row'), dataIndex: 'rowNo' },
    { title: t('fields.memberId'), dataIndex: 'memberId' },
    { title: t('fields.visitDate'), dataIndex: 'visitDate' },
    { title: t('fields.item'), dataIndex: 'itemName' },
    { title: t('fields.source'), render: (_, r) => accName(PAYABLE_SOURCE, r.source, lang) },
    { title: t('fields.handleTime'), dataIndex: 'handleTime' },
    { title: t('fields.payable'), align: 'right', render: (_, r) => money(c, r.payable) },
    { title: t('fields.paid'), align: 'right', render: (_, r) => money(c, r.paid) },
    { title: t('fields.outstanding'), align: 'right', render: (_, r) => money(c, r.outstanding) },
  ];
  const payColumns: ColumnsType<TPayMonthItem> = [
    {
      title: t('fields.payBatchNo'),
      render: (_, r) => (
        <Link to={`/claim/acc/detail?payBatchNo=${encodeURIComponent(r.payBatchNo)}`}>{r.payBatchNo}</Link>
      ),
    },
    { title: t('fields.paidDate'), dataIndex: 'paidDate' },
    { title: t('fields.claimBatchNo'), dataIndex: 'claimBatchNo' },
    { title: t('fields.row'), dataIndex: 'rowNo' },
    { title: t('fields.memberId'), dataIndex: 'memberId' },
    { title: t('fields.visitDate'), dataIndex: 'visitDate' },
    {
      title: t('fields.claimAmount'),
      align: 'right',
      render: (_, r) => money(r.claimCurrency, r.claimAmount),
    },
    { title: t('fields.rate'), dataIndex: 'rate', align: 'right' },
    { title: t('fields.amount'), align: 'right', render: (_, r) => money(c, r.amount) },
    { title: t('fields.itemStatus'), render: (_, r) => <ItemStatusTag status={r.status} /> },
  ];
  const table = {
    size: 'small' as const,
    loading: items.isFetching,
    scroll: { x: 'max-content' },
    locale: { emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('bills.noItems')} /> },
    pagination: {
      current: paging.current,
      pageSize: paging.size,
      total: items.data?.total ?? 0,
      showSizeChanger: true,
      pageSizeOptions: [10, 20, 30, 50, 100],
      onChange: (current: number, size: number) => setPaging({ current, size }),
    },
  };
  return (
    <Drawer
      open
      size={1100}
      onClose={onClose}
      title={t('bills.itemsTitle', {
        month: monthOfBill(bill),
        provider: `${bill.providerId} ${pickLanguage(bill.providerCnName, bill.providerEnName)}`,
        currency: c,
      })}
    >
      <BillSummary kind={kind} bill={bill} />
      {kind === 'hand' ? (
        <Table<THandMonthItem>
          rowKey="entryId"
          dataSource={(items.data?.records ?? []) as THandMonthItem[]}
          columns={handColumns}
          {...table}
        />
      ) : (
        <Table<TPayMonthItem>
          rowKey="itemId"
          dataSource={(items.data?.records ?? []) as TPayMonthItem[]}
          columns={payColumns}
          {...table}
        />
      )}
    </Drawer>
  );
}

function BillSummary({ kind, bill }: { kind: TBillKind; bill: TBill }) {
  const { t } = useTranslation('accounting');
  const c = bill.invoiceCurrency;
  const items =
    kind === 'hand'
      ? [
          ['claims', String((bill as THandMonthBill).claimCount)],
          ['payable', money(c, (bill as THandMonthBill).payable)],
          ['paid', money(c, (bill as THandMonthBill).paid)],
          ['outstanding', money(c, (bill as THandMonthBill).outstanding)],
        ]
      : [
          ['batches', String((bill as TPayMonthBill).batchCount)],
          ['claims', String((bill as TPayMonthBill).claimCount)],
          ['paid', money(c, (bill as TPayMonthBill).paid)],
          ['reconciled', money(c, (bill as TPayMonthBill).reconciled)],
          ['toReconcile', money(c, (bill as TPayMonthBill).toReconcile)],
        ];
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, md: 5 }}
      style={{ marginBottom: 16 }}
      items={items.map(([key, value]) => ({ key, label: t(`fields.${key}`), children: value }))}
    />
  );
}

/** Monthly bills by handling month ('hand') or paid month ('pay'), with the items of each and the finance export. */
export function MonthBills({ kind }: { kind: TBillKind }) {
  const { t } = useTranslation('accounting');
  const { has } = usePermission();
  const operator = has(ACC_BUILD);
  const currencies = useAccOptions('currency');
  const [body, setBody] = useState<{ current: number; size: number; model: TModel }>({
    current: 1,
    size: 10,
    model: {},
  });
  const [open, setOpen] = useState<TBill | null>(null);
  const [exporting, setExporting] = useState<'xlsx' | 'csv' | null>(null);
  const bills = useMonthBills(kind, body);
  const exportNow = (format: 'xlsx' | 'csv') => {
    setExporting(format);
    exportMonthBills(kind, body.model, format)
      .catch(() => undefined)
      .finally(() => setExporting(null));
  };
  const monthTitle = t(kind === 'hand' ? 'fields.handMonth' : 'fields.paidMonth');
  const common: ColumnsType<TBill> = [
    { title: monthTitle, render: (_, b) => monthOfBill(b) },
    ...(operator
      ? [
          {
            title: t('fields.provider'),
            render: (_: unknown, b: TBill) =>
              `${b.providerId} ${pickLanguage(b.providerCnName, b.providerEnName)}`,
          },
        ]
      : []),
    { title: t('fields.invoiceCurrency'), dataIndex: 'invoiceCurrency' },
  ];
  const amounts: ColumnsType<TBill> =
    kind === 'hand'
      ? [
          { title: t('fields.claims'), align: 'right', render: (_, b) => (b as THandMonthBill).claimCount },
          {
            title: t('fields.payable'),
            align: 'right',
            render: (_, b) => money(b.invoiceCurrency, (b as THandMonthBill).payable),
          },
          {
            title: t('fields.paid'),
            align: 'right',
            render: (_, b) => money(b.invoiceCurrency, (b as THandMonthBill).paid),
          },
          {
            title: t('fields.outstanding'),
            align: 'right',
            render: (_, b) => money(b.invoiceCurrency, (b as THandMonthBill).outstanding),
          },
        ]
      : [
          { title: t('fields.batches'), align: 'right', render: (_, b) => (b as TPayMonthBill).batchCount },
          { title: t('fields.claims'), align: 'right', render: (_, b) => (b as TPayMonthBill).claimCount },
          {
            title: t('fields.paid'),
            align: 'right',
            render: (_, b) => money(b.invoiceCurrency, (b as TPayMonthBill).paid),
          },
          {
            title: t('fields.reconciled'),
            align: 'right',
            render: (_, b) => money(b.invoiceCurrency, (b as TPayMonthBill).reconciled),
          },
          {
            title: t('fields.toReconcile'),
            align: 'right',
            render: (_, b) => money(b.invoiceCurrency, (b as TPayMonthBill).toReconcile),
          },
        ];
  const sums = bills.data?.sums ?? [];
  return (
    <>
      <Form<TFormValues>
        layout="inline"
        onFinish={(v) =>
          setBody({
            current: 1,
            size: body.size,
            model: {
              monthFrom: v.range?.[0]?.format('YYYY-MM'),
              monthTo: v.range?.[1]?.format('YYYY-MM'),
              providerId: v.providerId || undefined,
              invoiceCurrency: v.invoiceCurrency || undefined,
            },
          })
        }
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="range" label={monthTitle}>
          <DatePicker.RangePicker picker="month" allowEmpty={[true, true]} />
        </Form.Item>
        {operator && (
          <Form.Item name="providerId" label={t('fields.provider')}>
            <AccProviderSelect allowClear style={{ width: 220 }} placeholder={t('list.allProviders')} />
          </Form.Item>
        )}
        <Form.Item name="invoiceCurrency" label={t('fields.invoiceCurrency')}>
          <Select
            allowClear
            showSearch
            style={{ width: 140 }}
            placeholder={t('list.allCurrencies')}
            options={(currencies.data ?? []).map((o) => ({ value: o.code, label: o.code }))}
          />
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit">
            {t('list.search')}
          </Button>
          <Button
            icon={<DownloadOutlined />}
            loading={exporting === 'xlsx'}
            onClick={() => exportNow('xlsx')}
          >
            {t('bills.exportXlsx')}
          </Button>
          <Button icon={<DownloadOutlined />} loading={exporting === 'csv'} onClick={() => exportNow('csv')}>
            {t('bills.exportCsv')}
          </Button>
        </Space>
      </Form>
      <Typography.Paragraph type="secondary">
        {t(kind === 'hand' ? 'bills.handHint' : 'bills.payHint')}
      </Typography.Paragraph>
      <Table<TBill>
        rowKey={(b) => `${monthOfBill(b)}|${b.providerId}|${b.invoiceCurrency}`}
        loading={bills.isFetching}
        dataSource={(bills.data?.records ?? []) as TBill[]}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('bills.empty')} /> }}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: body.current,
          pageSize: body.size,
          total: bills.data?.total ?? 0,
          pageSizeOptions: [10, 20, 30, 50],
          showSizeChanger: true,
          onChange: (current, size) => setBody({ ...body, current, size }),
        }}
        columns={[
          ...common,
          ...amounts,
          {
            title: t('fields.actions'),
            render: (_, b) => (
              <Button type="link" size="small" onClick={() => setOpen(b)}>
                {t('bills.items')}
              </Button>
            ),
          },
        ]}
        summary={() =>
          sums.length === 0
            ? null
            : sums.map((s) => (
                <Table.Summary.Row key={s.invoiceCurrency}>
                  <Table.Summary.Cell index={0} colSpan={common.length - 1}>
                    <strong>{t('bills.total')}</strong>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={1}>{s.invoiceCurrency}</Table.Summary.Cell>
                  {kind === 'hand' ? (
                    <>
                      <Table.Summary.Cell index={2} align="right">
                        {s.claimCount}
                      </Table.Summary.Cell>
                      <Table.Summary.Cell index={3} align="right">
                        {money(s.invoiceCurrency, 'payable' in s ? s.payable : '')}
                      </Table.Summary.Cell>
                      <Table.Summary.Cell index={4} align="right">
                        {money(s.invoiceCurrency, s.paid)}
                      </Table.Summary.Cell>
                      <Table.Summary.Cell index={5} align="right">
                        {money(s.invoiceCurrency, 'outstanding' in s ? s.outstanding : '')}
                      </Table.Summary.Cell>
                    </>
                  ) : (
                    <>
                      <Table.Summary.Cell index={2} align="right">
                        {'batchCount' in s ? s.batchCount : ''}
                      </Table.Summary.Cell>
                      <Table.Summary.Cell index={3} align="right">
                        {s.claimCount}
                      </Table.Summary.Cell>
                      <Table.Summary.Cell index={4} align="right">
                        {money(s.invoiceCurrency, s.paid)}
                      </Table.Summary.Cell>
                      <Table.Summary.Cell index={5} align="right">
                        {money(s.invoiceCurrency, 'reconciled' in s ? s.reconciled : '')}
                      </Table.Summary.Cell>
                      <Table.Summary.Cell index={6} align="right">
                        {money(s.invoiceCurrency, 'toReconcile' in s ? s.toReconcile : '')}
                      </Table.Summary.Cell>
                    </>
                  )}
                  <Table.Summary.Cell index={9} />
                </Table.Summary.Row>
              ))
        }
      />
      {open && <BillItems kind={kind} bill={open} onClose={() => setOpen(null)} />}
    </>
  );
}
