import { DownloadOutlined } from '@ant-design/icons';
import {
  ACC_BUILD,
  ACC_CONFIRM,
  ACC_RECONCILE,
  ACC_RESOLVE,
  accName,
  canItem,
  canPayBatch,
  DISPUTE_REASON,
  PAYMENT_ACTION,
  RESOLUTION,
  type TPayDetail,
  type TPayItem,
  ZDispute,
  ZPayBillConfirm,
  ZResolve,
} from '@portal/domain/accounting/rules';
import { chinaDay } from '@portal/domain/format/format';
import { toCents } from '@portal/domain/members/benefits';
import {
  Button,
  Card,
  DatePicker,
  Descriptions,
  Form,
  Input,
  Modal,
  Radio,
  Result,
  Select,
  Space,
  Spin,
  Table,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { Timeline } from '../../../components/timeline/Timeline.tsx';
import { feedback } from '../../../lib/feedback.ts';
import { pickLanguage } from '../../../lib/i18n.ts';
import { applyServerFieldErrors, zodRule } from '../../../lib/zod-form.ts';
import { MemberNameCell } from '../../members/components/MemberMasked.tsx';
import {
  downloadRemittance,
  useCancelPayBatch,
  useConfirmPayBatch,
  useDisputeItem,
  useReconcileItems,
  useResolveDispute,
} from '../api/pay-actions.ts';
import { usePayDetail } from '../api/pay-batches.ts';
import { ItemStatusTag, money, PayStatusTag, ReconcileStatusTag, useLang } from '../components/status.tsx';

type TBatch = TPayDetail['batch'];

/** The operator confirms that the batch was paid: value date and bank reference. */
function ConfirmDialog({ batch, onClose }: { batch: TBatch; onClose: () => void }) {
  const { t } = useTranslation('accounting');
  const [form] = Form.useForm<{ paidDate: Dayjs; bankReference: string; remark?: string }>();
  const confirm = useConfirmPayBatch();
  const ok = async () => {
    // An invalid form shows its messages on the fields; nothing is sent.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      await confirm.mutateAsync({
        payBatchNo: batch.payBatchNo,
        version: batch.version,
        paidDate: v.paidDate.format('YYYY-MM-DD'),
        bankReference: v.bankReference.trim(),
        remark: v.remark ?? '',
      });
      feedback.success(t('detail.confirmed'));
      onClose();
    } catch (error) {
      applyServerFieldErrors(form, error);
    }
  };
  return (
    <Modal
      open
      title={t('detail.confirmTitle', { payBatchNo: batch.payBatchNo })}
      onOk={ok}
      onCancel={onClose}
      confirmLoading={confirm.isPending}
      okText={t('detail.confirmPayment')}
      cancelText={t('detail.cancelDialog')}
    >
      <p>{t('detail.confirmContent', { total: money(batch.invoiceCurrency, batch.totalAmount) })}</p>
      <Form form={form} layout="vertical" initialValues={{ paidDate: dayjs(chinaDay()) }}>
        <Form.Item
          name="paidDate"
          label={t('fields.paidDate')}
          rules={[{ required: true, message: t('detail.paidDateRequired') }]}
        >
          <DatePicker disabledDate={(d) => d.format('YYYY-MM-DD') > chinaDay()} />
        </Form.Item>
        <Form.Item
          name="bankReference"
          label={t('fields.bankReference')}
          rules={[zodRule(ZPayBillConfirm.shape.bankReference)]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="remark" label={t('fields.remark')} rules={[zodRule(ZPayBillConfirm.shape.remark)]}>
          <Input.TextArea rows={2} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The provider disputes one line, with a reason. */
function DisputeDialog({ batch, item, onClose }: { batch: TBatch; item: TPayItem; onClose: () => void }) {
  const { t } = useTranslation('accounting');
  const lang = useLang();
  const [form] = Form.useForm<{ reasonCode: keyof typeof DISPUTE_REASON; reason: string }>();
  const dispute = useDisputeItem();
  const ok = async () => {
    // An invalid form shows its messages on the fields; nothing is sent.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      await dispute.mutateAsync({
        payBatchNo: batch.payBatchNo,
        version: batch.version,
        itemId: item.id,
        reasonCode: v.reasonCode,
        reason: v.reason.trim(),
      });
      feedback.success(t('detail.disputed'));
      onClose();
    } catch (error) {
      applyServerFieldErrors(form, error);
    }
  };
  return (
    <Modal
      open
      title={t('detail.disputeTitle', { batchNo: item.claimBatchNo, row: item.rowNo })}
      onOk={ok}
      onCancel={onClose}
      confirmLoading={dispute.isPending}
      okText={t('detail.dispute')}
      cancelText={t('detail.cancelDialog')}
    >
      <p>
        {t('detail.lineAmount', {
          amount: money(batch.invoiceCurrency, item.amount),
          claim: money(item.claimCurrency, item.claimAmount),
        })}
      </p>
      <Form form={form} layout="vertical">
        <Form.Item
          name="reasonCode"
          label={t('fields.disputeReason')}
          rules={[{ required: true, message: t('detail.reasonRequired') }]}
        >
          <Select options={Object.values(DISPUTE_REASON).map((r) => ({ value: r.code, label: r[lang] }))} />
        </Form.Item>
        <Form.Item name="reason" label={t('fields.disputeText')} rules={[zodRule(ZDispute.shape.reason)]}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The operator resolves a disputed line: the difference upheld (paid with the next batch) or the payment stands. */
function ResolveDialog({ batch, item, onClose }: { batch: TBatch; item: TPayItem; onClose: () => void }) {
  const { t } = useTranslation('accounting');
  const lang = useLang();
  const [form] = Form.useForm<{ result: 'adjusted' | 'rejected'; amount?: string; reply: string }>();
  const result = Form.useWatch('result', form);
  const resolve = useResolveDispute();
  const ok = async () => {
    // An invalid form shows its messages on the fields; nothing is sent.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      await resolve.mutateAsync({
        payBatchNo: batch.payBatchNo,
        version: batch.version,
        itemId: item.id,
        result: v.result,
        amount: v.result === 'adjusted' ? String(v.amount ?? '').trim() : undefined,
        reply: v.reply.trim(),
      });
      feedback.success(t('detail.resolved'));
      onClose();
    } catch (error) {
      applyServerFieldErrors(form, error);
    }
  };
  const amountRule = zodRule(ZResolve.shape.amount.unwrap());
  return (
    <Modal
      open
      title={t('detail.resolveTitle', { batchNo: item.claimBatchNo, row: item.rowNo })}
      onOk={ok}
      onCancel={onClose}
      confirmLoading={resolve.isPending}
      okText={t('detail.resolve')}
      cancelText={t('detail.cancelDialog')}
    >
      <Descriptions
        size="small"
        column={1}
        style={{ marginBottom: 12 }}
        items={[
          {
            key: 'reason',
            label: t('fields.disputeReason'),
            children: `${accName(DISPUTE_REASON, item.disputeReasonCode, lang)}: ${item.disputeReason}`,
          },
          {
            key: 'paid',
            label: t('fields.claimAmount'),
            children: money(item.claimCurrency, item.claimAmount),
          },
        ]}
      />
      <Form form={form} layout="vertical" initialValues={{ result: 'adjusted' }}>
        <Form.Item name="result" label={t('fields.resolution')}>
          <Radio.Group
            options={Object.values(RESOLUTION).map((r) => ({ value: r.code, label: r[lang] }))}
            optionType="button"
          />
        </Form.Item>
        {result !== 'rejected' && (
          <Form.Item
            name="amount"
            label={`${t('fields.adjustment')} (${item.claimCurrency})`}
            extra={t('detail.adjustmentHint', { max: money(item.claimCurrency, item.claimAmount) })}
            rules={[
              amountRule,
              {
                validator: async (_r, value) => {
                  const text = String(value ?? '').trim();
                  if (/^\d{1,12}(\.\d{1,2})?$/.test(text) && toCents(text) > toCents(item.claimAmount))
                    throw new Error(
                      t('detail.adjustmentTooLarge', { max: money(item.claimCurrency, item.claimAmount) }),
                    );
                },
              },
            ]}
          >
            <Input inputMode="decimal" />
          </Form.Item>
        )}
        <Form.Item name="reply" label={t('fields.reply')} rules={[zodRule(ZResolve.shape.reply)]}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

type TDialog = { kind: 'confirm' } | { kind: 'dispute' | 'resolve'; item: TPayItem } | null;

/** /claim/acc/detail?payBatchNo=: a payment batch with its lines, reconciliation, disputes and history. */
export function PayBatchDetailPage() {
  const { t } = useTranslation('accounting');
  const lang = useLang();
  const payBatchNo = useSearchParams()[0].get('payBatchNo');
  const { has } = usePermission();
  const detail = usePayDetail(payBatchNo);
  const cancel = useCancelPayBatch();
  const reconcile = useReconcileItems();
  const [dialog, setDialog] = useState<TDialog>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [downloading, setDownloading] = useState<'pdf' | 'xlsx' | null>(null);
  if (!payBatchNo) return <Result status="404" title={t('detail.notFound')} />;
  if (detail.isPending) return <Spin />;
  if (detail.isError) return <Result status="404" title={t('detail.notFound')} />;
  const { batch, items, flow } = detail.data;
  const mayReconcile = has(ACC_RECONCILE) && canPayBatch('reconcile', batch.payStatus, batch.reconcileStatus);
  const mayResolve = has(ACC_RESOLVE) && canPayBatch('resolve', batch.payStatus, batch.reconcileStatus);
  const open = items.filter((i) => canItem('reconcile', i.status));
  const chosen = selected.filter((id) => open.some((i) => i.id === id));

  const confirmCancel = async () => {
    const yes = await feedback.confirm({
      title: t('detail.cancelTitle', { payBatchNo: batch.payBatchNo }),
      content: t('detail.cancelContent'),
      okText: t('detail.cancelBatch'),
      cancelText: t('detail.cancelDialog'),
      danger: true,
    });
    if (!yes) return;
    await cancel.mutateAsync({ payBatchNo: batch.payBatchNo, version: batch.version });
    feedback.success(t('detail.cancelled'));
  };
  const confirmReconcile = async (ids: string[]) => {
    const yes = await feedback.confirm({
      title: t('detail.reconcileTitle', { count: ids.length }),
      content: t('detail.reconcileContent'),
      okText: t('detail.reconcile'),
      cancelText: t('detail.cancelDialog'),
    });
    if (!yes) return;
    await reconcile.mutateAsync({ payBatchNo: batch.payBatchNo, version: batch.version, itemIds: ids });
    setSelected([]);
    feedback.success(t('detail.reconciled'));
  };
  const download = (format: 'pdf' | 'xlsx') => {
    setDownloading(format);
    downloadRemittance(batch.payBatchNo, format)
      .catch(() => undefined)
      .finally(() => setDownloading(null));
  };
  const who = (zh: string, en: string) => pickLanguage(zh, en) || '-';
  return (
    <Card
      title={t('detail.title', { payBatchNo: batch.payBatchNo })}
      extra={
        <Space wrap>
          <Button icon={<DownloadOutlined />} loading={downloading === 'pdf'} onClick={() => download('pdf')}>
            {t('detail.remittancePdf')}
          </Button>
          <Button
            icon={<DownloadOutlined />}
            loading={downloading === 'xlsx'}
            onClick={() => download('xlsx')}
          >
            {t('detail.remittanceXlsx')}
          </Button>
          {has(ACC_BUILD) && canPayBatch('cancel', batch.payStatus) && (
            <Button danger loading={cancel.isPending} onClick={confirmCancel}>
              {t('detail.cancelBatch')}
            </Button>
          )}
          {has(ACC_CONFIRM) && canPayBatch('confirm', batch.payStatus) && (
            <Button type="primary" onClick={() => setDialog({ kind: 'confirm' })}>
              {t('detail.confirmPayment')}
            </Button>
          )}
        </Space>
      }
    >
      <Descriptions
        size="small"
        column={{ xs: 1, md: 3 }}
        style={{ marginBottom: 16 }}
        items={[
          {
            key: 'payStatus',
            label: t('fields.payStatus'),
            children: <PayStatusTag status={batch.payStatus} />,
          },
          {
            key: 'reconcileStatus',
            label: t('fields.reconcileStatus'),
            children: <ReconcileStatusTag batch={batch} />,
          },
          {
            key: 'provider',
            label: t('fields.provider'),
            children: `${batch.providerId} ${pickLanguage(batch.providerCnName, batch.providerEnName)}`,
          },
          { key: 'currency', label: t('fields.invoiceCurrency'), children: batch.invoiceCurrency },
          {
            key: 'rates',
            label: t('fields.rates'),
            children:
              batch.rates.length === 0
                ? '-'
                : batch.rates.map((r) => `1 ${r.currency} = ${r.rate} ${batch.invoiceCurrency}`).join('; '),
          },
          { key: 'claims', label: t('fields.claims'), children: batch.itemCount },
          {
            key: 'total',
            label: t('fields.totalAmount'),
            children: <strong>{money(batch.invoiceCurrency, batch.totalAmount)}</strong>,
          },
          {
            key: 'reconciled',
            label: t('fields.reconciled'),
            children: money(batch.invoiceCurrency, batch.reconciledAmount),
          },
          { key: 'paidDate', label: t('fields.paidDate'), children: batch.paidDate ?? '-' },
          { key: 'bankReference', label: t('fields.bankReference'), children: batch.bankReference || '-' },
          {
            key: 'built',
            label: t('fields.builtBy'),
            children: `${who(batch.builtByName, batch.builtByNameEn)} ${batch.buildTime}`,
          },
          {
            key: 'confirmed',
            label: t('fields.confirmedBy'),
            children: batch.confirmTime
              ? `${who(batch.confirmedByName, batch.confirmedByNameEn)} ${batch.confirmTime}`
              : '-',
          },
          { key: 'remark', label: t('fields.remark'), children: batch.remark || '-' },
        ]}
      />
      <Space style={{ marginBottom: 8 }} wrap>
        <h3 style={{ margin: 0 }}>{t('detail.lines')}</h3>
        {mayReconcile && (
          <>
            <Button
              type="primary"
              disabled={chosen.length === 0}
              loading={reconcile.isPending}
              onClick={() => confirmReconcile(chosen)}
            >
              {t('detail.reconcileSelected', { count: chosen.length })}
            </Button>
            <Button
              disabled={open.length === 0}
              loading={reconcile.isPending}
              onClick={() => confirmReconcile(open.map((i) => i.id))}
            >
              {t('detail.reconcileAll', { count: open.length })}
            </Button>
          </>
        )}
      </Space>
      <Table<TPayItem>
        rowKey="id"
        size="small"
        dataSource={items}
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        rowSelection={
          mayReconcile
            ? {
                selectedRowKeys: chosen,
                onChange: (keys) => setSelected(keys.map(String)),
                getCheckboxProps: (i) => ({
                  disabled: !canItem('reconcile', i.status),
                  'aria-label': t('detail.selectLine', { batchNo: i.claimBatchNo, row: i.rowNo }),
                }),
              }
            : undefined
        }
        columns={[
          { title: t('fields.claimBatchNo'), dataIndex: 'claimBatchNo' },
          { title: t('fields.row'), dataIndex: 'rowNo' },
          {
            title: t('fields.member'),
            render: (_, i) => (
              <>
                <MemberNameCell memberId={i.memberId} name={i.memberName} nameEn={i.memberNameEn} /> (
                {i.memberId})
              </>
            ),
          },
          { title: t('fields.visitDate'), dataIndex: 'visitDate' },
          { title: t('fields.item'), render: (_, i) => `${i.coverageCode} ${i.itemName}` },
          {
            title: t('fields.payable'),
            align: 'right',
            render: (_, i) => money(i.claimCurrency, i.payableAmount),
          },
          {
            title: t('fields.claimAmount'),
            align: 'right',
            render: (_, i) => money(i.claimCurrency, i.claimAmount),
          },
          { title: t('fields.rate'), dataIndex: 'rate', align: 'right' },
          {
            title: t('fields.amount'),
            align: 'right',
            render: (_, i) => money(batch.invoiceCurrency, i.amount),
          },
          { title: t('fields.itemStatus'), render: (_, i) => <ItemStatusTag status={i.status} /> },
          {
            title: t('fields.dispute'),
            render: (_, i) =>
              i.disputeReasonCode ? (
                <div style={{ maxWidth: 280, whiteSpace: 'normal' }}>
                  <div>
                    {accName(DISPUTE_REASON, i.disputeReasonCode, lang)}: {i.disputeReason}
                  </div>
                  {i.resolution && (
                    <div>
                      {accName(RESOLUTION, i.resolution, lang)}
                      {i.resolutionAmount ? ` ${money(i.claimCurrency, i.resolutionAmount)}` : ''}:{' '}
                      {i.resolutionReply}
                    </div>
                  )}
                </div>
              ) : (
                '-'
              ),
          },
          ...(items.some(
            (i) =>
              (mayReconcile && canItem('dispute', i.status)) || (mayResolve && canItem('resolve', i.status)),
          )
            ? [
                {
                  title: t('fields.actions'),
                  fixed: 'right' as const,
                  render: (_: unknown, i: TPayItem) => (
                    <Space>
                      {mayReconcile && canItem('dispute', i.status) && (
                        <Button size="small" danger onClick={() => setDialog({ kind: 'dispute', item: i })}>
                          {t('detail.dispute')}
                        </Button>
                      )}
                      {mayResolve && canItem('resolve', i.status) && (
                        <Button
                          size="small"
                          type="primary"
                          onClick={() => setDialog({ kind: 'resolve', item: i })}
                        >
                          {t('detail.resolve')}
                        </Button>
                      )}
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <h3>{t('detail.flow')}</h3>
      <Timeline
        items={flow.map((f) => ({
          key: f.id,
          title: f.createTime,
          content: `${accName(PAYMENT_ACTION, f.action, lang)} · ${pickLanguage(f.operatorName, f.operatorNameEn)}${f.remark ? ` · ${f.remark}` : ''}`,
        }))}
      />
      {dialog?.kind === 'confirm' && <ConfirmDialog batch={batch} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'dispute' && (
        <DisputeDialog batch={batch} item={dialog.item} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'resolve' && (
        <ResolveDialog batch={batch} item={dialog.item} onClose={() => setDialog(null)} />
      )}
    </Card>
  );
}
