import { INVOICE_UPLOAD, type TInvoiceSlot } from '@portal/domain/invoices/calls';
import { INVOICE_TAB } from '@portal/domain/invoices/rules';
import { Empty, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { hasMenuPath } from '../../../lib/menu-tree.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { useInvoicePage } from '../api/invoice-slots.ts';
import { money, SlotStatusTag, useIsProviderStaff } from './invoice-parts.tsx';

/** The invoice management page: the batch detail links to invoices only when the user may open it. */
export const INVOICE_MENU_PATH = '/invoice/index';

/**
 * The invoices of an approved claim batch, one row per currency (decision 0048): what is payable,
 * what is invoiced, and the way to upload or read them. Nothing when the user has no invoice
 * management (a provider with the function off, a role without it).
 */
export function BatchInvoices({ batchId }: { batchId: string }) {
  const { t } = useTranslation('invoices');
  const { has } = usePermission();
  const providerStaff = useIsProviderStaff();
  const granted = hasMenuPath(
    useSessionStore((s) => s.routes),
    INVOICE_MENU_PATH,
  );
  const toUpload = useInvoicePage({ current: 1, size: 10, model: { tab: '1', batchId } }, granted);
  const uploaded = useInvoicePage({ current: 1, size: 10, model: { tab: '2', batchId } }, granted);
  if (!granted) return null;
  const slots = [...(toUpload.data?.records ?? []), ...(uploaded.data?.records ?? [])];
  const mayUpload = providerStaff && has(INVOICE_UPLOAD);
  return (
    <>
      <h3>{t('batch.title')}</h3>
      <Table<TInvoiceSlot>
        rowKey="id"
        size="small"
        loading={toUpload.isFetching || uploaded.isFetching}
        dataSource={slots}
        pagination={false}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('batch.none')} />,
        }}
        columns={[
          { title: t('fields.payable'), render: (_, s) => money(s.currency, s.payableAmount) },
          { title: t('fields.invoiced'), render: (_, s) => money(s.currency, s.invoicedAmount) },
          { title: t('fields.status'), render: (_, s) => <SlotStatusTag status={s.status} /> },
          {
            title: t('list.actions'),
            render: (_, s) => (
              <Space>
                {mayUpload && s.status === INVOICE_TAB.to_be_upload.code && (
                  <Link to={`/invoice/upload/${s.id}`}>{t('batch.upload', { currency: s.currency })}</Link>
                )}
                <Link to={`/invoice/detail/${s.id}`}>{t('list.detail')}</Link>
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}
