import { CURRENCY } from '@portal/domain/dictionaries/codes';
import {
  INVOICE_BATCH_UPLOAD_MAX_SLOTS,
  INVOICE_PAGE_SIZES,
  INVOICE_UPLOAD,
  type TInvoiceFilter,
  type TInvoiceSlot,
} from '@portal/domain/invoices/calls';
import { INVOICE_TAB, type TInvoiceTabCode } from '@portal/domain/invoices/rules';
import { INVOICE_TITLE_EDIT } from '@portal/domain/invoices/title';
import {
  Button,
  Card,
  Checkbox,
  DatePicker,
  Empty,
  Form,
  Input,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { SearchActions } from '../../../components/search-form/SearchActions.tsx';
import { feedback } from '../../../lib/feedback.ts';
import { useInvoicePage } from '../api/invoice-slots.ts';
import { at, money, providerName, useIsProviderStaff, useLang } from '../components/invoice-parts.tsx';
import { TitleCard } from '../components/TitleCard.tsx';

type TFormValues = {
  batchNo?: string;
  currency?: string;
  provider?: string;
  approved?: [Dayjs | null, Dayjs | null] | null;
  titleMissing?: boolean;
};

const TABS: TInvoiceTabCode[] = [INVOICE_TAB.to_be_upload.code, INVOICE_TAB.uploaded.code];
const isTab = (value: string | null): value is TInvoiceTabCode => TABS.includes(value as TInvoiceTabCode);

function toFilter(values: TFormValues): TInvoiceFilter {
  const [from, to] = values.approved ?? [null, null];
  return {
    batchNo: values.batchNo?.trim() || undefined,
    currency: values.currency || undefined,
    provider: values.provider?.trim() || undefined,
    approvedFrom: from ? from.format('YYYY-MM-DD') : undefined,
    approvedTo: to ? to.format('YYYY-MM-DD') : undefined,
    titleMissing: values.titleMissing || undefined,
  };
}

/**
 * Invoice management (spec section 2): two tabs, to be uploaded (1) and uploaded (2), of the
 * approved claim batches with a filter and pages; provider staff upload one batch's invoices or
 * several batches' at once, operators read every provider's and keep the invoice title.
 */
export function InvoiceManagementPage() {
  const { t } = useTranslation('invoices');
  const lang = useLang();
  const navigate = useNavigate();
  const { has } = usePermission();
  const providerStaff = useIsProviderStaff();
  const mayUpload = providerStaff && has(INVOICE_UPLOAD);
  const [params, setParams] = useSearchParams();
  const tab: TInvoiceTabCode = isTab(params.get('tab')) ? (params.get('tab') as TInvoiceTabCode) : '1';
  const [form] = Form.useForm<TFormValues>();
  const [filter, setFilter] = useState<TInvoiceFilter>({});
  const [paging, setPaging] = useState({ current: 1, size: 10 });
  const [selected, setSelected] = useState<string[]>([]);
  const page = useInvoicePage({ ...paging, model: { tab, ...filter } });
  const counts = page.data?.counts;

  const changeTab = (next: string) => {
    setParams(next === '1' ? {} : { tab: next }, { replace: true });
    setPaging((p) => ({ ...p, current: 1 }));
    setSelected([]);
  };
  const search = (values: TFormValues) => {
    setFilter(toFilter(values));
    setPaging((p) => ({ ...p, current: 1 }));
    setSelected([]);
  };
  const batchUpload = () => {
    const [first, ...rest] = selected;
    navigate(`/invoice/upload/${first}${rest.length ? `?ids=${rest.join(',')}` : ''}`);
  };

  const table = (
    <Table<TInvoiceSlot>
      rowKey="id"
      loading={page.isFetching}
      dataSource={page.data?.records ?? []}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.empty')} /> }}
      scroll={{ x: 'max-content' }}
      rowSelection={
        mayUpload && tab === '1'
          ? {
              selectedRowKeys: selected,
              onChange: (keys) => {
                if (keys.length > INVOICE_BATCH_UPLOAD_MAX_SLOTS) {
                  feedback.warning(t('list.tooMany', { max: INVOICE_BATCH_UPLOAD_MAX_SLOTS }));
                  return;
                }
                setSelected(keys.map(String));
              },
              getCheckboxProps: (slot) => ({
                disabled: slot.title === null,
                'aria-label': t('list.select', { batchNo: slot.batchNo }),
              }),
            }
          : undefined
      }
      pagination={{
        current: paging.current,
        pageSize: paging.size,
        total: page.data?.total ?? 0,
        pageSizeOptions: [...INVOICE_PAGE_SIZES],
        showSizeChanger: true,
        showTotal: (total) => t('list.total', { total }),
        onChange: (current, size) => setPaging({ current, size }),
      }}
      columns={[
        {
          title: t('fields.batchNo'),
          render: (_, s) => <Link to={`/invoice/detail/${s.id}`}>{s.batchNo}</Link>,
        },
        ...(providerStaff
          ? []
          : [
              {
                title: t('fields.provider'),
                render: (_: unknown, s: TInvoiceSlot) => (
                  <span translate="no">
                    {providerName(s, lang)} ({s.providerId})
                  </span>
                ),
              },
            ]),
        { title: t('fields.payable'), align: 'right', render: (_, s) => money(s.currency, s.payableAmount) },
        {
          title: t('fields.invoiced'),
          align: 'right',
          render: (_, s) => money(s.currency, s.invoicedAmount),
        },
        {
          title: t('fields.title'),
          render: (_, s) =>
            s.title ? (
              <span translate="no">{s.title.taxNo}</span>
            ) : (
              <Tag color="warning">{t('list.titleMissing')}</Tag>
            ),
        },
        { title: t('fields.approvedAt'), render: (_, s) => at(s.approvedAt) },
        ...(tab === '2'
          ? [{ title: t('fields.uploadedAt'), render: (_: unknown, s: TInvoiceSlot) => at(s.uploadedAt) }]
          : []),
        {
          title: t('list.actions'),
          render: (_, s) => (
            <Space>
              {mayUpload && tab === '1' && s.title !== null && (
                <Link to={`/invoice/upload/${s.id}`}>{t('list.upload')}</Link>
              )}
              <Link to={`/invoice/detail/${s.id}`}>{t('list.detail')}</Link>
            </Space>
          ),
        },
      ]}
    />
  );

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      {has(INVOICE_TITLE_EDIT) && !providerStaff && <TitleCard />}
      <Card
        title={
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('list.title')}
          </Typography.Title>
        }
      >
        <Form<TFormValues>
          form={form}
          layout="inline"
          onFinish={search}
          style={{ marginBottom: 16, rowGap: 8 }}
        >
          <Form.Item name="batchNo" label={t('fields.batchNo')}>
            <Input allowClear />
          </Form.Item>
          {!providerStaff && (
            <Form.Item name="provider" label={t('fields.provider')}>
              <Input allowClear placeholder={t('list.providerPlaceholder')} />
            </Form.Item>
          )}
          <Form.Item name="currency" label={t('fields.currency')}>
            <Select
              allowClear
              style={{ minWidth: 120 }}
              placeholder={t('list.allCurrencies')}
              options={Object.values(CURRENCY).map((c) => ({ value: c.iso, label: c.iso }))}
            />
          </Form.Item>
          <Form.Item name="approved" label={t('fields.approvedAt')}>
            <DatePicker.RangePicker allowEmpty={[true, true]} />
          </Form.Item>
          <Form.Item name="titleMissing" valuePropName="checked">
            <Checkbox>{t('list.onlyTitleMissing')}</Checkbox>
          </Form.Item>
          <SearchActions
            labels={{ search: t('list.search'), reset: t('list.reset'), reload: t('list.reload') }}
            onReset={() => {
              form.resetFields();
              search({});
            }}
            onReload={() => page.refetch()}
          >
            {mayUpload && tab === '1' && (
              <Button disabled={selected.length === 0} onClick={batchUpload}>
                {t('list.batchUpload', { count: selected.length })}
              </Button>
            )}
          </SearchActions>
        </Form>
        <Tabs
          activeKey={tab}
          onChange={changeTab}
          items={TABS.map((code) => ({
            key: code,
            label: `${code === '1' ? INVOICE_TAB.to_be_upload[lang] : INVOICE_TAB.uploaded[lang]}${
              counts ? ` (${counts[code]})` : ''
            }`,
            children: code === tab ? table : null,
          }))}
        />
      </Card>
    </Space>
  );
}
