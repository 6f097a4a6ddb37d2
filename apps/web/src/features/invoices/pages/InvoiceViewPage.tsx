import {
  INVOICE_BATCH_UPLOAD_MAX_SLOTS,
  INVOICE_UPLOAD,
  type TInvoiceSlotDetail,
} from '@portal/domain/invoices/calls';
import { INVOICE_TAB } from '@portal/domain/invoices/rules';
import { Alert, Button, Card, Result, Space, Spin, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { feedback } from '../../../lib/feedback.ts';
import { ApiError, errorMessage } from '../../../lib/http.ts';
import { recognizeInvoice, useUploadInvoiceBatch, useUploadInvoices } from '../api/invoice-actions.ts';
import { useInvoiceSlots } from '../api/invoice-slots.ts';
import { InvoiceEditor } from '../components/InvoiceEditor.tsx';
import { useIsProviderStaff, useIssueText, useLang } from '../components/invoice-parts.tsx';
import { SavedInvoices, SlotFacts, TitleNotice } from '../components/SlotSummary.tsx';
import {
  catalogueMessage,
  checkRows,
  repeatedAcrossSlots,
  type TInvoiceRow,
  type TIssue,
  toInput,
  withFailure,
  withRecognition,
} from '../invoice-rows.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The slots a view shows: the path's, and for a batch upload the others named in `?ids=`. */
function useSlotIds(mode: 'upload' | 'detail'): string[] {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const more = mode === 'upload' ? (params.get('ids') ?? '').split(',') : [];
  return [...new Set([id, ...more].map((x) => x.trim()).filter((x) => UUID.test(x)))].slice(
    0,
    INVOICE_BATCH_UPLOAD_MAX_SLOTS,
  );
}

const isOpen = (slot: TInvoiceSlotDetail) => slot.status === INVOICE_TAB.to_be_upload.code;

/** The problems of a slot as an alert list. */
function Issues({ issues, server }: { issues: TIssue[]; server: string | null }) {
  const text = useIssueText();
  const { t } = useTranslation('invoices');
  if (issues.length === 0 && !server) return null;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={t('editor.cannotSave')}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {server && <li>{server}</li>}
          {issues.map((issue) => (
            <li key={text(issue)}>{text(issue)}</li>
          ))}
        </ul>
      }
    />
  );
}

/** The upload of one or several batches' invoices, saved together. */
function UploadView({ slots }: { slots: TInvoiceSlotDetail[] }) {
  const { t } = useTranslation('invoices');
  const lang = useLang();
  const navigate = useNavigate();
  const issueText = useIssueText();
  const single = useUploadInvoices();
  const batch = useUploadInvoiceBatch();
  const [rows, setRows] = useState<Record<string, TInvoiceRow[]>>({});
  const [uploading, setUploading] = useState<Record<string, boolean>>({});
  const [attempted, setAttempted] = useState(false);
  const [serverError, setServerError] = useState<{ slotId: string | null; message: string } | null>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const open = slots.filter(isOpen);
  const rowsOf = (slotId: string) => rows[slotId] ?? [];

  const update = (slotId: string) => (change: (current: TInvoiceRow[]) => TInvoiceRow[]) =>
    setRows((all) => ({ ...all, [slotId]: change(all[slotId] ?? []) }));

  /** Recognitions run one at a time (the server reads pictures one by one as well). */
  const recognise = (slotId: string) => (fileId: string) => {
    const patch = (fn: (row: TInvoiceRow) => TInvoiceRow) =>
      update(slotId)((current) => current.map((r) => (r.fileId === fileId ? fn(r) : r)));
    queue.current = queue.current.then(async () => {
      try {
        const reading = await recognizeInvoice(fileId);
        patch((row) => withRecognition(row, reading));
      } catch (error) {
        const code = error instanceof ApiError ? error.code : null;
        const message =
          error instanceof ApiError
            ? { zh: error.msg || error.msgEn, en: error.msgEn || error.msg }
            : catalogueMessage('INVOICE_RECOGNITION_FAILED');
        patch((row) => withFailure(row, code, message));
      }
    });
  };

  const issuesOf = (slot: TInvoiceSlotDetail): TIssue[] => checkRows(slot, rowsOf(slot.id));
  const across = open.length > 1 ? repeatedAcrossSlots(open.map((s) => rowsOf(s.id))) : null;

  const save = async () => {
    setAttempted(true);
    setServerError(null);
    if (Object.values(uploading).some(Boolean)) {
      feedback.warning(t('issues.uploading'));
      return;
    }
    const first = open.flatMap(issuesOf)[0] ?? across;
    if (first) {
      feedback.error(issueText(first));
      return;
    }
    try {
      if (open.length === 1) {
        const [slot] = open;
        await single.mutateAsync({
          id: slot.id,
          version: slot.version,
          invoices: rowsOf(slot.id).map(toInput),
        });
        feedback.success(t('editor.saved', { batchNo: slot.batchNo }));
        navigate(`/invoice/detail/${slot.id}`);
      } else {
        await batch.mutateAsync({
          slots: open.map((s) => ({ id: s.id, version: s.version, invoices: rowsOf(s.id).map(toInput) })),
        });
        feedback.success(t('editor.savedMany', { count: open.length }));
        navigate('/invoice/index?tab=2');
      }
    } catch (error) {
      const data = error instanceof ApiError ? (error.data as { slotId?: string } | null) : null;
      const message = errorMessage(error);
      setServerError({ slotId: data?.slotId ?? null, message });
      feedback.error(message, 6);
    }
  };

  const busy = single.isPending || batch.isPending;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      {serverError && serverError.slotId === null && <Issues issues={[]} server={serverError.message} />}
      {attempted && across && <Issues issues={[across]} server={null} />}
      {slots.map((slot) => (
        <Card key={slot.id} type="inner" title={t('upload.slotTitle', { batchNo: slot.batchNo })}>
          <Space orientation="vertical" style={{ width: '100%' }}>
            <SlotFacts slot={slot} />
            <TitleNotice slot={slot} />
            {isOpen(slot) ? (
              <>
                <InvoiceEditor
                  slot={slot}
                  rows={rowsOf(slot.id)}
                  onRows={update(slot.id)}
                  onUploaded={recognise(slot.id)}
                  onUploadingChange={(busyNow) => setUploading((u) => ({ ...u, [slot.id]: busyNow }))}
                  disabled={busy || slot.title === null}
                />
                <Issues
                  issues={attempted ? issuesOf(slot) : []}
                  server={serverError?.slotId === slot.id ? serverError.message : null}
                />
              </>
            ) : (
              <>
                <Alert
                  type="success"
                  showIcon
                  title={catalogueMessage('INVOICE_ALREADY_UPLOADED', { batchNo: slot.batchNo })[lang]}
                />
                <SavedInvoices slot={slot} />
              </>
            )}
          </Space>
        </Card>
      ))}
      <Space>
        {open.length > 0 && (
          <Button type="primary" loading={busy} onClick={save}>
            {open.length > 1 ? t('upload.saveMany', { count: open.length }) : t('upload.save')}
          </Button>
        )}
        <Button onClick={() => navigate('/invoice/index')}>{t('upload.back')}</Button>
      </Space>
    </Space>
  );
}

/** The read-only view of one batch's invoices. */
function DetailView({ slot }: { slot: TInvoiceSlotDetail }) {
  const { t } = useTranslation('invoices');
  const navigate = useNavigate();
  const { has } = usePermission();
  const mayUpload = useIsProviderStaff() && has(INVOICE_UPLOAD) && isOpen(slot);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <SlotFacts slot={slot} />
      <TitleNotice slot={slot} />
      <h3>{t('detail.invoices')}</h3>
      <SavedInvoices slot={slot} />
      <Space>
        {mayUpload && (
          <Button type="primary" onClick={() => navigate(`/invoice/upload/${slot.id}`)}>
            {t('list.upload')}
          </Button>
        )}
        <Button onClick={() => navigate('/invoice/index')}>{t('upload.back')}</Button>
      </Space>
    </Space>
  );
}

/**
 * /invoice/upload/{id} and /invoice/detail/{id}: one view (spec section 2); the detail reads, the
 * upload edits. `?ids=` adds the other batches of a batch upload.
 */
function InvoiceView({ mode }: { mode: 'upload' | 'detail' }) {
  const { t } = useTranslation('invoices');
  const ids = useSlotIds(mode);
  const queries = useInvoiceSlots(ids);
  if (ids.length === 0 || queries.some((q) => q.isError))
    return <Result status="404" title={t('detail.notFound')} />;
  if (queries.some((q) => q.isPending)) return <Spin />;
  const slots = queries.map((q) => q.data as TInvoiceSlotDetail);
  const title =
    mode === 'detail'
      ? t('detail.title', { batchNo: slots[0].batchNo })
      : slots.length > 1
        ? t('upload.titleMany', { count: slots.length })
        : t('upload.title', { batchNo: slots[0].batchNo });
  return (
    <Card
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
      }
    >
      {mode === 'detail' ? <DetailView slot={slots[0]} /> : <UploadView key={ids.join('|')} slots={slots} />}
    </Card>
  );
}

export function InvoiceUploadPage() {
  return <InvoiceView mode="upload" />;
}

export function InvoiceDetailPage() {
  return <InvoiceView mode="detail" />;
}
