import { PlusOutlined } from '@ant-design/icons';
import { USER_TYPE } from '@portal/domain/dictionaries/codes';
import { ROLE_PERMISSIONS, type TAdminRole } from '@portal/domain/roles/rules';
import { Button, Drawer, Empty, Flex, Input, Modal, Select, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../components/pager/Pager.tsx';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { feedback } from '../../../lib/feedback.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import {
  type TRoleUser,
  useAddRoleUsers,
  useRemoveRoleUsers,
  useRoleUserOptions,
  useRoleUsers,
} from '../api/role-users.ts';

export interface RoleUsersPanelProps {
  role: TAdminRole | null;
  onClose: () => void;
}

/** The users of a role: a paged list, add through a picker, remove after a confirmation. */
export function RoleUsersPanel({ role, onClose }: RoleUsersPanelProps) {
  const { t, i18n } = useTranslation('roles');
  const lang = (i18n.resolvedLanguage ?? i18n.language) === 'en' ? 'en' : 'zh';
  const can = usePermission();
  const mayChange = can.has(ROLE_PERMISSIONS.USERS);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ current: 1, size: 10 });
  const list = useRoleUsers(
    {
      current: page.current,
      size: page.size,
      model: { roleId: role?.id ?? '', keyword: keyword || undefined },
    },
    role !== null,
  );
  const [adding, setAdding] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search);
  const options = useRoleUserOptions(debounced, adding);
  const add = useAddRoleUsers();
  const remove = useRemoveRoleUsers();
  const roleName = role ? (lang === 'en' ? role.nameEn : role.name) : '';
  const display = (u: TRoleUser) => `${u.account} ${lang === 'en' ? u.nameEn || u.name : u.name}`;
  const typeLabel = (code: string) => Object.values(USER_TYPE).find((v) => v.code === code)?.[lang] ?? code;

  const onRemove = async (user: TRoleUser) => {
    if (!role) return;
    const ok = await feedback.confirm({
      title: t('users.removeTitle', { account: user.account, role: roleName }),
      content: t('users.removeContent'),
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      danger: true,
    });
    if (!ok) return;
    await remove.mutateAsync({ roleId: role.id, userIds: [user.id] }).then(
      () => feedback.success(t('users.removed', { account: user.account })),
      () => undefined,
    );
  };
  const onAdd = async () => {
    if (!role || chosen.length === 0) return;
    await add.mutateAsync({ roleId: role.id, userIds: chosen }).then(
      (answer) => {
        feedback.success(t('users.added', { count: answer.added }));
        setAdding(false);
        setChosen([]);
      },
      () => undefined,
    );
  };

  const columns: TableColumnsType<TRoleUser> = [
    { key: 'account', title: t('users.account'), render: (_, u) => u.account },
    { key: 'name', title: t('users.name'), render: (_, u) => (lang === 'en' ? u.nameEn || u.name : u.name) },
    { key: 'type', title: t('users.userType'), render: (_, u) => typeLabel(u.userType) },
    {
      key: 'status',
      title: t('fields.status'),
      render: (_, u) => (
        <Tag color={u.enabled ? 'green' : 'default'}>
          {u.enabled ? t('status.enabled') : t('status.disabled')}
        </Tag>
      ),
    },
    ...(mayChange
      ? [
          {
            key: 'actions',
            title: t('fields.actions'),
            render: (_: unknown, u: TRoleUser) => (
              <Button type="link" size="small" danger onClick={() => void onRemove(u)}>
                {t('users.remove')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <Drawer
      open={role !== null}
      onClose={onClose}
      title={t('users.title', { role: roleName })}
      size={640}
      destroyOnHidden
    >
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('users.searchHint')}
          aria-label={t('users.searchHint')}
          style={{ width: 260 }}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPage((p) => ({ ...p, current: 1 }));
          }}
        />
        {mayChange && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {t('users.add')}
          </Button>
        )}
      </Flex>
      <Table<TRoleUser>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.isFetching}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('users.empty')} /> }}
      />
      <Flex justify="flex-end" style={{ marginTop: 16 }}>
        <Pager
          current={page.current}
          pageSize={page.size}
          total={list.data?.total ?? 0}
          onChange={(current, size) => setPage({ current, size })}
        />
      </Flex>
      <Modal
        open={adding}
        title={t('users.addTitle', { role: roleName })}
        okText={t('users.addOk')}
        cancelText={t('actions.cancel')}
        okButtonProps={{ disabled: chosen.length === 0, loading: add.isPending }}
        onOk={() => void onAdd()}
        onCancel={() => {
          setAdding(false);
          setChosen([]);
        }}
        destroyOnHidden
      >
        <Select
          mode="multiple"
          style={{ width: '100%' }}
          aria-label={t('users.picker')}
          placeholder={t('users.picker')}
          value={chosen}
          onChange={setChosen}
          showSearch={{ filterOption: false, onSearch: setSearch }}
          loading={options.isFetching}
          options={(options.data ?? []).map((u) => ({ value: u.id, label: display(u) }))}
        />
      </Modal>
    </Drawer>
  );
}
