import { USER_TYPE } from '@portal/domain/dictionaries/codes';
import {
  accountProblem,
  PROVIDER_REQUIRED_MESSAGE,
  PROVIDER_USER_TYPE,
  type TUserCreate,
  userPasswordProblem,
  ZUserBase,
  ZUserEmail,
  ZUserMobile,
} from '@portal/domain/users/rules';
import { Button, Drawer, Flex, Form, Input, Select, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../lib/feedback.ts';
import { errorMessage } from '../../../lib/http.ts';
import { applyServerFieldErrors, issueText, zodRule } from '../../../lib/zod-form.ts';
import { OrganisationPicker } from '../../organisations/components/OrganisationPicker.tsx';
import { useCreateUser, useEditUser } from '../api/user-changes.ts';
import { useAssignableRoles, useProviderOptions } from '../api/user-pickers.ts';
import type { TAdminUser } from '../api/users-page.ts';

interface TUserForm {
  account: string;
  password: string;
  name: string;
  nameEn: string;
  userType: string;
  providerId: string | null;
  roleIds: string[];
  orgId: string | null;
  email: string;
  mobile: string;
  enabled: boolean;
}

export interface UserDrawerProps {
  open: boolean;
  /** The user to edit; null creates one. */
  user: TAdminUser | null;
  onClose: () => void;
}

const problemRule = (check: (value: string) => string | null) => ({
  validator: async (_: unknown, value: string | undefined) => {
    const problem = check((value ?? '').trim());
    if (problem) throw new Error(issueText(problem));
  },
});

/** Creates or edits a user: roles of the tenant, and a provider for provider staff only. */
export function UserDrawer({ open, user, onClose }: UserDrawerProps) {
  const { t, i18n } = useTranslation('users');
  const lang = (i18n.resolvedLanguage ?? i18n.language) === 'en' ? 'en' : 'zh';
  const [form] = Form.useForm<TUserForm>();
  const userType = Form.useWatch('userType', form);
  const [keyword, setKeyword] = useState('');
  const roles = useAssignableRoles();
  const isProvider = userType === PROVIDER_USER_TYPE;
  const providers = useProviderOptions(keyword, open && isProvider);
  const create = useCreateUser();
  const edit = useEditUser();
  const saving = create.isPending || edit.isPending;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (user)
      form.setFieldsValue({
        ...user,
        roleIds: user.roles.map((r) => r.id),
      });
  }, [open, user, form]);

  const submit = async (values: TUserForm) => {
    const common = {
      name: values.name,
      nameEn: values.nameEn ?? '',
      email: values.email ?? '',
      mobile: values.mobile ?? '',
      userType: values.userType as TUserCreate['userType'],
      providerId: values.userType === PROVIDER_USER_TYPE ? values.providerId : null,
      roleIds: values.roleIds ?? [],
      orgId: values.orgId ?? null,
      enabled: values.enabled ?? true,
    };
    try {
      const saved = user
        ? await edit.mutateAsync({ id: user.id, ...common })
        : await create.mutateAsync({ account: values.account.trim(), password: values.password, ...common });
      feedback.success(t('drawer.saved', { account: saved.account }));
      onClose();
    } catch (error) {
      if (!applyServerFieldErrors(form, error)) feedback.error(errorMessage(error));
    }
  };

  const providerOptions = (providers.data ?? []).map((p) => ({
    value: p.providerId,
    label: `${p.providerId} ${lang === 'en' ? p.nameEn || p.name : p.name || p.nameEn}`,
  }));
  if (user?.providerId && !providerOptions.some((o) => o.value === user.providerId))
    providerOptions.unshift({ value: user.providerId, label: user.providerId });

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={user ? t('drawer.editTitle', { account: user.account }) : t('drawer.addTitle')}
      size={520}
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            {t('actions.save')}
          </Button>
        </Flex>
      }
    >
      <Form<TUserForm>
        form={form}
        name="user"
        layout="vertical"
        initialValues={{ userType: USER_TYPE.OPERATOR.code, roleIds: [], enabled: true }}
        onFinish={submit}
      >
        <Form.Item name="userType" label={t('fields.userType')} rules={[{ required: true }]}>
          <Select
            options={Object.values(USER_TYPE).map((v) => ({ value: v.code, label: v[lang] }))}
            onChange={() => form.setFieldValue('providerId', null)}
          />
        </Form.Item>
        {!user && (
          <>
            <Form.Item
              name="account"
              label={t('fields.account')}
              required
              dependencies={['userType']}
              rules={[problemRule((v) => accountProblem(v, form.getFieldValue('userType')))]}
            >
              <Input maxLength={30} autoComplete="off" />
            </Form.Item>
            <Form.Item
              name="password"
              label={t('fields.password')}
              required
              extra={t('drawer.passwordHint')}
              rules={[problemRule(userPasswordProblem)]}
            >
              <Input.Password maxLength={15} autoComplete="new-password" />
            </Form.Item>
          </>
        )}
        <Form.Item name="name" label={t('fields.name')} required rules={[zodRule(ZUserBase.shape.name)]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="nameEn" label={t('fields.nameEn')} rules={[zodRule(ZUserBase.shape.nameEn)]}>
          <Input maxLength={100} />
        </Form.Item>
        {isProvider && (
          <Form.Item
            name="providerId"
            label={t('fields.provider')}
            required
            rules={[problemRule((v) => (v ? null : PROVIDER_REQUIRED_MESSAGE))]}
          >
            <Select
              showSearch={{ filterOption: false, onSearch: setKeyword }}
              placeholder={t('drawer.providerHint')}
              loading={providers.isFetching}
              options={providerOptions}
            />
          </Form.Item>
        )}
        <Form.Item name="roleIds" label={t('fields.roles')}>
          <Select
            mode="multiple"
            loading={roles.isLoading}
            optionFilterProp="label"
            options={(roles.data ?? []).map((r) => ({
              value: r.id,
              label: lang === 'en' ? r.nameEn || r.name : r.name,
            }))}
          />
        </Form.Item>
        <Form.Item name="orgId" label={t('fields.organisation')} extra={t('drawer.organisationHint')}>
          <OrganisationPicker />
        </Form.Item>
        <Form.Item name="email" label={t('fields.email')} rules={[zodRule(ZUserEmail)]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="mobile" label={t('fields.mobile')} rules={[zodRule(ZUserMobile)]}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="enabled" label={t('fields.status')} valuePropName="checked">
          <Switch checkedChildren={t('status.enabled')} unCheckedChildren={t('status.disabled')} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
