import { SendOutlined } from '@ant-design/icons';
import {
  parsePhoneList,
  SMS_VARIABLES,
  smsSegments,
  type TSmsDraft,
  type TSmsPreview,
  templateVariables,
  ZSmsContent,
  ZSmsPhones,
} from '@portal/domain/sms/rules';
import { Button, Flex, Form, Input, Select, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../lib/feedback.ts';
import { errorMessage } from '../../../lib/http.ts';
import { currentLanguage, pickLanguage } from '../../../lib/i18n.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { applyServerFieldErrors, zodRule } from '../../../lib/zod-form.ts';
import { useSendSms } from '../api/send-sms.ts';
import { usePreviewSms } from '../api/sms-preview.ts';
import { useSmsProviders } from '../api/sms-providers.ts';
import { useSmsSettings } from '../api/sms-settings.ts';

interface TValues {
  content: string;
  phones: string;
  providerIds: string[];
}

const VARIABLE_NAMES = Object.keys(SMS_VARIABLES) as (keyof typeof SMS_VARIABLES)[];
const SHOWN_IN_CONFIRM = 5;

/** The live counter under the content: characters and SMS as the carrier counts them. */
function SegmentCounter({ content, signName }: { content: string; signName: string }) {
  const { t } = useTranslation('sms');
  const count = smsSegments(content, signName);
  const notes = [
    signName ? t('form.counterSign', { sign: signName }) : '',
    templateVariables(content).length > 0 ? t('form.counterVariables') : '',
  ].filter(Boolean);
  return (
    <Typography.Text type="secondary" data-testid="sms-counter" aria-live="polite">
      {t('form.counter', { chars: count.chars, segments: count.segments, per: count.perSegment })}
      {notes.length > 0 ? ` · ${notes.join(' · ')}` : ''}
    </Typography.Text>
  );
}

/** The draft's identity: a send is repeated with the same key until it changes or succeeds. */
const fingerprint = (draft: TSmsDraft) => JSON.stringify([draft.content, draft.phones, draft.providerIds]);

/**
 * The send form: content with its counter and variables, typed numbers and provider contacts.
 * Send asks the server for a preview (its checks are the last word), shows what will go out
 * for confirmation, and only then sends, with a request key kept for that draft so a repeated
 * click or a retried request sends nothing twice.
 */
export function SmsForm() {
  const { t } = useTranslation('sms');
  const [form] = Form.useForm<TValues>();
  const content = Form.useWatch('content', form) ?? '';
  const phones = Form.useWatch('phones', form) ?? '';
  const [keyword, setKeyword] = useState('');
  const [debounced] = useDebouncedValue(keyword);
  const settings = useSmsSettings();
  const providers = useSmsProviders(debounced);
  const preview = usePreviewSms();
  const send = useSendSms();
  const pending = useRef<{ fingerprint: string; key: string } | null>(null);
  const typed = parsePhoneList(phones);
  const signName = settings.data?.signName ?? '';
  const busy = preview.isPending || send.isPending;

  const insertVariable = (name: string) => {
    const current = form.getFieldValue('content') ?? '';
    form.setFieldValue('content', `${current}#${name}#`);
    void form.validateFields(['content']);
  };

  const confirmText = (p: TSmsPreview) => {
    const shown = p.recipients.slice(0, SHOWN_IN_CONFIRM);
    return (
      <Flex vertical gap={4}>
        <Typography.Text strong>
          {t('confirm.summary', { count: p.recipients.length, segments: p.segments })}
        </Typography.Text>
        {p.duplicates > 0 ? (
          <Typography.Text>{t('confirm.duplicates', { count: p.duplicates })}</Typography.Text>
        ) : null}
        {p.providersWithoutMobile.length > 0 ? (
          <Typography.Text type="warning">
            {t('confirm.noMobile', { list: p.providersWithoutMobile.join(', ') })}
          </Typography.Text>
        ) : null}
        <ul style={{ paddingInlineStart: 18, margin: 0 }} aria-label={t('recipients.phone')}>
          {shown.map((r) => (
            <li key={r.phone}>
              <Typography.Text code>{r.phone}</Typography.Text> {r.text}
            </li>
          ))}
        </ul>
        {p.recipients.length > SHOWN_IN_CONFIRM ? (
          <Typography.Text type="secondary">
            {t('confirm.more', { count: p.recipients.length - SHOWN_IN_CONFIRM })}
          </Typography.Text>
        ) : null}
      </Flex>
    );
  };

  const onFinish = async (values: TValues) => {
    const draft: TSmsDraft = {
      content: values.content ?? '',
      phones: values.phones ?? '',
      providerIds: values.providerIds ?? [],
    };
    let checked: TSmsPreview;
    try {
      checked = await preview.mutateAsync(draft);
    } catch (error) {
      if (!applyServerFieldErrors(form, error)) feedback.error(errorMessage(error));
      return;
    }
    const confirmed = await feedback.confirm({
      title: t('confirm.title'),
      content: confirmText(checked),
      okText: t('confirm.ok'),
      cancelText: t('confirm.cancel'),
    });
    if (!confirmed) return;
    const print = fingerprint(draft);
    if (pending.current?.fingerprint !== print)
      pending.current = { fingerprint: print, key: crypto.randomUUID() };
    try {
      const batch = await send.mutateAsync({ ...draft, requestKey: pending.current.key });
      pending.current = null;
      feedback.success(t('sent', { count: batch.total }));
      form.resetFields();
    } catch (error) {
      if (!applyServerFieldErrors(form, error)) feedback.error(errorMessage(error));
    }
  };

  return (
    <Form<TValues>
      form={form}
      layout="vertical"
      initialValues={{ content: '', phones: '', providerIds: [] }}
      onFinish={(values) => void onFinish(values)}
      style={{ maxWidth: 760 }}
    >
      <Form.Item
        name="content"
        label={t('form.content')}
        rules={[zodRule(ZSmsContent)]}
        extra={
          <Flex vertical gap={4} style={{ marginTop: 4 }}>
            <SegmentCounter content={content} signName={signName} />
            <Flex gap={4} wrap align="center">
              <Typography.Text type="secondary">{t('form.variables')}</Typography.Text>
              {VARIABLE_NAMES.map((name) => (
                <Button
                  key={name}
                  size="small"
                  onClick={() => insertVariable(name)}
                  title={t('form.insert', { name: SMS_VARIABLES[name][currentLanguage()] })}
                >
                  #{name}#
                </Button>
              ))}
            </Flex>
          </Flex>
        }
      >
        <Input.TextArea rows={5} placeholder={t('form.contentPlaceholder')} />
      </Form.Item>
      <Form.Item
        name="phones"
        label={t('form.phones')}
        rules={[zodRule(ZSmsPhones)]}
        extra={
          typed.phones.length > 0 ? (
            <Typography.Text type="secondary" data-testid="sms-phone-count">
              {t('form.phonesCount', { count: typed.phones.length })}
              {typed.duplicates > 0 ? ` · ${t('form.phonesDuplicates', { count: typed.duplicates })}` : ''}
            </Typography.Text>
          ) : null
        }
      >
        <Input.TextArea rows={3} placeholder={t('form.phonesPlaceholder')} />
      </Form.Item>
      <Form.Item name="providerIds" label={t('form.providers')}>
        <Select
          mode="multiple"
          allowClear
          showSearch={{ filterOption: false, onSearch: setKeyword }}
          placeholder={t('form.providersPlaceholder')}
          loading={providers.isFetching}
          options={(providers.data ?? []).map((p) => ({
            value: p.providerId,
            label: t('form.providerOption', {
              id: p.providerId,
              name: pickLanguage(p.providerCnName, p.providerEnName),
              count: p.mobiles,
            }),
          }))}
        />
      </Form.Item>
      <Flex gap={8}>
        <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={busy}>
          {t('form.send')}
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            pending.current = null;
          }}
          disabled={busy}
        >
          {t('form.reset')}
        </Button>
      </Flex>
    </Form>
  );
}
