import { ZUserBase } from '@portal/domain/users/rules';
import { Button, Form, Input, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../lib/feedback.ts';
import { applyServerFieldErrors, zodRule } from '../../../lib/zod-form.ts';
import type { TUserProfile } from '../api/get-profile.ts';
import { useUpdateBase } from '../api/update-base.ts';

interface TBaseValues {
  name: string;
  nameEn: string;
  workDescribe: string;
}

/** The user's names and work description (PUT /authority/user/base). */
export function BaseInfoForm({ profile }: { profile: TUserProfile }) {
  const { t, i18n } = useTranslation('profile');
  const [form] = Form.useForm<TBaseValues>();
  const mutation = useUpdateBase();

  // The form takes the saved values when they change (first load, after a save), and only
  // then: the frame re-runs effects each time this kept tab shows again, and a refetch must
  // not wipe what the user has typed and not yet saved.
  const applied = useRef('');
  useEffect(() => {
    const saved = { name: profile.name, nameEn: profile.nameEn, workDescribe: profile.workDescribe };
    const key = JSON.stringify(saved);
    if (applied.current === key) return;
    applied.current = key;
    form.setFieldsValue(saved);
  }, [form, profile]);

  useEffect(() => {
    const again = () => {
      const shown = form
        .getFieldsError()
        .filter((f) => f.errors.length > 0)
        .map((f) => f.name);
      if (shown.length > 0) form.validateFields(shown).catch(() => undefined);
    };
    i18n.on('languageChanged', again);
    return () => i18n.off('languageChanged', again);
  }, [form, i18n]);

  const onFinish = async (values: TBaseValues) => {
    try {
      await mutation.mutateAsync(values);
      feedback.success(t('base.saved'));
    } catch (error) {
      applyServerFieldErrors(form, error);
    }
  };

  return (
    <Form<TBaseValues>
      form={form}
      name="profileBase"
      layout="vertical"
      onFinish={onFinish}
      disabled={mutation.isPending}
      style={{ maxWidth: 560 }}
    >
      {/* The account cannot change: shown as text, not as a disabled field. */}
      <Form.Item label={t('base.account')}>
        <Typography.Text strong>{profile.account}</Typography.Text>
      </Form.Item>
      <Form.Item name="name" label={t('base.name')} required rules={[zodRule(ZUserBase.shape.name)]}>
        <Input maxLength={50} showCount />
      </Form.Item>
      <Form.Item name="nameEn" label={t('base.nameEn')} rules={[zodRule(ZUserBase.shape.nameEn)]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item
        name="workDescribe"
        label={t('base.workDescribe')}
        rules={[zodRule(ZUserBase.shape.workDescribe)]}
      >
        <Input.TextArea rows={4} maxLength={500} showCount />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={mutation.isPending}>
        {t('base.save')}
      </Button>
    </Form>
  );
}
