import {
  CUSTOM_SCOPE_MESSAGE,
  DATA_SCOPE,
  ROLE_CODE_MESSAGE,
  ROLE_PERMISSIONS,
  type TAdminRole,
  type TDataScope,
  ZRoleCreate,
} from '@portal/domain/roles/rules';
import { Alert, Button, Drawer, Flex, Form, Input, Select, Spin, Switch, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { feedback } from '../../../lib/feedback.ts';
import { errorMessage } from '../../../lib/http.ts';
import { applyServerFieldErrors, issueText, zodRule } from '../../../lib/zod-form.ts';
import { OrganisationPicker } from '../../organisations/components/OrganisationPicker.tsx';
import { useCreateRole, useEditRole } from '../api/role-changes.ts';
import { useMenuTree, useRoleDetail } from '../api/role-detail.ts';
import { GrantTree } from './GrantTree.tsx';
import { checkedKeysFor, grantsFor, otherGrants } from './grant-tree.ts';

interface TRoleForm {
  code: string;
  name: string;
  nameEn: string;
  description: string;
  dataScope: TDataScope;
  organisationIds: string[];
  enabled: boolean;
}

export interface RoleDrawerProps {
  open: boolean;
  /** The role to edit; null creates one. */
  role: TAdminRole | null;
  onClose: () => void;
}

/** Creates or edits a role: its names, data scope, state and (with authorize) its menus and permissions. */
export function RoleDrawer({ open, role, onClose }: RoleDrawerProps) {
  const { t, i18n } = useTranslation('roles');
  const lang = (i18n.resolvedLanguage ?? i18n.language) === 'en' ? 'en' : 'zh';
  const can = usePermission();
  const mayAuthorize = can.has(ROLE_PERMISSIONS.AUTHORIZE);
  const [form] = Form.useForm<TRoleForm>();
  const dataScope = Form.useWatch('dataScope', form);
  const detail = useRoleDetail(open && role ? role.id : null);
  const tree = useMenuTree(open);
  const [checked, setChecked] = useState<string[]>([]);
  const [kept, setKept] = useState<string[]>([]);
  const create = useCreateRole();
  const edit = useEditRole();
  const saving = create.isPending || edit.isPending;
  const loading = (role !== null && !detail.data) || !tree.data;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setChecked([]);
    setKept([]);
    if (role) form.setFieldsValue(role);
  }, [open, role, form]);

  // The organisations of a custom scope come with the role's detail.
  useEffect(() => {
    if (open && role && detail.data) form.setFieldValue('organisationIds', detail.data.organisationIds);
  }, [open, role, detail.data, form]);

  useEffect(() => {
    if (!open || !tree.data) return;
    const grants = role ? detail.data : { menuIds: [], permissions: [] };
    if (!grants) return;
    setChecked(checkedKeysFor(tree.data, grants));
    setKept(otherGrants(tree.data, grants.permissions));
  }, [open, role, tree.data, detail.data]);

  const submit = async (values: TRoleForm) => {
    if (!tree.data) return;
    const grants =
      mayAuthorize || !detail.data
        ? grantsFor(tree.data, checked, kept)
        : { menuIds: detail.data.menuIds, permissions: detail.data.permissions };
    const common = {
      name: values.name,
      nameEn: values.nameEn,
      description: values.description ?? '',
      dataScope: values.dataScope,
      organisationIds: values.dataScope === 'custom' ? (values.organisationIds ?? []) : [],
      enabled: values.enabled ?? true,
      ...(mayAuthorize || role ? grants : { menuIds: [], permissions: [] }),
    };
    try {
      const saved = role
        ? await edit.mutateAsync({ id: role.id, ...common })
        : await create.mutateAsync({ code: values.code.trim(), ...common });
      feedback.success(t('drawer.saved', { name: lang === 'en' ? saved.nameEn : saved.name }));
      onClose();
    } catch (error) {
      if (!applyServerFieldErrors(form, error)) feedback.error(errorMessage(error));
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={role ? t('drawer.editTitle', { code: role.code }) : t('drawer.addTitle')}
      size={640}
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="primary" loading={saving} disabled={loading} onClick={() => form.submit()}>
            {t('actions.save')}
          </Button>
        </Flex>
      }
    >
      {role?.builtIn && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('drawer.builtIn')} />
      )}
      <Form<TRoleForm>
        form={form}
        name="role"
        layout="vertical"
        initialValues={{ dataScope: 'all', organisationIds: [], enabled: true, description: '' }}
        onFinish={submit}
      >
        <Form.Item
          name="code"
          label={t('fields.code')}
          required
          extra={role ? undefined : issueText(ROLE_CODE_MESSAGE)}
          rules={role ? [] : [zodRule(ZRoleCreate.shape.code)]}
        >
          <Input maxLength={64} disabled={role !== null} autoComplete="off" />
        </Form.Item>
        <Form.Item name="name" label={t('fields.name')} required rules={[zodRule(ZRoleCreate.shape.name)]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item
          name="nameEn"
          label={t('fields.nameEn')}
          required
          rules={[zodRule(ZRoleCreate.shape.nameEn)]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="dataScope" label={t('fields.dataScope')} required extra={t('drawer.dataScopeHint')}>
          <Select options={Object.values(DATA_SCOPE).map((v) => ({ value: v.code, label: v[lang] }))} />
        </Form.Item>
        {dataScope === 'custom' && (
          <Form.Item
            name="organisationIds"
            label={t('fields.organisations')}
            required
            rules={[
              {
                validator: async (_: unknown, value: string[] | undefined) => {
                  if (!value?.length) throw new Error(issueText(CUSTOM_SCOPE_MESSAGE));
                },
              },
            ]}
          >
            <OrganisationPicker multiple />
          </Form.Item>
        )}
        <Form.Item
          name="description"
          label={t('fields.description')}
          rules={[zodRule(ZRoleCreate.shape.description)]}
        >
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Form.Item name="enabled" label={t('fields.status')} valuePropName="checked">
          <Switch
            disabled={role?.builtIn}
            checkedChildren={t('status.enabled')}
            unCheckedChildren={t('status.disabled')}
          />
        </Form.Item>
        {mayAuthorize && (
          <Form.Item label={t('fields.grants')} extra={t('drawer.grantsHint')}>
            {loading ? (
              <Spin />
            ) : (
              <>
                {kept.length > 0 && (
                  <div style={{ marginBottom: 8 }}>
                    <Typography.Text type="secondary">{t('drawer.otherGrants')}</Typography.Text>{' '}
                    {kept.map((grant) => (
                      <Tag
                        key={grant}
                        closable={!(role?.builtIn && grant === '*')}
                        onClose={() => setKept((list) => list.filter((g) => g !== grant))}
                      >
                        {grant}
                      </Tag>
                    ))}
                  </div>
                )}
                <GrantTree tree={tree.data ?? []} checked={checked} onChange={setChecked} />
              </>
            )}
          </Form.Item>
        )}
      </Form>
    </Drawer>
  );
}
