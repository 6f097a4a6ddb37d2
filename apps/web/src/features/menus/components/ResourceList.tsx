import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  MENU_PERMISSIONS,
  type TAdminMenu,
  type TAdminResource,
  ZResourceCreate,
} from '@portal/domain/menus/rules';
import { Button, Empty, Flex, Form, Input, Modal, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { feedback } from '../../../lib/feedback.ts';
import { ApiError, errorMessage } from '../../../lib/http.ts';
import { applyServerFieldErrors, zodRule } from '../../../lib/zod-form.ts';
import { useCreateResource, useDeleteResource, useEditResource } from '../api/menu-changes.ts';

interface TResourceForm {
  code: string;
  name: string;
  nameEn: string;
}

const reportError = (error: unknown) => {
  if (!(error instanceof ApiError && error.notified)) feedback.error(errorMessage(error));
};

/** The permission codes (resources) of one page entry: listed, added, renamed, deleted. */
export function ResourceList({ menu }: { menu: TAdminMenu }) {
  const { t } = useTranslation('menus');
  const permission = usePermission();
  const [editing, setEditing] = useState<TAdminResource | 'new' | null>(null);
  const [form] = Form.useForm<TResourceForm>();
  const create = useCreateResource();
  const edit = useEditResource();
  const remove = useDeleteResource();

  const open = (resource: TAdminResource | 'new') => {
    setEditing(resource);
    form.setFieldsValue(
      resource === 'new'
        ? { code: '', name: '', nameEn: '' }
        : { code: resource.code, name: resource.name, nameEn: resource.nameEn },
    );
  };

  const submit = async (values: TResourceForm) => {
    try {
      const saved =
        editing === 'new'
          ? await create.mutateAsync({ menuId: menu.id, ...values })
          : await edit.mutateAsync({
              id: (editing as TAdminResource).id,
              name: values.name,
              nameEn: values.nameEn,
            });
      feedback.success(t('messages.resourceSaved', { code: saved.code }));
      setEditing(null);
    } catch (error) {
      if (!applyServerFieldErrors(form, error)) reportError(error);
    }
  };

  const onDelete = async (resource: TAdminResource) => {
    const confirmed = await feedback.confirm({
      title: t('messages.resourceDeleteTitle', { code: resource.code }),
      content: t('messages.resourceDeleteConfirm'),
      okText: t('common:actions.confirm'),
      cancelText: t('common:actions.cancel'),
      danger: true,
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync({ id: resource.id });
      feedback.success(t('messages.resourceDeleted', { code: resource.code }));
    } catch (error) {
      reportError(error);
    }
  };

  return (
    <Flex vertical gap={8}>
      <Flex justify="space-between" align="center">
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('resources.title')}
        </Typography.Title>
        {permission.has(MENU_PERMISSIONS.ADD) && (
          <Button icon={<PlusOutlined />} onClick={() => open('new')}>
            {t('actions.addResource')}
          </Button>
        )}
      </Flex>
      <Table<TAdminResource>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={menu.resources}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('resources.empty')} />,
        }}
        columns={[
          {
            title: t('resources.code'),
            dataIndex: 'code',
            render: (code: string, r) => (
              <>
                <Typography.Text code>{code}</Typography.Text>
                {r.builtIn && <Tag>{t('tags.builtIn')}</Tag>}
              </>
            ),
          },
          { title: t('resources.name'), dataIndex: 'name' },
          { title: t('resources.nameEn'), dataIndex: 'nameEn' },
          {
            title: t('resources.actions'),
            key: 'actions',
            width: 180,
            render: (_, r) => (
              <Flex gap={4}>
                {permission.has(MENU_PERMISSIONS.EDIT) && (
                  <Button size="small" type="link" icon={<EditOutlined />} onClick={() => open(r)}>
                    {t('actions.edit')}
                  </Button>
                )}
                {permission.has(MENU_PERMISSIONS.DELETE) && !r.builtIn && (
                  <Button
                    size="small"
                    type="link"
                    danger
                    icon={<DeleteOutlined />}
                    onClick={() => void onDelete(r)}
                  >
                    {t('actions.delete')}
                  </Button>
                )}
              </Flex>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={
          editing === 'new'
            ? t('resources.addTitle')
            : t('resources.editTitle', { code: (editing as TAdminResource | null)?.code ?? '' })
        }
        okText={t('actions.save')}
        cancelText={t('actions.cancel')}
        confirmLoading={create.isPending || edit.isPending}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
        forceRender
      >
        <Form<TResourceForm> form={form} name="resource" layout="vertical" onFinish={submit}>
          <Form.Item
            name="code"
            label={t('resources.code')}
            required
            rules={editing === 'new' ? [zodRule(ZResourceCreate.shape.code)] : []}
          >
            <Input maxLength={200} disabled={editing !== 'new'} autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="name"
            label={t('resources.name')}
            required
            rules={[zodRule(ZResourceCreate.shape.name)]}
          >
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item
            name="nameEn"
            label={t('resources.nameEn')}
            required
            rules={[zodRule(ZResourceCreate.shape.nameEn)]}
          >
            <Input maxLength={100} />
          </Form.Item>
        </Form>
      </Modal>
    </Flex>
  );
}
