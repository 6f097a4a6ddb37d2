import {
  ACCESS_TTL,
  GRANT_TYPE_CODES,
  GRANT_TYPES,
  REFRESH_TTL,
  type TClientRecord,
  type TClientWithSecret,
  ZClientIdField,
} from '@portal/domain/clients/rules';
import { Checkbox, Form, Input, InputNumber, Modal, Radio, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../lib/feedback.ts';
import { ApiError, errorMessage } from '../../../lib/http.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { applyServerFieldErrors, zodRule } from '../../../lib/zod-form.ts';
import { useCreateClient } from '../api/create-client.ts';
import { useUpdateClient } from '../api/update-client.ts';

interface TClientFormValues {
  clientId: string;
  name: string;
  confidential: boolean;
  captchaExempt: boolean;
  grantTypes: string[];
  accessTokenSeconds: number | null;
  refreshTokenSeconds: number | null;
  enabled: boolean;
}

const CLIENT_ID_RULE = zodRule(ZClientIdField);

const EMPTY: TClientFormValues = {
  clientId: '',
  name: '',
  confidential: true,
  captchaExempt: false,
  grantTypes: ['password', 'refresh_token'],
  accessTokenSeconds: null,
  refreshTokenSeconds: null,
  enabled: true,
};

/**
 * The client form in a dialog: a new client (`editing` null) or the fields of an existing one
 * (its client id cannot change). A new client's secret goes to `onCreated`, to be shown once.
 */
export function ClientForm({
  open,
  editing,
  onClose,
  onCreated,
}: {
  open: boolean;
  editing: TClientRecord | null;
  onClose: () => void;
  onCreated: (created: TClientWithSecret) => void;
}) {
  const { t } = useTranslation('clients');
  const [form] = Form.useForm<TClientFormValues>();
  const create = useCreateClient();
  const update = useUpdateClient();
  const confidential = Form.useWatch('confidential', form);
  const lang = currentLanguage() === 'en' ? 'en' : 'zh';

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(editing ? { ...EMPTY, ...editing } : EMPTY);
  }, [open, editing, form]);

  const onFinish = async (values: TClientFormValues) => {
    const fields = {
      name: values.name,
      confidential: values.confidential,
      captchaExempt: values.confidential ? values.captchaExempt : false,
      grantTypes: values.grantTypes as (typeof GRANT_TYPE_CODES)[number][],
      accessTokenSeconds: values.accessTokenSeconds ?? null,
      refreshTokenSeconds: values.refreshTokenSeconds ?? null,
      enabled: values.enabled,
    };
    try {
      if (editing) {
        await update.mutateAsync({ id: editing.id, ...fields });
        feedback.success(t('saved'));
        onClose();
      } else {
        const created = await create.mutateAsync({ clientId: values.clientId.trim(), ...fields });
        onClose();
        onCreated(created);
      }
    } catch (error) {
      if (error instanceof ApiError && error.code === 40160) {
        form.setFields([{ name: 'clientId', errors: [error.localizedMessage()] }]);
      } else if (!applyServerFieldErrors(form, error) && !(error instanceof ApiError && error.notified)) {
        feedback.error(errorMessage(error));
      }
    }
  };

  const pending = create.isPending || update.isPending;
  return (
    <Modal
      open={open}
      title={editing ? t('form.editTitle') : t('form.createTitle')}
      okText={t('common:actions.confirm')}
      cancelText={t('common:actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={pending}
      mask={{ closable: false }}
      destroyOnHidden
      forceRender
    >
      <Form<TClientFormValues>
        form={form}
        name="client"
        layout="vertical"
        onFinish={onFinish}
        disabled={pending}
      >
        <Form.Item
          name="clientId"
          label={t('fields.clientId')}
          extra={editing ? undefined : t('form.clientIdHint')}
          rules={editing ? [] : [{ required: true, message: t('form.required') }, CLIENT_ID_RULE]}
        >
          <Input maxLength={64} disabled={Boolean(editing)} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('fields.name')}
          rules={[{ required: true, whitespace: true, message: t('form.required') }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="confidential" label={t('fields.type')}>
          <Radio.Group
            options={[
              { value: true, label: t('type.confidential') },
              { value: false, label: t('type.public') },
            ]}
          />
        </Form.Item>
        {confidential && (
          <Form.Item name="captchaExempt" valuePropName="checked" extra={t('form.captchaExemptHint')}>
            <Checkbox>{t('fields.captchaExempt')}</Checkbox>
          </Form.Item>
        )}
        <Form.Item
          name="grantTypes"
          label={t('fields.grantTypes')}
          rules={[{ required: true, type: 'array', min: 1, message: t('form.grantRequired') }]}
        >
          <Checkbox.Group
            options={GRANT_TYPE_CODES.map((g) => ({ value: g, label: GRANT_TYPES[g][lang] }))}
          />
        </Form.Item>
        <Form.Item
          name="accessTokenSeconds"
          label={t('fields.accessTokenSeconds')}
          extra={t('form.ttlHint', { min: ACCESS_TTL.min, max: ACCESS_TTL.max })}
        >
          <InputNumber min={ACCESS_TTL.min} max={ACCESS_TTL.max} precision={0} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item
          name="refreshTokenSeconds"
          label={t('fields.refreshTokenSeconds')}
          extra={t('form.ttlHint', { min: REFRESH_TTL.min, max: REFRESH_TTL.max })}
        >
          <InputNumber min={REFRESH_TTL.min} max={REFRESH_TTL.max} precision={0} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="enabled" label={t('fields.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
