import { LockOutlined } from '@ant-design/icons';
import { PASSWORD_MISMATCH_MESSAGE, type TPasswordChange, ZNewPassword } from '@portal/domain/users/rules';
import { Button, Form, Input } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../lib/feedback.ts';
import { ApiError, errorMessage } from '../../../lib/http.ts';
import { applyServerFieldErrors, issueText, zodRule } from '../../../lib/zod-form.ts';
import {
  OLD_PASSWORD_INCORRECT_CODE,
  PASSWORD_MISMATCH_CODE,
  useChangePassword,
} from '../api/change-password.ts';

export interface PasswordFormProps {
  /** Called after the password has changed. */
  onChanged?: (revokedSessions: number) => void;
  submitText?: string;
}

/**
 * The personal-centre password change (spec section 5): the old password, a new one of 8 to
 * 15 characters without spaces, with a letter and a number and none of @ _ - . #, and its
 * confirmation. The server's answers land on the fields they concern.
 */
export function PasswordForm({ onChanged, submitText }: PasswordFormProps) {
  const { t, i18n } = useTranslation('profile');
  const [form] = Form.useForm<TPasswordChange>();
  const mutation = useChangePassword();

  // Messages already on screen follow a language switch.
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

  const onFinish = async (values: TPasswordChange) => {
    try {
      const { revokedSessions } = await mutation.mutateAsync(values);
      form.resetFields();
      feedback.success(t('password.changed'));
      onChanged?.(revokedSessions);
    } catch (error) {
      if (error instanceof ApiError && error.code === OLD_PASSWORD_INCORRECT_CODE) {
        form.setFields([{ name: 'oldPassword', errors: [error.localizedMessage()] }]);
      } else if (error instanceof ApiError && error.code === PASSWORD_MISMATCH_CODE) {
        form.setFields([{ name: 'confirmPassword', errors: [error.localizedMessage()] }]);
      } else if (!applyServerFieldErrors(form, error) && !(error instanceof ApiError && error.notified)) {
        feedback.error(errorMessage(error));
      }
    }
  };

  return (
    <Form<TPasswordChange>
      form={form}
      name="password"
      layout="vertical"
      onFinish={onFinish}
      disabled={mutation.isPending}
      style={{ maxWidth: 480 }}
      requiredMark
    >
      <Form.Item
        name="oldPassword"
        label={t('password.old')}
        rules={[{ required: true, message: t('password.oldRequired') }]}
      >
        <Input.Password
          prefix={<LockOutlined aria-hidden />}
          autoComplete="current-password"
          maxLength={64}
        />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('password.new')}
        extra={t('password.rule')}
        rules={[{ required: true, message: t('password.newRequired') }, zodRule(ZNewPassword)]}
      >
        <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="new-password" maxLength={64} />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('password.confirm')}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('password.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: async (_rule, value) => {
              if (value && value !== getFieldValue('newPassword'))
                throw new Error(issueText(PASSWORD_MISMATCH_MESSAGE));
            },
          }),
        ]}
      >
        <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="new-password" maxLength={64} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={mutation.isPending}>
        {submitText ?? t('password.submit')}
      </Button>
    </Form>
  );
}
