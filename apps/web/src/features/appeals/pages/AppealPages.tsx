import {
  APPEAL_REMARK_MAX,
  APPEAL_STATUS,
  type TAppeal,
  type TAppealDetail,
  ZAppealAmount,
} from '@portal/domain/appeals/rules';
import { formatMoney, toCents } from '@portal/domain/members/benefits';
import { Alert, Button, Card, Form, Input, Radio, Result, Space, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { PersonalDataProvider } from '../../../components/personal-data/personal-data.tsx';
import { feedback } from '../../../lib/feedback.ts';
import { errorMessage } from '../../../lib/http.ts';
import { applyServerFieldErrors, zodRule } from '../../../lib/zod-form.ts';
import {
  useAppealableLine,
  useAppealDetail,
  useAuditAppeal,
  useCloseAppeal,
  useUpdateAppeal,
} from '../api/appeals.ts';
import {
  AppealFacts,
  AppealFilesAndFlow,
  AppealStatusTag,
  appealPaths,
  LineSummary,
  useAppealArea,
} from '../components.tsx';
import { AppealForm } from './AppealForm.tsx';

type TMode = 'detail' | 'update' | 'audit';
type TAuditForm = { result: 'approve' | 'return' | 'reject'; approvedAmount?: string; remark?: string };

/** The operator's decision: approve (the amount granted, at most the amount asked), return or reject with a reason. */
function AuditPanel({ a }: { a: TAppeal }) {
  const { t } = useTranslation('appeals');
  const [form] = Form.useForm<TAuditForm>();
  const auditAppeal = useAuditAppeal();
  const result = Form.useWatch('result', form) ?? 'approve';
  const send = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      await auditAppeal.mutateAsync({
        id: a.id,
        version: a.version,
        result: v.result,
        remark: v.remark ?? '',
        ...(v.result === 'approve' ? { approvedAmount: v.approvedAmount } : {}),
      });
      feedback.success(t(`audit.done.${v.result}`));
    } catch (error) {
      if (!applyServerFieldErrors(form, error)) feedback.error(errorMessage(error));
    }
  };
  return (
    <Card size="small" title={t('audit.title')}>
      <Form<TAuditForm>
        form={form}
        layout="vertical"
        initialValues={{ result: 'approve', approvedAmount: a.amount }}
        style={{ maxWidth: 720 }}
      >
        <Form.Item name="result" label={t('audit.result')}>
          <Radio.Group>
            <Radio value="approve">{t('audit.approve')}</Radio>
            <Radio value="return">{t('audit.return')}</Radio>
            <Radio value="reject">{t('audit.reject')}</Radio>
          </Radio.Group>
        </Form.Item>
        {result === 'approve' && (
          <Form.Item
            name="approvedAmount"
            label={t('fields.approvedAmountOf', { currency: a.currency })}
            extra={t('audit.approveHint', { amount: `${a.currency} ${formatMoney(a.amount)}` })}
            rules={[
              zodRule(ZAppealAmount),
              {
                validator: async (_r, value: string | undefined) => {
                  if (
                    value &&
                    /^\d+(\.\d{1,2})?$/.test(value.trim()) &&
                    toCents(value.trim()) > toCents(a.amount)
                  )
                    throw new Error(t('audit.approvedTooHigh', { amount: formatMoney(a.amount) }));
                },
              },
            ]}
          >
            <Input style={{ maxWidth: 240 }} inputMode="decimal" />
          </Form.Item>
        )}
        <Form.Item
          name="remark"
          label={t(result === 'approve' ? 'fields.approveNote' : 'fields.returnReason')}
          dependencies={['result']}
          rules={[
            {
              validator: async (_r, value: string | undefined) => {
                if (form.getFieldValue('result') !== 'approve' && !(value ?? '').trim())
                  throw new Error(t('audit.reasonRequired'));
              },
            },
          ]}
        >
          <Input.TextArea rows={3} maxLength={APPEAL_REMARK_MAX} showCount />
        </Form.Item>
        <Button type="primary" danger={result === 'reject'} loading={auditAppeal.isPending} onClick={send}>
          {t(`audit.submit.${result}`)}
        </Button>
      </Form>
    </Card>
  );
}

/** The provider changes a returned appeal and resubmits it. */
function UpdatePanel({ detail }: { detail: TAppealDetail }) {
  const { t } = useTranslation('appeals');
  const navigate = useNavigate();
  const update = useUpdateAppeal();
  const a = detail.appeal;
  // The most the appeal may ask today (claimed less payable, approved appeals included).
  const line = useAppealableLine(a.lineId);
  if (line.isPending) return <Spin />;
  if (line.isError) return <Alert type="warning" showIcon title={errorMessage(line.error)} />;
  return (
    <Card size="small" title={t('update.title')}>
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('update.returned', { reason: a.decisionRemark })}
      />
      <AppealForm
        currency={a.currency}
        maxAmount={line.data.maxAmount}
        initial={{
          amount: a.amount,
          reason: a.reason,
          files: detail.files.map((f) => ({ id: f.id, name: f.originalName, size: f.size })),
        }}
        submitText={t('update.submit')}
        onSubmit={async (v) => {
          await update.mutateAsync({ id: a.id, version: a.version, ...v });
          feedback.success(t('update.done'));
          navigate(appealPaths.detail(a.id));
        }}
      />
    </Card>
  );
}

function AppealView({ mode, id }: { mode: TMode; id: string }) {
  const { t } = useTranslation('appeals');
  const area = useAppealArea();
  const { has } = usePermission();
  const detail = useAppealDetail(area, id);
  const close = useCloseAppeal();
  const [closing, setClosing] = useState(false);
  if (detail.isPending) return <Spin />;
  if (detail.isError) return <Result status="404" title={t('detail.notFound')} />;
  const a = detail.data.appeal;
  const S = APPEAL_STATUS;
  const mayAudit = area === 'audit' && has('claim:appealAudit:edit') && a.status === S.PROCESSING.code;
  const mayUpdate = area === 'case' && has('claim:appeal:edit') && a.status === S.RETURNED.code;
  const mayClose =
    area === 'case' &&
    has('claim:appeal:edit') &&
    (a.status === S.PROCESSING.code || a.status === S.RETURNED.code);
  const batchLink = area === 'audit' ? `/claim/adminDetail?id=${a.batchId}` : `/claim/detail?id=${a.batchId}`;
  const withdraw = async () => {
    const yes = await feedback.confirm({
      title: t('close.title', { appealNo: a.appealNo }),
      content: t('close.content'),
      okText: t('close.confirm'),
      cancelText: t('close.cancel'),
      danger: true,
    });
    if (!yes) return;
    setClosing(true);
    try {
      await close.mutateAsync({ id: a.id, version: a.version });
      feedback.success(t('close.done'));
    } finally {
      setClosing(false);
    }
  };
  return (
    <PersonalDataProvider target={{ bizType: 'member', bizId: a.memberId }}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Card
          title={
            <Space wrap>
              <h2 style={{ margin: 0, fontSize: 'inherit' }}>
                {t('detail.title', { appealNo: a.appealNo })}
              </h2>
              <AppealStatusTag status={a.status} />
            </Space>
          }
          extra={
            <Space>
              {mode === 'detail' && mayAudit && (
                <Link to={appealPaths.audit(a.id)}>{t('detail.toAudit')}</Link>
              )}
              {mode === 'detail' && mayUpdate && (
                <Link to={appealPaths.update(a.id)}>{t('detail.toUpdate')}</Link>
              )}
              {mayClose && (
                <Button danger loading={closing} onClick={withdraw}>
                  {t('close.button')}
                </Button>
              )}
            </Space>
          }
        >
          {a.status === S.APPROVED.code && (
            <Alert
              type="success"
              showIcon
              style={{ marginBottom: 16 }}
              title={t('detail.approvedNote', {
                amount: `${a.currency} ${formatMoney(a.approvedAmount ?? '0')}`,
              })}
            />
          )}
          <LineSummary line={a} batchLink={batchLink} />
          <AppealFacts a={a} />
        </Card>
        {mode === 'audit' && mayAudit && <AuditPanel a={a} />}
        {mode === 'update' && mayUpdate && <UpdatePanel detail={detail.data} />}
        {mode !== 'detail' && !mayAudit && !mayUpdate && (
          <Alert type="info" showIcon title={t('detail.nothingToDo')} />
        )}
        <AppealFilesAndFlow detail={detail.data} />
      </Space>
    </PersonalDataProvider>
  );
}

/** /claim/appeal/detail/:id: the appeal, read only (the provider may withdraw an ongoing one). */
export function AppealDetailPage() {
  const { id = '' } = useParams();
  return <AppealView key={id} mode="detail" id={id} />;
}

/** /claim/appeal/update/:id: the provider changes a returned appeal (the view audit shares). */
export function AppealUpdatePage() {
  const { id = '' } = useParams();
  return <AppealView key={id} mode="update" id={id} />;
}

/** /claim/appeal/audit/:id: the operator returns, rejects or approves a processing appeal. */
export function AppealAuditPage() {
  const { id = '' } = useParams();
  return <AppealView key={id} mode="audit" id={id} />;
}
