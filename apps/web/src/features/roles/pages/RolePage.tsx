import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { formatDate } from '@portal/domain/format/format';
import { DATA_SCOPE, ROLE_PERMISSIONS, type TAdminRole, type TRoleFilter } from '@portal/domain/roles/rules';
import {
  Button,
  Card,
  Dropdown,
  Empty,
  Flex,
  Form,
  Input,
  Result,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../components/pager/Pager.tsx';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { feedback } from '../../../lib/feedback.ts';
import { useScrollRegion } from '../../../lib/use-scroll-region.ts';
import { useIsMobile } from '../../../shell/use-is-mobile.ts';
import { useDeleteRoles, useSetRoleEnabled } from '../api/role-changes.ts';
import { useRolesPage } from '../api/roles-page.ts';
import { RoleDrawer } from '../components/RoleDrawer.tsx';
import { RoleUsersPanel } from '../components/RoleUsersPanel.tsx';

interface TFilterForm {
  code?: string;
  name?: string;
  dataScope?: TRoleFilter['dataScope'];
  enabled?: 'true' | 'false';
}

const toFilter = (v: TFilterForm): TRoleFilter => ({
  code: v.code?.trim() || undefined,
  name: v.name?.trim() || undefined,
  dataScope: v.dataScope || undefined,
  enabled: v.enabled === undefined ? undefined : v.enabled === 'true',
});

function RoleList() {
  const { t, i18n } = useTranslation('roles');
  const tableRegion = useScrollRegion<HTMLDivElement>(t('title'));
  const lang = (i18n.resolvedLanguage ?? i18n.language) === 'en' ? 'en' : 'zh';
  const mobile = useIsMobile();
  const can = usePermission();
  const [form] = Form.useForm<TFilterForm>();
  const [filter, setFilter] = useState<TRoleFilter>({});
  const [page, setPage] = useState({ current: 1, size: 10 });
  const query = useRolesPage({ current: page.current, size: page.size, model: filter });
  const [drawer, setDrawer] = useState<{ open: boolean; role: TAdminRole | null }>({
    open: false,
    role: null,
  });
  const [usersOf, setUsersOf] = useState<TAdminRole | null>(null);
  const setEnabled = useSetRoleEnabled();
  const remove = useDeleteRoles();
  const nameOf = (r: TAdminRole) => (lang === 'en' ? r.nameEn : r.name);

  const onDelete = async (role: TAdminRole) => {
    const ok = await feedback.confirm({
      title: t('confirm.deleteTitle', { name: nameOf(role) }),
      content:
        role.userCount > 0 ? t('confirm.deleteInUse', { count: role.userCount }) : t('confirm.deleteContent'),
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      danger: true,
    });
    if (!ok) return;
    await remove.mutateAsync({ ids: [role.id], removeFromUsers: role.userCount > 0 }).then(
      () => feedback.success(t('done.deleted')),
      () => undefined,
    );
  };
  const onToggle = async (role: TAdminRole) => {
    if (
      role.enabled &&
      !(await feedback.confirm({
        title: t('confirm.disableTitle', { name: nameOf(role) }),
        content: t('confirm.disableContent', { count: role.userCount }),
        okText: t('actions.ok'),
        cancelText: t('actions.cancel'),
        danger: true,
      }))
    )
      return;
    await setEnabled.mutateAsync({ id: role.id, enabled: !role.enabled }).then(
      () => feedback.success(role.enabled ? t('done.disabled') : t('done.enabled')),
      () => undefined,
    );
  };

  const columns: TableColumnsType<TAdminRole> = [
    {
      key: 'code',
      title: t('fields.code'),
      width: 170,
      render: (_, r) => (
        <Space size={4}>
          {r.code}
          {r.builtIn && <Tag color="blue">{t('status.builtIn')}</Tag>}
        </Space>
      ),
    },
    { key: 'name', title: t('fields.name'), width: 180, render: (_, r) => nameOf(r) },
    {
      key: 'dataScope',
      title: t('fields.dataScope'),
      width: 150,
      render: (_, r) => DATA_SCOPE[r.dataScope]?.[lang] ?? r.dataScope,
    },
    { key: 'users', title: t('fields.userCount'), width: 90, render: (_, r) => r.userCount },
    {
      key: 'status',
      title: t('fields.status'),
      width: 100,
      render: (_, r) => (
        <Tag color={r.enabled ? 'green' : 'default'}>
          {r.enabled ? t('status.enabled') : t('status.disabled')}
        </Tag>
      ),
    },
    {
      key: 'description',
      title: t('fields.description'),
      responsive: ['lg'],
      ellipsis: true,
      render: (_, r) => r.description || '-',
    },
    {
      key: 'createdAt',
      title: t('fields.createdAt'),
      width: 120,
      responsive: ['lg'],
      render: (_, r) => formatDate(r.createdAt),
    },
    {
      key: 'actions',
      title: t('fields.actions'),
      width: 200,
      fixed: mobile ? undefined : 'right',
      render: (_, r) => {
        const more = [
          can.has(ROLE_PERMISSIONS.EDIT) && !(r.builtIn && r.enabled)
            ? {
                key: 'toggle',
                label: r.enabled ? t('actions.disable') : t('actions.enable'),
                onClick: () => void onToggle(r),
              }
            : null,
          can.has(ROLE_PERMISSIONS.DELETE) && !r.builtIn
            ? { key: 'delete', danger: true, label: t('actions.delete'), onClick: () => void onDelete(r) }
            : null,
        ].filter((item) => item !== null);
        return (
          <Space size={0}>
            {can.has(ROLE_PERMISSIONS.EDIT) && (
              <Button type="link" size="small" onClick={() => setDrawer({ open: true, role: r })}>
                {t('actions.edit')}
              </Button>
            )}
            <Button type="link" size="small" onClick={() => setUsersOf(r)}>
              {t('actions.users')}
            </Button>
            {more.length > 0 && (
              <Dropdown menu={{ items: more }} trigger={['click']}>
                <Button type="link" size="small" aria-label={`${t('actions.more')} ${r.code}`}>
                  {t('actions.more')}
                </Button>
              </Dropdown>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <>
      <Form<TFilterForm>
        form={form}
        name="roleFilter"
        layout={mobile ? 'vertical' : 'inline'}
        role="search"
        className="portal-search-form"
        style={{ rowGap: 12, marginBottom: 16 }}
        onFinish={(values) => {
          setFilter(toFilter(values));
          setPage((p) => ({ ...p, current: 1 }));
        }}
      >
        <Form.Item name="code" label={t('fields.code')}>
          <Input allowClear maxLength={64} style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="name" label={t('fields.name')}>
          <Input allowClear maxLength={100} style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="dataScope" label={t('fields.dataScope')}>
          <Select
            allowClear
            placeholder={t('filter.all')}
            style={{ width: 170 }}
            options={Object.values(DATA_SCOPE).map((v) => ({ value: v.code, label: v[lang] }))}
          />
        </Form.Item>
        <Form.Item name="enabled" label={t('fields.status')}>
          <Select
            allowClear
            placeholder={t('filter.all')}
            style={{ width: 110 }}
            options={[
              { value: 'true', label: t('status.enabled') },
              { value: 'false', label: t('status.disabled') },
            ]}
          />
        </Form.Item>
        <Form.Item>
          <Flex gap={8}>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {t('filter.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                setFilter({});
                setPage((p) => ({ ...p, current: 1 }));
              }}
            >
              {t('filter.reset')}
            </Button>
          </Flex>
        </Form.Item>
      </Form>
      {can.has(ROLE_PERMISSIONS.ADD) && (
        <Flex gap={8} style={{ marginBottom: 16 }}>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDrawer({ open: true, role: null })}
          >
            {t('actions.add')}
          </Button>
        </Flex>
      )}
      <div ref={tableRegion}>
        <Table<TAdminRole>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={query.data?.records ?? []}
          loading={query.isFetching}
          pagination={false}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} /> }}
          scroll={{ x: 1100 }}
        />
      </div>
      <Flex justify="flex-end" style={{ marginTop: 16 }}>
        <Pager
          current={page.current}
          pageSize={page.size}
          total={query.data?.total ?? 0}
          simple={mobile}
          onChange={(current, size) => setPage({ current, size })}
        />
      </Flex>
      <RoleDrawer
        open={drawer.open}
        role={drawer.role}
        onClose={() => setDrawer({ open: false, role: null })}
      />
      <RoleUsersPanel role={usersOf} onClose={() => setUsersOf(null)} />
    </>
  );
}

/** The role administration screen: visible with authority:role:view only (the server checks it too). */
export function RolePage() {
  const { t } = useTranslation('roles');
  if (!usePermission().has(ROLE_PERMISSIONS.VIEW))
    return <Result status="403" title="403" subTitle={t('forbidden')} />;
  return (
    <Card title={t('title')}>
      <RoleList />
    </Card>
  );
}
