import { ERRORS } from '@portal/domain/errors/catalogue';
import { chinaDay } from '@portal/domain/format/format';
import {
  answerHasContent,
  INVESTIGATION_ACTION,
  INVESTIGATION_BIZ_TYPE,
  INVESTIGATION_STATUS,
  investigationLabel,
  postingDateIssue,
  type TInvestigation,
  type TInvestigationAnswer,
  ZInvestigationCancel,
  ZInvestigationReply,
} from '@portal/domain/investigations/rules';
import { formatMoney } from '@portal/domain/members/benefits';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Empty,
  Form,
  Input,
  List,
  Modal,
  Result,
  Space,
  Spin,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { FileUpload } from '../../../components/file-upload/FileUpload.tsx';
import { fileViewUrl } from '../../../components/file-upload/file-urls.ts';
import type { TUploadedFile } from '../../../components/file-upload/upload-state.ts';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { PersonalDataProvider } from '../../../components/personal-data/personal-data.tsx';
import { Timeline } from '../../../components/timeline/Timeline.tsx';
import { feedback } from '../../../lib/feedback.ts';
import { errorMessage } from '../../../lib/http.ts';
import { pickLanguage } from '../../../lib/i18n.ts';
import { applyServerFieldErrors, zodRule } from '../../../lib/zod-form.ts';
import { MemberName } from '../../members/components/MemberMasked.tsx';
import {
  useCancelInvestigation,
  useCompleteInvestigation,
  useReplyInvestigation,
} from '../api/investigation-actions.ts';
import { type TInvestigationArea, useInvestigationDetail } from '../api/investigations.ts';
import {
  CountdownTag,
  InvestigationStatusTag,
  typeName,
  useInvestigationArea,
  useLang,
} from '../components.tsx';

type TAnswerForm = {
  files?: TUploadedFile[];
  description?: string;
  remark?: string;
  trackingNumbers?: string;
  postingDate?: Dayjs | null;
};

const inLanguage = (entry: { zh: string; en: string }, lang: 'zh' | 'en') => entry[lang];

/** The provider's answer: files and/or a description, a remark, tracking numbers with their posting date. */
function AnswerForm({ c }: { c: TInvestigation }) {
  const { t } = useTranslation('investigations');
  const lang = useLang();
  const [form] = Form.useForm<TAnswerForm>();
  const [uploading, setUploading] = useState(false);
  const reply = useReplyInvestigation();
  const tracking = Form.useWatch('trackingNumbers', form) ?? '';
  const send = async () => {
    if (uploading) {
      feedback.error(t('answer.stillUploading'));
      return;
    }
    // An invalid form shows its messages in place; nothing to send.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const fileIds = (v.files ?? []).map((f) => f.fileId ?? f.id);
    if (!answerHasContent({ fileIds, description: v.description ?? '' })) {
      feedback.error(inLanguage(ERRORS.INVESTIGATION_ANSWER_EMPTY, lang));
      return;
    }
    try {
      await reply.mutateAsync({
        id: c.id,
        version: c.version,
        fileIds,
        description: v.description ?? '',
        remark: v.remark ?? '',
        trackingNumbers: v.trackingNumbers ?? '',
        postingDate: v.postingDate ? v.postingDate.format('YYYY-MM-DD') : null,
      });
      form.resetFields();
      feedback.success(t('answer.sent'));
    } catch (error) {
      if (!applyServerFieldErrors(form, error)) feedback.error(errorMessage(error));
    }
  };
  return (
    <Card size="small" title={t('answer.title')}>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('answer.hint', { day: c.lastUploadDay })}
      />
      <Form form={form} layout="vertical">
        <Form.Item name="files" label={t('fields.files')} valuePropName="value">
          <FileUpload
            bucket="claim"
            bizType={INVESTIGATION_BIZ_TYPE}
            listType="text"
            label={t('fields.files')}
            onUploadingChange={setUploading}
          />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('fields.description')}
          rules={[zodRule(ZInvestigationReply.shape.description)]}
        >
          <Input.TextArea rows={3} maxLength={2000} showCount />
        </Form.Item>
        <Form.Item
          name="remark"
          label={t('fields.remark')}
          rules={[zodRule(ZInvestigationReply.shape.remark)]}
        >
          <Input.TextArea rows={2} maxLength={1000} showCount />
        </Form.Item>
        <Space wrap align="start">
          <Form.Item
            name="trackingNumbers"
            label={t('fields.trackingNumbers')}
            extra={t('answer.trackingHint')}
            rules={[zodRule(ZInvestigationReply.shape.trackingNumbers)]}
            style={{ minWidth: 360 }}
          >
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item
            name="postingDate"
            label={t('fields.postingDate')}
            dependencies={['trackingNumbers']}
            rules={[
              {
                validator: async (_rule, value: Dayjs | null | undefined) => {
                  const issue = postingDateIssue(
                    value ? value.format('YYYY-MM-DD') : null,
                    tracking,
                    chinaDay(),
                  );
                  if (issue === 'required')
                    throw new Error(inLanguage(ERRORS.INVESTIGATION_POSTING_DATE_REQUIRED, lang));
                  if (issue === 'notPast')
                    throw new Error(inLanguage(ERRORS.INVESTIGATION_POSTING_DATE_NOT_PAST, lang));
                },
              },
            ]}
          >
            <DatePicker disabledDate={(d) => d.format('YYYY-MM-DD') >= chinaDay()} />
          </Form.Item>
        </Space>
        <div>
          <Button type="primary" loading={reply.isPending} onClick={send}>
            {t('answer.submit')}
          </Button>
        </div>
      </Form>
    </Card>
  );
}

/** Complete (a note) or cancel (a reason) a processing case. */
function DecisionDialog({
  kind,
  c,
  onClose,
}: {
  kind: 'complete' | 'cancel';
  c: TInvestigation;
  onClose: () => void;
}) {
  const { t } = useTranslation('investigations');
  const [form] = Form.useForm<{ remark?: string }>();
  const complete = useCompleteInvestigation();
  const cancel = useCancelInvestigation();
  const ok = async () => {
    // An invalid form shows its messages in place; nothing to send.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      const run = kind === 'complete' ? complete : cancel;
      await run.mutateAsync({ id: c.id, version: c.version, remark: v.remark ?? '' });
      feedback.success(t(kind === 'complete' ? 'actions.completed' : 'actions.cancelled'));
      onClose();
    } catch (error) {
      applyServerFieldErrors(form, error);
    }
  };
  return (
    <Modal
      open
      title={t(kind === 'complete' ? 'actions.completeTitle' : 'actions.cancelTitle', { caseNo: c.caseNo })}
      onOk={ok}
      onCancel={onClose}
      confirmLoading={complete.isPending || cancel.isPending}
      okText={t('actions.confirm')}
      okButtonProps={{ danger: kind === 'cancel' }}
      cancelText={t('actions.cancelDialog')}
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="remark"
          label={t(kind === 'complete' ? 'fields.completeRemark' : 'fields.cancelReason')}
          rules={kind === 'cancel' ? [zodRule(ZInvestigationCancel.shape.remark)] : []}
        >
          <Input.TextArea rows={3} maxLength={1000} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function AnswerItem({ a }: { a: TInvestigationAnswer }) {
  const { t } = useTranslation('investigations');
  return (
    <List.Item>
      <Space orientation="vertical" size={2} style={{ width: '100%' }}>
        <Typography.Text type="secondary">
          {a.createTime} · {pickLanguage(a.authorName, a.authorNameEn)}
        </Typography.Text>
        {a.description && (
          <Typography.Paragraph style={{ marginBottom: 0 }}>{a.description}</Typography.Paragraph>
        )}
        {a.remark && (
          <span>
            {t('fields.remark')}: {a.remark}
          </span>
        )}
        {a.trackingNumbers && (
          <span>
            {t('fields.trackingNumbers')}: {a.trackingNumbers.split(';').join('; ')} ·{' '}
            {t('fields.postingDate')}: {a.postingDate ?? '-'}
          </span>
        )}
        {a.files.map((f) => (
          <a key={f.id} href={fileViewUrl(f.id)} target="_blank" rel="noopener noreferrer">
            {f.originalName}
          </a>
        ))}
      </Space>
    </List.Item>
  );
}

function Detail({ area, id }: { area: TInvestigationArea; id: string }) {
  const { t } = useTranslation('investigations');
  const lang = useLang();
  const { has } = usePermission();
  const detail = useInvestigationDetail(area, id);
  const [dialog, setDialog] = useState<'complete' | 'cancel' | null>(null);
  if (detail.isPending) return <Spin />;
  if (detail.isError) return <Result status="404" title={t('detail.notFound')} />;
  const { investigation: c, answers, flow } = detail.data;
  const processing = c.status === INVESTIGATION_STATUS.PROCESSING.code;
  const mayDecide = area === 'audit' && has('claim:medicalAudit:edit') && processing && c.uploadOpen;
  const mayAnswer = area === 'case' && has('claim:medical:reply') && processing && c.uploadOpen;
  const batchLink = area === 'audit' ? `/claim/adminDetail?id=${c.batchId}` : `/claim/detail?id=${c.batchId}`;
  return (
    <PersonalDataProvider target={{ bizType: 'member', bizId: c.memberId }}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Card
          title={
            <Space wrap>
              <h2 style={{ margin: 0, fontSize: 'inherit' }}>{t('detail.title', { caseNo: c.caseNo })}</h2>
              <InvestigationStatusTag status={c.status} />
              {c.countdown !== null && <CountdownTag c={c} />}
            </Space>
          }
          extra={
            mayDecide && (
              <Space>
                <Button type="primary" onClick={() => setDialog('complete')}>
                  {t('actions.complete')}
                </Button>
                <Button danger onClick={() => setDialog('cancel')}>
                  {t('actions.cancel')}
                </Button>
              </Space>
            )
          }
        >
          {c.status === INVESTIGATION_STATUS.EXPIRED.code || (processing && !c.uploadOpen) ? (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              title={inLanguage(ERRORS.INVESTIGATION_TIMED_OUT, lang)}
            />
          ) : null}
          {c.status === INVESTIGATION_STATUS.CANCELLED.code && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              title={inLanguage(ERRORS.INVESTIGATION_CANCELLED, lang)}
              description={c.decisionRemark || undefined}
            />
          )}
          <Descriptions size="small" bordered column={{ xs: 1, md: 2, xl: 3 }}>
            <Descriptions.Item label={t('fields.claimLine')}>
              <Link to={batchLink}>{t('detail.lineOf', { batchNo: c.batchNo, row: c.rowNo })}</Link>
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.provider')}>
              {pickLanguage(c.providerCnName, c.providerEnName)}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.member')}>
              <MemberName name={c.memberName} nameEn={c.memberNameEn} /> ({c.memberId})
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.visitDate')}>{c.visitDate}</Descriptions.Item>
            <Descriptions.Item label={t('fields.item')}>
              {c.icdCode} · {c.itemCode} {c.itemName}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.amount')}>
              {c.currency} {formatMoney(c.amount)}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.type')}>{typeName(c.type, lang)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.openedOn')}>
              {c.openedOn} · {pickLanguage(c.openedByName, c.openedByNameEn)}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.lastUploadDay')}>{c.lastUploadDay}</Descriptions.Item>
            <Descriptions.Item label={t('fields.request')} span={3}>
              {c.request}
            </Descriptions.Item>
            {c.status === INVESTIGATION_STATUS.COMPLETED.code && (
              <Descriptions.Item label={t('fields.completeRemark')} span={3}>
                {c.decisionRemark || '-'}
              </Descriptions.Item>
            )}
          </Descriptions>
        </Card>
        {mayAnswer && <AnswerForm c={c} />}
        <Card size="small" title={t('detail.answers', { count: answers.length })}>
          {answers.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noAnswers')} />
          ) : (
            <List dataSource={answers} renderItem={(a) => <AnswerItem key={a.id} a={a} />} />
          )}
        </Card>
        <Card size="small" title={t('detail.flow')}>
          <Timeline
            items={flow.map((f) => ({
              key: f.id,
              title: f.createTime,
              content: `${investigationLabel(INVESTIGATION_ACTION, f.action, lang)} · ${pickLanguage(f.operatorName, f.operatorNameEn)}${f.remark ? ` · ${f.remark}` : ''}`,
            }))}
          />
        </Card>
        {dialog && <DecisionDialog kind={dialog} c={c} onClose={() => setDialog(null)} />}
      </Space>
    </PersonalDataProvider>
  );
}

/** /claim/medical/detail/:id: the investigation, its answers and flow, with the actions of each side. */
export function InvestigationDetailPage() {
  const { id = '' } = useParams();
  const area = useInvestigationArea();
  return <Detail key={id} area={area} id={id} />;
}
