import type { TInvoice, TInvoiceSlotDetail } from '@portal/domain/invoices/calls';
import { fromCents, toCents } from '@portal/domain/members/benefits';
import { Alert, Descriptions, Empty, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fileViewUrl } from '../../../components/file-upload/file-urls.ts';
import { catalogueMessage } from '../invoice-rows.ts';
import { at, money, providerName, SlotStatusTag, useIsProviderStaff, useLang } from './invoice-parts.tsx';

/** Where the claim batch of a slot opens: the provider's batch detail or the operator's. */
export const batchLink = (slot: { batchId: string }, providerStaff: boolean) =>
  providerStaff ? `/claim/detail?id=${slot.batchId}` : `/claim/adminDetail?id=${slot.batchId}`;

/** The title the provider must print on its invoice, or the warning that it is not generated yet. */
export function TitleNotice({ slot }: { slot: TInvoiceSlotDetail }) {
  const { t } = useTranslation('invoices');
  const lang = useLang();
  const providerStaff = useIsProviderStaff();
  if (!slot.title)
    return (
      <Alert
        type="warning"
        showIcon
        title={catalogueMessage('INVOICE_TITLE_NOT_GENERATED')[lang]}
        description={t(providerStaff ? 'title.missingProvider' : 'title.missingOperator')}
      />
    );
  return (
    <Alert
      type="info"
      showIcon
      title={t('title.printThis')}
      description={
        <Descriptions size="small" column={1}>
          <Descriptions.Item label={t('title.name')}>
            <span translate="no">
              {slot.title.name}
              {slot.title.nameEn && slot.title.nameEn !== slot.title.name ? ` / ${slot.title.nameEn}` : ''}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('title.taxNo')}>
            <Typography.Text copyable>{slot.title.taxNo}</Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      }
    />
  );
}

/** The batch, its amounts and status. */
export function SlotFacts({ slot }: { slot: TInvoiceSlotDetail }) {
  const { t } = useTranslation('invoices');
  const lang = useLang();
  const providerStaff = useIsProviderStaff();
  const remaining = toCents(slot.payableAmount) - toCents(slot.invoicedAmount);
  return (
    <Descriptions size="small" column={{ xs: 1, md: 3 }}>
      <Descriptions.Item label={t('fields.batchNo')}>
        <Link to={batchLink(slot, providerStaff)}>{slot.batchNo}</Link>
      </Descriptions.Item>
      <Descriptions.Item label={t('fields.status')}>
        <SlotStatusTag status={slot.status} />
      </Descriptions.Item>
      <Descriptions.Item label={t('fields.provider')}>
        <span translate="no">{providerName(slot, lang)}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('fields.payable')}>
        {money(slot.currency, slot.payableAmount)}
      </Descriptions.Item>
      <Descriptions.Item label={t('fields.invoiced')}>
        {money(slot.currency, slot.invoicedAmount)}
      </Descriptions.Item>
      <Descriptions.Item label={t('fields.remaining')}>
        {money(slot.currency, fromCents(remaining > 0n ? remaining : 0n))}
      </Descriptions.Item>
      <Descriptions.Item label={t('fields.approvedAt')}>{at(slot.approvedAt)}</Descriptions.Item>
      <Descriptions.Item label={t('fields.uploadedAt')}>{at(slot.uploadedAt)}</Descriptions.Item>
    </Descriptions>
  );
}

/** How the values of a saved invoice came about: read from the file (and corrected) or typed. */
function HowRead({ invoice }: { invoice: TInvoice }) {
  const { t } = useTranslation('invoices');
  const r = invoice.recognition;
  if (!r) return <>{t('read.byHand')}</>;
  const source = t(r.source === 'pdf-text' ? 'read.pdfText' : 'read.ocr');
  return (
    <>{r.corrected ? t('read.corrected', { source, invoiceNo: r.invoiceNo, amount: r.amount }) : source}</>
  );
}

/** The invoices uploaded to a slot. */
export function SavedInvoices({ slot }: { slot: TInvoiceSlotDetail }) {
  const { t } = useTranslation('invoices');
  return (
    <Table<TInvoice>
      rowKey="id"
      size="small"
      dataSource={slot.invoices}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noInvoices')} />,
      }}
      columns={[
        { title: t('fields.invoiceNo'), dataIndex: 'invoiceNo' },
        { title: t('fields.invoiceCode'), render: (_, i) => i.invoiceCode ?? '-' },
        { title: t('fields.amount'), align: 'right', render: (_, i) => money(i.currency, i.amount) },
        {
          title: t('fields.file'),
          render: (_, i) => (
            <a href={fileViewUrl(i.fileId)} target="_blank" rel="noopener noreferrer">
              {t('detail.openFile')}
            </a>
          ),
        },
        { title: t('fields.read'), render: (_, i) => <HowRead invoice={i} /> },
        { title: t('fields.uploadedBy'), dataIndex: 'uploadedBy' },
        { title: t('fields.uploadedAt'), render: (_, i) => at(i.uploadedAt) },
      ]}
    />
  );
}
