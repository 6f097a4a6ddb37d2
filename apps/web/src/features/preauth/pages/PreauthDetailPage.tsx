import { chinaDay } from '@portal/domain/format/format';
import { formatMoney } from '@portal/domain/members/benefits';
import {
  canPreauth,
  PREAUTH_CASE_HANDLER,
  PREAUTH_VISIT_TYPE,
  preauthActionName,
  type TPreauthCase,
  ZPositiveMoney,
  ZPreauthReject,
} from '@portal/domain/preauth/rules';
import { Button, Card, DatePicker, Descriptions, Form, Input, Modal, Result, Space, Spin } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { FileUpload } from '../../../components/file-upload/FileUpload.tsx';
import { fileViewUrl } from '../../../components/file-upload/file-urls.ts';
import type { TUploadedFile } from '../../../components/file-upload/upload-state.ts';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { MaskedValue, PersonalDataProvider } from '../../../components/personal-data/personal-data.tsx';
import { Timeline } from '../../../components/timeline/Timeline.tsx';
import { feedback } from '../../../lib/feedback.ts';
import { pickLanguage } from '../../../lib/i18n.ts';
import { applyServerFieldErrors, zodRule } from '../../../lib/zod-form.ts';
import { downloadGuaranteeLetter } from '../api/downloads.ts';
import {
  useApprovePreauth,
  useCancelPreauth,
  useRejectPreauth,
  useReopenPreauth,
  useRequestDocuments,
  useSubmitPreauth,
  useSupplementPreauth,
} from '../api/preauth-actions.ts';
import { usePreauthDetail } from '../api/preauth-detail.ts';
import type { TPreauthArea } from '../api/preauth-list.ts';
import { PreauthStatusTag } from '../components.tsx';
import { messagePath } from './PreauthListPage.tsx';

type TDialog = 'approve' | 'reject' | 'requestDocuments' | null;
const remarkRule = zodRule(ZPreauthReject.shape.remark);

/** A decision dialog: approve (amount and validity end), reject (reason), ask for documents (note). */
function DecisionDialog({
  kind,
  c,
  onClose,
}: {
  kind: Exclude<TDialog, null>;
  c: TPreauthCase;
  onClose: () => void;
}) {
  const { t } = useTranslation('preauth');
  const [form] = Form.useForm<{ approvedAmount?: string; validUntil?: Dayjs | null; remark?: string }>();
  const approve = useApprovePreauth();
  const reject = useRejectPreauth();
  const ask = useRequestDocuments();
  const pending = approve.isPending || reject.isPending || ask.isPending;
  const ok = async () => {
    const v = await form.validateFields();
    const base = { id: c.id, version: c.version, remark: v.remark ?? '' };
    try {
      if (kind === 'approve') {
        await approve.mutateAsync({
          ...base,
          approvedAmount: String(v.approvedAmount ?? '').trim(),
          validUntil: v.validUntil ? v.validUntil.format('YYYY-MM-DD') : '',
        });
      } else if (kind === 'reject') await reject.mutateAsync(base);
      else await ask.mutateAsync(base);
      feedback.success(t('detail.done'));
      onClose();
    } catch (error) {
      applyServerFieldErrors(form, error);
    }
  };
  return (
    <Modal
      open
      title={t(`detail.${kind}`)}
      onOk={ok}
      onCancel={onClose}
      confirmLoading={pending}
      okText={t('detail.confirm')}
      cancelText={t('detail.cancelDialog')}
    >
      <Form form={form} layout="vertical" initialValues={{ approvedAmount: c.estimatedCost }}>
        {kind === 'approve' && (
          <>
            <Form.Item
              name="approvedAmount"
              label={`${t('fields.approvedAmount')} (${c.currency})`}
              rules={[zodRule(ZPositiveMoney)]}
            >
              <Input inputMode="decimal" />
            </Form.Item>
            <Form.Item
              name="validUntil"
              label={t('fields.validUntil')}
              rules={[{ required: true, message: t('detail.validUntilRequired') }]}
            >
              <DatePicker disabledDate={(d) => d.format('YYYY-MM-DD') < chinaDay()} />
            </Form.Item>
          </>
        )}
        <Form.Item
          name="remark"
          label={t(
            kind === 'approve'
              ? 'fields.note'
              : kind === 'reject'
                ? 'fields.reason'
                : 'fields.documentsNeeded',
          )}
          rules={kind === 'approve' ? [] : [remarkRule]}
        >
          <Input.TextArea rows={3} maxLength={1000} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Sends documents asked for (/advance/supplement) or asks to reopen (/advance/reopen). */
function ProviderStep({ kind, c }: { kind: 'supplement' | 'reopen'; c: TPreauthCase }) {
  const { t } = useTranslation('preauth');
  const navigate = useNavigate();
  const [form] = Form.useForm<{ files?: TUploadedFile[]; remark?: string }>();
  const supplement = useSupplementPreauth();
  const reopen = useReopenPreauth();
  const send = async () => {
    const v = await form.validateFields();
    try {
      if (kind === 'supplement') {
        await supplement.mutateAsync({
          id: c.id,
          version: c.version,
          remark: v.remark ?? '',
          fileIds: (v.files ?? []).map((f) => f.fileId ?? f.id),
        });
      } else await reopen.mutateAsync({ id: c.id, version: c.version, remark: v.remark ?? '' });
      feedback.success(t('detail.done'));
      navigate(`/advance/detail?id=${c.id}`);
    } catch (error) {
      applyServerFieldErrors(form, error);
    }
  };
  return (
    <Card title={t(`detail.${kind}`)}>
      <Form form={form} layout="vertical">
        {kind === 'supplement' && (
          <Form.Item name="files" label={t('fields.files')} valuePropName="value">
            <FileUpload bucket="drsystem" bizType="PREAUTH_ATTACH" bizId={c.id} />
          </Form.Item>
        )}
        <Form.Item name="remark" label={t('fields.remark')} rules={[zodRule(ZPreauthReject.shape.remark)]}>
          <Input.TextArea rows={3} maxLength={1000} showCount />
        </Form.Item>
        <Button type="primary" onClick={send} loading={supplement.isPending || reopen.isPending}>
          {t('detail.send')}
        </Button>
      </Form>
    </Card>
  );
}

/** A case with its benefit, attachments, flow and the actions its status and the user allow. */
export function PreauthDetailPage({
  area = 'case',
  step,
}: {
  area?: TPreauthArea;
  step?: 'supplement' | 'reopen';
}) {
  const { t, i18n } = useTranslation('preauth');
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const [search] = useSearchParams();
  const id = search.get('id') ?? '';
  const navigate = useNavigate();
  const { has } = usePermission();
  const detail = usePreauthDetail(area, id);
  const submit = useSubmitPreauth();
  const cancel = useCancelPreauth();
  const [dialog, setDialog] = useState<TDialog>(null);
  const [downloading, setDownloading] = useState(false);

  if (detail.isLoading) return <Spin />;
  if (detail.isError || !detail.data) return <Result status="404" title={t('detail.missing')} />;
  const { case: c, flow, files, benefit } = detail.data;
  const canEdit = area === 'case' && has('preauth:case:edit');
  const canDecide = area === 'audit' && has('preauth:audit:approval');

  const confirmCancel = async () => {
    const yes = await feedback.confirm({
      title: t('detail.cancelTitle'),
      content: t('detail.cancelContent', { caseNo: c.caseNo }),
      okText: t('detail.confirm'),
      cancelText: t('detail.cancelDialog'),
      danger: true,
    });
    if (yes) {
      await cancel.mutateAsync({ id: c.id, version: c.version });
      feedback.success(t('detail.done'));
    }
  };

  const letter = async () => {
    setDownloading(true);
    try {
      await downloadGuaranteeLetter(area, c.id);
      feedback.success(t('detail.downloaded'));
    } catch {
      // the http client has shown the server's message
    } finally {
      setDownloading(false);
    }
  };

  const money = (v: string | null) =>
    v === null ? t('detail.unlimited') : `${c.currency} ${formatMoney(v)}`;

  return (
    <PersonalDataProvider target={{ bizType: 'preauth', bizId: c.id }}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Card
          title={
            <Space>
              {t('detail.title')} {c.caseNo} <PreauthStatusTag status={c.status} lang={lang} />
            </Space>
          }
          extra={
            <Space wrap>
              <Button onClick={() => navigate(messagePath(area, c.id))}>{t('message.open')}</Button>
              {c.status === '04' && (
                <Button loading={downloading} onClick={() => void letter()}>
                  {t('detail.guaranteeLetter')}
                </Button>
              )}
              {canEdit && c.status === '01' && (
                <>
                  <Button onClick={() => navigate(`/advance/preAuthCreate?id=${c.id}`)}>
                    {t('detail.edit')}
                  </Button>
                  <Button
                    type="primary"
                    loading={submit.isPending}
                    onClick={async () => {
                      await submit.mutateAsync({ id: c.id, version: c.version });
                      feedback.success(t('form.submitted'));
                    }}
                  >
                    {t('detail.submit')}
                  </Button>
                </>
              )}
              {canEdit && !step && canPreauth('supplement', c.status) && (
                <Button type="primary" onClick={() => navigate(`/advance/supplement?id=${c.id}`)}>
                  {t('detail.supplement')}
                </Button>
              )}
              {canEdit && !step && canPreauth('reopen', c.status) && (
                <Button onClick={() => navigate(`/advance/reopen?id=${c.id}`)}>{t('detail.reopen')}</Button>
              )}
              {canEdit && canPreauth('cancel', c.status) && (
                <Button danger loading={cancel.isPending} onClick={confirmCancel}>
                  {t('detail.cancel')}
                </Button>
              )}
              {canDecide && c.status === '02' && (
                <>
                  <Button type="primary" onClick={() => setDialog('approve')}>
                    {t('detail.approve')}
                  </Button>
                  <Button onClick={() => setDialog('requestDocuments')}>
                    {t('detail.requestDocuments')}
                  </Button>
                  <Button danger onClick={() => setDialog('reject')}>
                    {t('detail.reject')}
                  </Button>
                </>
              )}
            </Space>
          }
        >
          <Descriptions size="small" bordered column={{ xs: 1, sm: 2, lg: 3 }}>
            <Descriptions.Item label={t('fields.memberName')}>
              <MaskedValue
                field="memberName"
                kind="name"
                value={pickLanguage(c.memberName, c.memberNameEn)}
                toggle
              />
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.memberId')}>{c.memberId}</Descriptions.Item>
            <Descriptions.Item label={t('fields.birthday')}>
              <MaskedValue field="patientBirthday" kind="birthday" value={c.patientBirthday} toggle />
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.grpPlanCode')}>{c.grpPlanCode}</Descriptions.Item>
            <Descriptions.Item label={t('fields.provider')}>
              {pickLanguage(c.providerCnName, c.providerEnName)}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.coverageCode')}>{c.coverageCode}</Descriptions.Item>
            <Descriptions.Item label={t('fields.visitType')}>
              {Object.values(PREAUTH_VISIT_TYPE).find((v) => v.code === c.visitType)?.[lang] ?? c.visitType}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.visitDate')}>{c.visitDate}</Descriptions.Item>
            <Descriptions.Item label={t('fields.lengthOfStay')}>{c.lengthOfStay}</Descriptions.Item>
            <Descriptions.Item label={t('fields.department')}>{c.department || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('fields.doctor')}>{c.doctor || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('fields.estimatedCost')}>{money(c.estimatedCost)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.icdCodes')}>{c.icdCodes.join(', ')}</Descriptions.Item>
            <Descriptions.Item label={t('fields.caseHandler')}>
              {Object.values(PREAUTH_CASE_HANDLER).find((h) => h.code === c.caseHandler)?.[lang] ??
                c.caseHandler}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.applyDate')}>{c.applyDate ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('fields.approvedAmount')}>
              {c.approvedAmount ? money(c.approvedAmount) : '-'}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.validUntil')}>{c.validUntil ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('fields.decisionRemark')}>
              {c.decisionRemark || '-'}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.remark')}>{c.remark || '-'}</Descriptions.Item>
          </Descriptions>
        </Card>
        {benefit && (
          <Card
            size="small"
            title={t('detail.benefit', { coverage: benefit.coverageCode, currency: benefit.currency })}
          >
            <Descriptions size="small" column={4}>
              <Descriptions.Item label={t('benefit.annualLimit')}>
                {money(benefit.annualLimit)}
              </Descriptions.Item>
              <Descriptions.Item label={t('benefit.used')}>{money(benefit.used)}</Descriptions.Item>
              <Descriptions.Item label={t('benefit.pending')}>{money(benefit.pending)}</Descriptions.Item>
              <Descriptions.Item label={t('benefit.remaining')}>{money(benefit.remaining)}</Descriptions.Item>
            </Descriptions>
          </Card>
        )}
        {step && <ProviderStep kind={step} c={c} />}
        <Card size="small" title={t('fields.files')}>
          {files.length === 0
            ? t('detail.noFiles')
            : files.map((f) => (
                <div key={f.id}>
                  <a href={fileViewUrl(f.id)} target="_blank" rel="noreferrer">
                    {f.originalName}
                  </a>
                </div>
              ))}
        </Card>
        <Card size="small" title={t('detail.flow')}>
          <Timeline
            items={flow.map((f) => ({
              key: f.id,
              title: f.createTime,
              content: `${preauthActionName(f.action, lang)} · ${pickLanguage(f.operatorName, f.operatorNameEn)}${f.remark ? ` · ${f.remark}` : ''}`,
            }))}
          />
        </Card>
        {dialog && <DecisionDialog kind={dialog} c={c} onClose={() => setDialog(null)} />}
      </Space>
    </PersonalDataProvider>
  );
}

export const PreauthSupplementPage = () => <PreauthDetailPage step="supplement" />;
export const PreauthReopenPage = () => <PreauthDetailPage step="reopen" />;
export const PreauthAuditDetailPage = () => <PreauthDetailPage area="audit" />;
