import {
  APPEAL_BIZ_TYPE,
  APPEAL_REASON_MAX,
  duplicateFileNames,
  ZAppealAmount,
  ZAppealCreate,
} from '@portal/domain/appeals/rules';
import { ERRORS, formatMessage } from '@portal/domain/errors/catalogue';
import { formatMoney, toCents } from '@portal/domain/members/benefits';
import { Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileUpload } from '../../../components/file-upload/FileUpload.tsx';
import type { TUploadedFile } from '../../../components/file-upload/upload-state.ts';
import { feedback } from '../../../lib/feedback.ts';
import { errorMessage } from '../../../lib/http.ts';
import { applyServerFieldErrors, zodRule } from '../../../lib/zod-form.ts';
import { useLang } from '../components.tsx';

export type TAppealFormValues = { amount: string; reason: string; fileIds: string[] };
type TForm = { amount?: string; reason?: string; files?: TUploadedFile[] };

/**
 * The provider's appeal: the amount asked (at most `maxAmount`), the reason and the attachments
 * (200 MB in all, no duplicate names); refused while a file is still uploading.
 */
export function AppealForm({
  currency,
  maxAmount,
  initial,
  submitText,
  onSubmit,
}: {
  currency: string;
  maxAmount: string;
  initial: TForm;
  submitText: string;
  onSubmit: (v: TAppealFormValues) => Promise<unknown>;
}) {
  const { t } = useTranslation('appeals');
  const lang = useLang();
  const [form] = Form.useForm<TForm>();
  const [uploading, setUploading] = useState(false);
  const [sending, setSending] = useState(false);
  const send = async () => {
    if (uploading) {
      feedback.error(t('form.stillUploading'));
      return;
    }
    // An invalid form shows its messages in place; nothing to send.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const chosen = v.files ?? [];
    const twice = duplicateFileNames(chosen.map((f) => f.name || f.fileName || ''));
    if (twice.length > 0) {
      feedback.error(formatMessage(ERRORS.CLAIM_DUPLICATE_FILE_NAMES[lang], { names: twice.join(', ') }));
      return;
    }
    setSending(true);
    try {
      await onSubmit({
        amount: v.amount ?? '',
        reason: v.reason ?? '',
        fileIds: chosen.map((f) => f.fileId ?? f.id),
      });
    } catch (error) {
      if (!applyServerFieldErrors(form, error)) feedback.error(errorMessage(error));
    } finally {
      setSending(false);
    }
  };
  return (
    <Form form={form} layout="vertical" initialValues={initial} style={{ maxWidth: 720 }}>
      <Form.Item
        name="amount"
        label={t('fields.amountAsked', { currency })}
        extra={t('form.amountHint', { max: `${currency} ${formatMoney(maxAmount)}` })}
        rules={[
          zodRule(ZAppealAmount),
          {
            validator: async (_r, value: string | undefined) => {
              if (
                value &&
                /^\d+(\.\d{1,2})?$/.test(value.trim()) &&
                toCents(value.trim()) > toCents(maxAmount)
              )
                throw new Error(t('form.amountTooHigh', { max: formatMoney(maxAmount) }));
            },
          },
        ]}
      >
        <Input style={{ maxWidth: 240 }} inputMode="decimal" />
      </Form.Item>
      <Form.Item name="reason" label={t('fields.reason')} rules={[zodRule(ZAppealCreate.shape.reason)]}>
        <Input.TextArea
          rows={5}
          maxLength={APPEAL_REASON_MAX}
          showCount
          placeholder={t('form.reasonPlaceholder')}
        />
      </Form.Item>
      <Form.Item name="files" label={t('fields.files')} extra={t('form.filesHint')} valuePropName="value">
        <FileUpload
          bucket="claim"
          bizType={APPEAL_BIZ_TYPE}
          listType="text"
          label={t('fields.files')}
          onUploadingChange={setUploading}
        />
      </Form.Item>
      <Space>
        <Button type="primary" loading={sending} onClick={send}>
          {submitText}
        </Button>
      </Space>
    </Form>
  );
}
