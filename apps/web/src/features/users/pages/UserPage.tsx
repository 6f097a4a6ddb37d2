import { DownloadOutlined, PlusOutlined, SearchOutlined, UploadOutlined } from '@ant-design/icons';
import { USER_TYPE } from '@portal/domain/dictionaries/codes';
import { formatDate } from '@portal/domain/format/format';
import { type TUserFilter, USER_PERMISSIONS } from '@portal/domain/users/rules';
import {
  Button,
  Card,
  DatePicker,
  Dropdown,
  Empty,
  Flex,
  Form,
  Input,
  Modal,
  Result,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../components/pager/Pager.tsx';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { MaskedValue, PersonalDataProvider } from '../../../components/personal-data/personal-data.tsx';
import { feedback } from '../../../lib/feedback.ts';
import { errorMessage } from '../../../lib/http.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { useListSort } from '../../../lib/use-list-sort.ts';
import { useIsMobile } from '../../../shell/use-is-mobile.ts';
import { useOrganisationNames } from '../../organisations/api/organisation-tree.ts';
import { useDeleteUsers, useReloadUser, useResetPassword, useSetUsersEnabled } from '../api/user-changes.ts';
import { exportUsers } from '../api/user-files.ts';
import { useAssignableRoles } from '../api/user-pickers.ts';
import { type TAdminUser, useUsersPage } from '../api/users-page.ts';
import { ImportWizard } from '../components/ImportWizard.tsx';
import { UserDrawer } from '../components/UserDrawer.tsx';

interface TFilterForm {
  account?: string;
  name?: string;
  userType?: string;
  providerId?: string;
  roleId?: string;
  enabled?: 'true' | 'false';
  created?: [Dayjs | null, Dayjs | null] | null;
}

const SORTABLE = ['account', 'name', 'userType', 'createdAt', 'lastLoginAt'] as const;

function toFilter(values: TFilterForm): TUserFilter {
  const [from, to] = values.created ?? [null, null];
  return {
    account: values.account?.trim() || undefined,
    name: values.name?.trim() || undefined,
    userType: (values.userType || undefined) as TUserFilter['userType'],
    providerId: values.providerId?.trim() || undefined,
    roleId: values.roleId || undefined,
    enabled: values.enabled === undefined ? undefined : values.enabled === 'true',
    createdFrom: from ? from.startOf('day').toISOString() : undefined,
    createdTo: to ? to.endOf('day').toISOString() : undefined,
  };
}

/** A personal value of one user, masked until revealed (decision 0020). */
function Masked({
  user,
  field,
  kind,
  value,
}: {
  user: TAdminUser;
  field: string;
  kind: 'name' | 'email' | 'phone';
  value: string;
}) {
  return (
    <PersonalDataProvider target={{ bizType: 'user', bizId: user.id }}>
      <MaskedValue field={field} kind={kind} value={value} toggle />
    </PersonalDataProvider>
  );
}

function UserList() {
  const { t, i18n } = useTranslation('users');
  const lang = (i18n.resolvedLanguage ?? i18n.language) === 'en' ? 'en' : 'zh';
  const mobile = useIsMobile();
  const can = usePermission();
  const me = useSessionStore((s) => s.user?.userId);
  const [form] = Form.useForm<TFilterForm>();
  const [filter, setFilter] = useState<TUserFilter>({});
  const [page, setPage] = useState({ current: 1, size: 10 });
  const listSort = useListSort(SORTABLE, { sort: 'createdAt', order: 'descending' });
  const query = useUsersPage({
    current: page.current,
    size: page.size,
    sort: listSort.sort.sort,
    order: listSort.sort.order,
    model: filter,
  });
  const roles = useAssignableRoles();
  const [drawer, setDrawer] = useState<{ open: boolean; user: TAdminUser | null }>({
    open: false,
    user: null,
  });
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [oneTime, setOneTime] = useState<{ account: string; password: string } | null>(null);
  const setEnabled = useSetUsersEnabled();
  const remove = useDeleteUsers();
  const reset = useResetPassword();
  const reload = useReloadUser();

  const typeLabel = (code: string) => Object.values(USER_TYPE).find((v) => v.code === code)?.[lang] ?? code;
  const confirm = (title: string, content: string, danger = false) =>
    feedback.confirm({ title, content, okText: t('confirm.ok'), cancelText: t('confirm.cancel'), danger });

  const onDelete = async (user: TAdminUser) => {
    if (
      !(await confirm(t('confirm.deleteTitle', { account: user.account }), t('confirm.deleteContent'), true))
    )
      return;
    await remove.mutateAsync({ ids: [user.id] }).then(
      () => feedback.success(t('done.deleted')),
      () => undefined,
    );
  };
  const onToggle = async (user: TAdminUser) => {
    if (
      user.enabled &&
      !(await confirm(
        t('confirm.disableTitle', { account: user.account }),
        t('confirm.disableContent'),
        true,
      ))
    )
      return;
    await setEnabled.mutateAsync({ ids: [user.id], enabled: !user.enabled }).then(
      () => feedback.success(user.enabled ? t('done.disabled') : t('done.enabled')),
      () => undefined,
    );
  };
  const onReset = async (user: TAdminUser) => {
    if (!(await confirm(t('confirm.resetTitle', { account: user.account }), t('confirm.resetContent'), true)))
      return;
    await reset.mutateAsync(user.id).then(
      (answer) => setOneTime({ account: answer.account, password: answer.password }),
      () => undefined,
    );
  };
  const onReload = (user: TAdminUser) =>
    reload.mutateAsync(user.id).then(
      () => feedback.success(t('done.reloaded', { account: user.account })),
      () => undefined,
    );
  const onExport = async () => {
    setExporting(true);
    try {
      await exportUsers(filter);
      feedback.success(t('done.exported'));
    } catch (error) {
      feedback.error(errorMessage(error));
    } finally {
      setExporting(false);
    }
  };

  const organisationNames = useOrganisationNames(lang);
  const columns: TableColumnsType<TAdminUser> = [
    { ...listSort.column('account'), title: t('fields.account'), width: 150, render: (_, u) => u.account },
    {
      ...listSort.column('name'),
      title: t('fields.name'),
      width: 170,
      render: (_, u) => <Masked user={u} field="name" kind="name" value={u.name} />,
    },
    {
      ...listSort.column('userType'),
      title: t('fields.userType'),
      width: 130,
      render: (_, u) => typeLabel(u.userType),
    },
    { key: 'provider', title: t('fields.provider'), width: 100, render: (_, u) => u.providerId ?? '-' },
    {
      key: 'organisation',
      title: t('fields.organisation'),
      width: 140,
      responsive: ['lg'],
      render: (_, u) => (u.orgId ? (organisationNames.get(u.orgId) ?? '-') : '-'),
    },
    {
      key: 'roles',
      title: t('fields.roles'),
      width: 200,
      render: (_, u) =>
        u.roles.length === 0
          ? '-'
          : u.roles.map((r) => <Tag key={r.id}>{lang === 'en' ? r.nameEn || r.name : r.name}</Tag>),
    },
    {
      key: 'mobile',
      title: t('fields.mobile'),
      width: 150,
      responsive: ['lg'],
      render: (_, u) => <Masked user={u} field="mobile" kind="phone" value={u.mobile} />,
    },
    {
      key: 'email',
      title: t('fields.email'),
      width: 200,
      responsive: ['xl'],
      render: (_, u) => <Masked user={u} field="email" kind="email" value={u.email} />,
    },
    {
      key: 'status',
      title: t('fields.status'),
      width: 120,
      render: (_, u) => (
        <Space size={4} wrap>
          <Tag color={u.enabled ? 'green' : 'default'}>
            {u.enabled ? t('status.enabled') : t('status.disabled')}
          </Tag>
          {u.mustChangePassword && <Tag color="orange">{t('status.mustChange')}</Tag>}
        </Space>
      ),
    },
    {
      ...listSort.column('createdAt'),
      title: t('fields.createdAt'),
      width: 120,
      responsive: ['lg'],
      render: (_, u) => formatDate(u.createdAt),
    },
    {
      key: 'actions',
      title: t('fields.actions'),
      width: 190,
      fixed: mobile ? undefined : 'right',
      render: (_, u) => {
        const self = u.id === me;
        const more = [
          can.has(USER_PERMISSIONS.EDIT) && !self
            ? {
                key: 'toggle',
                label: u.enabled ? t('actions.disable') : t('actions.enable'),
                onClick: () => void onToggle(u),
              }
            : null,
          can.has(USER_PERMISSIONS.RESET) && !self
            ? { key: 'reset', label: t('actions.resetPassword'), onClick: () => void onReset(u) }
            : null,
          can.has(USER_PERMISSIONS.RELOAD)
            ? { key: 'reload', label: t('actions.reload'), onClick: () => void onReload(u) }
            : null,
          can.has(USER_PERMISSIONS.DELETE) && !self
            ? { key: 'delete', danger: true, label: t('actions.delete'), onClick: () => void onDelete(u) }
            : null,
        ].filter((item) => item !== null);
        return (
          <Space size={0}>
            {can.has(USER_PERMISSIONS.EDIT) && (
              <Button type="link" size="small" onClick={() => setDrawer({ open: true, user: u })}>
                {t('actions.edit')}
              </Button>
            )}
            {more.length > 0 && (
              <Dropdown menu={{ items: more }} trigger={['click']}>
                <Button type="link" size="small" aria-label={`${t('actions.more')} ${u.account}`}>
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
        name="userFilter"
        layout={mobile ? 'vertical' : 'inline'}
        role="search"
        className="portal-search-form"
        style={{ rowGap: 12, marginBottom: 16 }}
        onFinish={(values) => {
          setFilter(toFilter(values));
          setPage((p) => ({ ...p, current: 1 }));
        }}
      >
        <Form.Item name="account" label={t('fields.account')}>
          <Input allowClear maxLength={30} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="name" label={t('fields.name')}>
          <Input allowClear maxLength={100} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="userType" label={t('fields.userType')}>
          <Select
            allowClear
            placeholder={t('filter.all')}
            style={{ width: 150 }}
            options={Object.values(USER_TYPE).map((v) => ({ value: v.code, label: v[lang] }))}
          />
        </Form.Item>
        <Form.Item name="providerId" label={t('fields.provider')}>
          <Input allowClear maxLength={64} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="roleId" label={t('fields.roles')}>
          <Select
            allowClear
            placeholder={t('filter.all')}
            style={{ width: 160 }}
            options={(roles.data ?? []).map((r) => ({
              value: r.id,
              label: lang === 'en' ? r.nameEn || r.name : r.name,
            }))}
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
        <Form.Item name="created" label={t('filter.created')}>
          <DatePicker.RangePicker
            allowEmpty={[true, true]}
            placeholder={[t('filter.from'), t('filter.to')]}
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
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        {can.has(USER_PERMISSIONS.ADD) && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDrawer({ open: true, user: null })}
          >
            {t('actions.add')}
          </Button>
        )}
        {can.has(USER_PERMISSIONS.IMPORT) && (
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
            {t('actions.import')}
          </Button>
        )}
        {can.has(USER_PERMISSIONS.EXPORT) && (
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void onExport()}>
            {t('actions.export')}
          </Button>
        )}
      </Flex>
      <Table<TAdminUser>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={query.data?.records ?? []}
        loading={query.isFetching}
        pagination={false}
        onChange={(_p, _f, sorter) => {
          listSort.change(sorter);
          setPage((p) => ({ ...p, current: 1 }));
        }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} /> }}
        scroll={{ x: 1400 }}
      />
      <Flex justify="flex-end" style={{ marginTop: 16 }}>
        <Pager
          current={page.current}
          pageSize={page.size}
          total={query.data?.total ?? 0}
          simple={mobile}
          onChange={(current, size) => setPage({ current, size })}
        />
      </Flex>
      <UserDrawer
        open={drawer.open}
        user={drawer.user}
        onClose={() => setDrawer({ open: false, user: null })}
      />
      <ImportWizard open={importing} onClose={() => setImporting(false)} />
      <Modal
        open={oneTime !== null}
        title={t('reset.title', { account: oneTime?.account ?? '' })}
        onCancel={() => setOneTime(null)}
        footer={
          <Button type="primary" onClick={() => setOneTime(null)}>
            {t('actions.close')}
          </Button>
        }
      >
        <Typography.Paragraph>{t('reset.notice')}</Typography.Paragraph>
        <Typography.Text
          code
          copyable={{ tooltips: [t('actions.copy'), t('done.copied')] }}
          data-testid="one-time-password"
        >
          {oneTime?.password}
        </Typography.Text>
      </Modal>
    </>
  );
}

/** The user administration screen: visible with authority:user:view only (the server checks it too). */
export function UserPage() {
  const { t } = useTranslation('users');
  if (!usePermission().has(USER_PERMISSIONS.VIEW))
    return <Result status="403" title="403" subTitle={t('forbidden')} />;
  return (
    <Card title={t('title')}>
      <UserList />
    </Card>
  );
}
