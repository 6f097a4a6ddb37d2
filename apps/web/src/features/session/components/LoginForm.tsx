import {
  ApartmentOutlined,
  CloseCircleFilled,
  LockOutlined,
  SafetyOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Flex, Form } from 'antd';
// Input and Password from their own modules: `Input` from the package brings TextArea, Search
// and OTP along, which the login page does not use (docs/performance.md, first visit).
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { randomUuid } from '../../../lib/browser.ts';
import { ApiError, errorMessage } from '../../../lib/http.ts';
import { DEFAULT_TENANT, useSessionStore } from '../../../lib/session-store.ts';
import { takePrefetchedCaptchaKey } from '../api/captcha.ts';
import { signIn } from '../session-actions.ts';
import { CaptchaImage } from './CaptchaImage.tsx';

export interface TLoginFormValues {
  tenant: string;
  account: string;
  password: string;
  code: string;
}

export interface LoginFormProps {
  /** Called after the session, permissions and route tree are stored. */
  onSignedIn: () => void;
}

/** Tenant, account, password and captcha; the server's message is shown above the button on failure. */
export function LoginForm({ onSignedIn }: LoginFormProps) {
  const { t, i18n } = useTranslation('session');
  const [form] = Form.useForm<TLoginFormValues>();
  const initialTenant = useSessionStore.getState().tenant || DEFAULT_TENANT;
  const [captchaTenant, setCaptchaTenant] = useState(initialTenant);
  const [captchaKey, setCaptchaKey] = useState(() => takePrefetchedCaptchaKey(initialTenant) ?? randomUuid());
  const [failure, setFailure] = useState<unknown>(null);
  const mutation = useMutation({ mutationKey: ['session', 'sign-in'], mutationFn: signIn });

  const refreshCaptcha = () => setCaptchaKey(randomUuid());

  // Validation messages already on screen follow a language switch.
  useEffect(() => {
    const revalidateShown = () => {
      const shown = form
        .getFieldsError()
        .filter((field) => field.errors.length > 0)
        .map((field) => field.name);
      if (shown.length > 0) form.validateFields(shown).catch(() => undefined);
    };
    i18n.on('languageChanged', revalidateShown);
    return () => i18n.off('languageChanged', revalidateShown);
  }, [i18n, form]);

  const onTenantBlur = () => {
    const tenant = (form.getFieldValue('tenant') as string | undefined)?.trim() ?? '';
    if (tenant && tenant !== captchaTenant) {
      setCaptchaTenant(tenant);
      refreshCaptcha();
    }
  };

  const onFinish = async (values: TLoginFormValues) => {
    setFailure(null);
    const tenant = values.tenant.trim();
    try {
      await mutation.mutateAsync({
        tenant,
        account: values.account.trim(),
        password: values.password,
        key: captchaKey,
        code: values.code.trim(),
      });
      onSignedIn();
    } catch (error) {
      // Toasted failures (permission load, network) are not repeated on the form.
      if (!(error instanceof ApiError && error.notified)) setFailure(error);
      form.setFieldValue('code', '');
      if (tenant !== captchaTenant) setCaptchaTenant(tenant);
      refreshCaptcha();
    }
  };

  const required = (key: string) => [{ required: true, whitespace: true, message: t(key) }];

  return (
    <Form<TLoginFormValues>
      form={form}
      name="login"
      layout="vertical"
      requiredMark={false}
      size="large"
      initialValues={{ tenant: initialTenant, account: '', password: '', code: '' }}
      onFinish={onFinish}
      onValuesChange={() => failure && setFailure(null)}
      disabled={mutation.isPending}
    >
      <Form.Item label={t('login.tenant')} name="tenant" rules={required('login.validation.tenant')}>
        <Input
          prefix={<ApartmentOutlined aria-hidden />}
          autoComplete="organization"
          onBlur={onTenantBlur}
          maxLength={64}
        />
      </Form.Item>
      <Form.Item label={t('login.account')} name="account" rules={required('login.validation.account')}>
        <Input prefix={<UserOutlined aria-hidden />} autoComplete="username" maxLength={64} autoFocus />
      </Form.Item>
      <Form.Item
        label={t('login.password')}
        name="password"
        rules={[{ required: true, message: t('login.validation.password') }]}
      >
        <Password prefix={<LockOutlined aria-hidden />} autoComplete="current-password" maxLength={64} />
      </Form.Item>
      <Form.Item label={t('login.captcha')} required>
        <Flex gap={8} align="flex-start">
          <Form.Item name="code" noStyle rules={required('login.validation.captcha')}>
            <Input
              prefix={<SafetyOutlined aria-hidden />}
              autoComplete="off"
              maxLength={8}
              aria-label={t('login.captcha')}
            />
          </Form.Item>
          <CaptchaImage tenant={captchaTenant} captchaKey={captchaKey} onRefresh={refreshCaptcha} />
        </Flex>
      </Form.Item>
      {failure ? (
        // Drawn like Ant Design's error Alert (global.css), which the first page does without.
        <div className="portal-login-failure" role="alert">
          <CloseCircleFilled aria-hidden className="portal-login-failure-icon" />
          <span>{errorMessage(failure)}</span>
        </div>
      ) : null}
      <Button type="primary" htmlType="submit" block size="large" loading={mutation.isPending}>
        {t('login.submit')}
      </Button>
    </Form>
  );
}
