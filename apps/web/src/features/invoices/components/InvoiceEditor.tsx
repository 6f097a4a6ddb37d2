import { CURRENCY } from '@portal/domain/dictionaries/codes';
import type { TInvoiceSlotDetail } from '@portal/domain/invoices/calls';
import { INVOICE_BIZ_TYPE } from '@portal/domain/invoices/rules';
import { fromCents, toCents } from '@portal/domain/members/benefits';
import { Alert, Card, Checkbox, Col, Form, Input, Row, Select, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FileUpload } from '../../../components/file-upload/FileUpload.tsx';
import { fileViewUrl } from '../../../components/file-upload/file-urls.ts';
import type { TUploadedFile } from '../../../components/file-upload/upload-state.ts';
import { newRow, rowsTotal, type TInvoiceRow } from '../invoice-rows.ts';
import { money, useLang } from './invoice-parts.tsx';

const CURRENCIES = Object.values(CURRENCY).map((c) => c.iso);

export interface TInvoiceEditorProps {
  slot: TInvoiceSlotDetail;
  rows: TInvoiceRow[];
  /** Changes the rows of this slot (a function of the current rows: answers arrive late). */
  onRows: (update: (rows: TInvoiceRow[]) => TInvoiceRow[]) => void;
  /** Starts the recognition of an uploaded file. */
  onUploaded: (fileId: string) => void;
  onUploadingChange: (uploading: boolean) => void;
  disabled?: boolean;
}

/** What recognition read and how sure it is, or why the values must be typed. */
function RowReading({ row }: { row: TInvoiceRow }) {
  const { t } = useTranslation('invoices');
  const lang = useLang();
  if (row.state === 'recognising')
    return <Spin size="small" description={t('editor.recognising')} style={{ display: 'block' }} />;
  if (row.state === 'refused' || row.state === 'manual')
    return (
      <Alert
        type={row.state === 'refused' ? 'error' : 'warning'}
        showIcon
        role="alert"
        title={row.problem?.[lang] ?? ''}
        description={row.state === 'refused' ? t('editor.removeRefused') : t('editor.typeByHand')}
      />
    );
  const r = row.recognition;
  if (!r) return null;
  return (
    <Alert
      type="info"
      showIcon
      title={t('editor.read', {
        source: t(r.source === 'pdf-text' ? 'read.pdfText' : 'read.ocr'),
        confidence: Math.round(r.confidence * 100),
      })}
      description={
        <>
          <div>{t('editor.checkValues')}</div>
          <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
            {r.matched.map((m) => (
              <li key={`${m.field}-${m.text}`}>
                {t(`fields.${m.field}`)}: <Typography.Text code>{m.text}</Typography.Text>
              </li>
            ))}
          </ul>
        </>
      }
    />
  );
}

/** One invoice: its file, what was read, the values to confirm or correct. */
function RowForm({
  row,
  onChange,
  disabled,
}: {
  row: TInvoiceRow;
  onChange: (patch: Partial<TInvoiceRow>) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('invoices');
  const id = (field: string) => `invoice-${row.fileId}-${field}`;
  const locked = disabled || row.state === 'recognising' || row.state === 'refused';
  return (
    <Card
      size="small"
      title={
        <a href={fileViewUrl(row.fileId)} target="_blank" rel="noopener noreferrer">
          {row.fileName}
        </a>
      }
      style={{ marginBottom: 12 }}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <RowReading row={row} />
        <Form layout="vertical" component="div">
          <Row gutter={12}>
            <Col xs={24} md={5}>
              <Form.Item label={t('fields.invoiceCode')} htmlFor={id('code')} extra={t('editor.codeHint')}>
                <Input
                  id={id('code')}
                  value={row.invoiceCode}
                  disabled={locked || !row.domestic}
                  maxLength={20}
                  onChange={(e) => onChange({ invoiceCode: e.target.value })}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item label={t('fields.invoiceNo')} htmlFor={id('no')} required>
                <Input
                  id={id('no')}
                  value={row.invoiceNo}
                  disabled={locked}
                  maxLength={60}
                  onChange={(e) => onChange({ invoiceNo: e.target.value })}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={4}>
              <Form.Item label={t('fields.amount')} htmlFor={id('amount')} required>
                <Input
                  id={id('amount')}
                  value={row.amount}
                  disabled={locked}
                  inputMode="decimal"
                  maxLength={20}
                  onChange={(e) => onChange({ amount: e.target.value })}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={4}>
              <Form.Item label={t('fields.currency')} htmlFor={id('currency')} required>
                <Select
                  id={id('currency')}
                  value={row.currency}
                  disabled={locked}
                  options={CURRENCIES.map((c) => ({ value: c, label: c }))}
                  onChange={(currency) => onChange({ currency })}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={5}>
              <Form.Item label={t('fields.overseas')} htmlFor={id('overseas')}>
                <Checkbox
                  id={id('overseas')}
                  checked={!row.domestic}
                  disabled={locked}
                  onChange={(e) =>
                    onChange(e.target.checked ? { domestic: false, invoiceCode: '' } : { domestic: true })
                  }
                >
                  {t('editor.overseas')}
                </Checkbox>
              </Form.Item>
            </Col>
          </Row>
          <Checkbox
            checked={row.confirmed}
            disabled={locked}
            onChange={(e) => onChange({ confirmed: e.target.checked })}
          >
            {t('editor.confirm', { file: row.fileName })}
          </Checkbox>
        </Form>
      </Space>
    </Card>
  );
}

/**
 * The upload of one batch's invoices: files (jpg, jpeg, png, pdf under 4 MB, checked before they
 * are sent), each read by recognition and shown for the user to confirm or correct, and the
 * running total against the payable total.
 */
export function InvoiceEditor({
  slot,
  rows,
  onRows,
  onUploaded,
  onUploadingChange,
  disabled,
}: TInvoiceEditorProps) {
  const { t } = useTranslation('invoices');
  const files: TUploadedFile[] = rows.map((r) => ({ id: r.fileId, name: r.fileName, size: r.size }));
  const onFiles = (next: TUploadedFile[]) => {
    const added = next.filter((f) => !rows.some((r) => r.fileId === f.id));
    onRows((current) => [
      ...current.filter((r) => next.some((f) => f.id === r.fileId)),
      ...added.map((f) =>
        newRow({ id: f.id, name: f.name || f.fileName || f.id, size: f.size }, slot.currency),
      ),
    ]);
    for (const f of added) onUploaded(f.id);
  };
  const change = (fileId: string) => (patch: Partial<TInvoiceRow>) =>
    onRows((current) => current.map((r) => (r.fileId === fileId ? { ...r, ...patch } : r)));
  const total = rowsTotal([...rows, ...slot.invoices]);
  const covered = total >= toCents(slot.payableAmount);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <FileUpload
        listType="text"
        bucket="invoice"
        bizType={INVOICE_BIZ_TYPE}
        value={files}
        onChange={onFiles}
        onUploadingChange={onUploadingChange}
        disabled={disabled}
        label={t('fields.files', { batchNo: slot.batchNo })}
      />
      {rows.map((row) => (
        <RowForm key={row.fileId} row={row} onChange={change(row.fileId)} disabled={disabled} />
      ))}
      {rows.length > 0 && (
        <Typography.Text type={covered ? 'success' : 'warning'} aria-live="polite">
          {t('editor.total', {
            invoiced: money(slot.currency, fromCents(total)),
            payable: money(slot.currency, slot.payableAmount),
          })}
        </Typography.Text>
      )}
    </Space>
  );
}
