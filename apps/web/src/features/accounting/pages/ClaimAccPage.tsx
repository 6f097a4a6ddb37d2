import { PlusOutlined } from '@ant-design/icons';
import {
  ACC_BUILD,
  PAY_STATUS,
  RECONCILE_STATUS,
  type TPayBatch,
  type TPayBillListBody,
} from '@portal/domain/accounting/rules';
import { Button, Card, Checkbox, Empty, Form, Input, Select, Space, Table, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { pickLanguage } from '../../../lib/i18n.ts';
import { logClaimMenu } from '../../claims/api/bury-log.ts';
import { useAccOptions, usePayBatches } from '../api/pay-batches.ts';
import { AccProviderSelect } from '../components/AccProviderSelect.tsx';
import { MonthBills } from '../components/MonthBills.tsx';
import { money, PayStatusTag, ReconcileStatusTag, useLang } from '../components/status.tsx';

type TFilter = NonNullable<TPayBillListBody['model']>;
const TABS = ['payments', 'handMonth', 'payMonth'] as const;
type TTab = (typeof TABS)[number];

/** The payment list: operators every batch, provider staff their own confirmed ones. */
function PaymentList() {
  const { t } = useTranslation('accounting');
  const lang = useLang();
  const navigate = useNavigate();
  const { has } = usePermission();
  const operator = has(ACC_BUILD);
  const currencies = useAccOptions('currency');
  const [body, setBody] = useState<{ current: number; size: number; model: TFilter }>({
    current: 1,
    size: 10,
    model: { payStatus: [], reconcileStatus: [] },
  });
  const list = usePayBatches(body);
  return (
    <>
      <Form<TFilter>
        layout="inline"
        initialValues={body.model}
        onFinish={(v) =>
          setBody({
            current: 1,
            size: body.size,
            model: {
              payBatchNo: v.payBatchNo || undefined,
              providerId: v.providerId || undefined,
              invoiceCurrency: v.invoiceCurrency || undefined,
              payStatus: v.payStatus ?? [],
              reconcileStatus: v.reconcileStatus ?? [],
              disputed: v.disputed || undefined,
            },
          })
        }
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="payBatchNo" label={t('fields.payBatchNo')}>
          <Input allowClear style={{ width: 180 }} />
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
        {operator && (
          <Form.Item name="payStatus" label={t('fields.payStatus')}>
            <Select
              mode="multiple"
              allowClear
              style={{ minWidth: 180 }}
              placeholder={t('list.allStatuses')}
              options={Object.values(PAY_STATUS).map((s) => ({ value: s.code, label: s[lang] }))}
            />
          </Form.Item>
        )}
        <Form.Item name="reconcileStatus" label={t('fields.reconcileStatus')}>
          <Select
            mode="multiple"
            allowClear
            style={{ minWidth: 180 }}
            placeholder={t('list.allStatuses')}
            options={Object.values(RECONCILE_STATUS).map((s) => ({ value: s.code, label: s[lang] }))}
          />
        </Form.Item>
        <Form.Item name="disputed" valuePropName="checked">
          <Checkbox>{t('list.onlyDisputed')}</Checkbox>
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('list.search')}
          </Button>
          {operator && (
            <Button icon={<PlusOutlined />} onClick={() => navigate('/claim/acc/build')}>
              {t('list.build')}
            </Button>
          )}
        </Space>
      </Form>
      <Table<TPayBatch>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.empty')} /> }}
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
          {
            title: t('fields.payBatchNo'),
            render: (_, b) => (
              <Link to={`/claim/acc/detail?payBatchNo=${encodeURIComponent(b.payBatchNo)}`}>
                {b.payBatchNo}
              </Link>
            ),
          },
          ...(operator
            ? [
                {
                  title: t('fields.provider'),
                  render: (_: unknown, b: TPayBatch) =>
                    `${b.providerId} ${pickLanguage(b.providerCnName, b.providerEnName)}`,
                },
              ]
            : []),
          { title: t('fields.invoiceCurrency'), dataIndex: 'invoiceCurrency' },
          { title: t('fields.claims'), dataIndex: 'itemCount', align: 'right' as const },
          {
            title: t('fields.totalAmount'),
            align: 'right' as const,
            render: (_, b) => money(b.invoiceCurrency, b.totalAmount),
          },
          ...(operator
            ? [
                {
                  title: t('fields.payStatus'),
                  render: (_: unknown, b: TPayBatch) => <PayStatusTag status={b.payStatus} />,
                },
              ]
            : []),
          { title: t('fields.reconcileStatus'), render: (_, b) => <ReconcileStatusTag batch={b} /> },
          { title: t('fields.paidDate'), render: (_, b) => b.paidDate ?? '-' },
          { title: t('fields.buildTime'), dataIndex: 'buildTime' },
        ]}
      />
    </>
  );
}

/** /claim/acc: the claim finance menu: payment list and monthly reports. Opening it is logged (spec section 7). */
export function ClaimAccPage() {
  const { t } = useTranslation('accounting');
  const [params, setParams] = useSearchParams();
  const tab: TTab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as TTab)
    : 'payments';
  useEffect(() => logClaimMenu('/claim/acc'), []);
  return (
    <Card title={t('title')}>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        destroyOnHidden
        items={[
          { key: 'payments', label: t('tabs.payments'), children: <PaymentList /> },
          { key: 'handMonth', label: t('tabs.handMonth'), children: <MonthBills kind="hand" /> },
          { key: 'payMonth', label: t('tabs.payMonth'), children: <MonthBills kind="pay" /> },
        ]}
      />
    </Card>
  );
}
