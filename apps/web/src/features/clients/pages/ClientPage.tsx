import { PlusOutlined } from '@ant-design/icons';
import {
  CLIENT_MANAGE,
  CLIENT_VIEW,
  GRANT_TYPES,
  type TClientRecord,
  type TClientWithSecret,
  type TGrantType,
} from '@portal/domain/clients/rules';
import { formatDate } from '@portal/domain/format/format';
import {
  Button,
  Card,
  Empty,
  Flex,
  Form,
  Input,
  Result,
  Select,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../components/pager/Pager.tsx';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { SearchActions } from '../../../components/search-form/SearchActions.tsx';
import { feedback } from '../../../lib/feedback.ts';
import { ApiError, errorMessage } from '../../../lib/http.ts';
import { useIsMobile } from '../../../shell/use-is-mobile.ts';
import { useClientPage } from '../api/client-page.ts';
import { useDeleteClient } from '../api/delete-client.ts';
import { useResetClientSecret } from '../api/reset-client-secret.ts';
import { useSetClientEnabled } from '../api/set-client-enabled.ts';
import { ClientForm } from '../components/ClientForm.tsx';
import { SecretDialog } from '../components/SecretDialog.tsx';

interface TFilter {
  clientId?: string;
  name?: string;
  enabled?: boolean;
}

/** A failed call's message, unless the http client showed it already. */
const reportError = (error: unknown) => {
  if (!(error instanceof ApiError && error.notified)) feedback.error(errorMessage(error));
};

function ClientList() {
  const { t, i18n } = useTranslation('clients');
  const lang = (i18n.resolvedLanguage ?? i18n.language) === 'en' ? 'en' : 'zh';
  const mobile = useIsMobile();
  const canManage = usePermission().has(CLIENT_MANAGE);
  const [form] = Form.useForm<{ clientId?: string; name?: string; enabled?: 'true' | 'false' }>();
  const [filter, setFilter] = useState<TFilter>({});
  const [page, setPage] = useState({ current: 1, size: 10 });
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<TClientRecord | null>(null);
  const [secret, setSecret] = useState<TClientWithSecret | null>(null);
  const query = useClientPage({ current: page.current, size: page.size, model: filter });
  const setEnabled = useSetClientEnabled();
  const reset = useResetClientSecret();
  const remove = useDeleteClient();

  const confirm = (title: string, content: string, danger = false) =>
    feedback.confirm({
      title,
      content,
      okText: t('common:actions.confirm'),
      cancelText: t('common:actions.cancel'),
      danger,
    });

  const onToggle = async (r: TClientRecord, enabled: boolean) => {
    if (
      !enabled &&
      !(await confirm(t('confirm.disableTitle'), t('confirm.disable', { clientId: r.clientId }), true))
    )
      return;
    try {
      await setEnabled.mutateAsync({ id: r.id, enabled });
      feedback.success(enabled ? t('enabledDone') : t('disabledDone'));
    } catch (error) {
      reportError(error);
    }
  };
  const onReset = async (r: TClientRecord) => {
    if (!(await confirm(t('confirm.resetTitle'), t('confirm.reset', { clientId: r.clientId }), true))) return;
    try {
      setSecret(await reset.mutateAsync(r.id));
    } catch (error) {
      reportError(error);
    }
  };
  const onDelete = async (r: TClientRecord) => {
    if (!(await confirm(t('confirm.deleteTitle'), t('confirm.delete', { clientId: r.clientId }), true)))
      return;
    try {
      await remove.mutateAsync(r.id);
      feedback.success(t('deleted'));
    } catch (error) {
      reportError(error);
    }
  };

  const lifetime = (seconds: number | null) =>
    seconds === null ? t('defaultLifetime') : t('seconds', { n: seconds });
  const builtInHint = t('builtInHint');

  const columns: TableColumnsType<TClientRecord> = [
    {
      key: 'clientId',
      title: t('fields.clientId'),
      render: (_, r) => (
        <Space size={4} wrap>
          <span>{r.clientId}</span>
          {r.builtIn && <Tag>{t('builtIn')}</Tag>}
        </Space>
      ),
    },
    { key: 'name', title: t('fields.name'), render: (_, r) => r.name },
    {
      key: 'type',
      title: t('fields.type'),
      width: 120,
      render: (_, r) => (r.confidential ? t('type.confidential') : t('type.public')),
    },
    {
      key: 'grantTypes',
      title: t('fields.grantTypes'),
      render: (_, r) =>
        r.grantTypes.map((g) => <Tag key={g}>{GRANT_TYPES[g as TGrantType]?.[lang] ?? g}</Tag>),
    },
    {
      key: 'lifetimes',
      title: t('fields.lifetimes'),
      render: (_, r) => `${lifetime(r.accessTokenSeconds)} / ${lifetime(r.refreshTokenSeconds)}`,
    },
    {
      key: 'enabled',
      title: t('fields.enabled'),
      width: 100,
      render: (_, r) => (
        <Tooltip title={r.builtIn ? builtInHint : undefined}>
          <Switch
            checked={r.enabled}
            disabled={!canManage || r.builtIn}
            aria-label={t('toggle', { clientId: r.clientId })}
            onChange={(checked) => void onToggle(r, checked)}
          />
        </Tooltip>
      ),
    },
    { key: 'createdAt', title: t('fields.createdAt'), width: 170, render: (_, r) => formatDate(r.createdAt) },
    ...(canManage
      ? [
          {
            key: 'actions',
            title: t('fields.actions'),
            width: 220,
            render: (_: unknown, r: TClientRecord) =>
              r.builtIn ? (
                <Tooltip title={builtInHint}>
                  <span>{t('readOnly')}</span>
                </Tooltip>
              ) : (
                <Space size={0} wrap>
                  <Button
                    type="link"
                    size="small"
                    onClick={() => {
                      setEditing(r);
                      setFormOpen(true);
                    }}
                  >
                    {t('actions.edit')}
                  </Button>
                  <Button type="link" size="small" onClick={() => void onReset(r)}>
                    {t('actions.resetSecret')}
                  </Button>
                  <Button type="link" size="small" danger onClick={() => void onDelete(r)}>
                    {t('actions.delete')}
                  </Button>
                </Space>
              ),
          },
        ]
      : []),
  ];

  return (
    <>
      <Form
        form={form}
        layout={mobile ? 'vertical' : 'inline'}
        role="search"
        className="portal-search-form"
        style={{ rowGap: 12, marginBottom: 16 }}
        onFinish={(values) => {
          setFilter({
            clientId: values.clientId?.trim() || undefined,
            name: values.name?.trim() || undefined,
            enabled: values.enabled === undefined ? undefined : values.enabled === 'true',
          });
          setPage((p) => ({ ...p, current: 1 }));
        }}
      >
        <Form.Item name="clientId" label={t('fields.clientId')}>
          <Input allowClear maxLength={64} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="name" label={t('fields.name')}>
          <Input allowClear maxLength={100} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="enabled" label={t('fields.enabled')}>
          <Select
            allowClear
            placeholder={t('filter.all')}
            style={{ width: 140 }}
            options={[
              { value: 'true', label: t('filter.enabled') },
              { value: 'false', label: t('filter.disabled') },
            ]}
          />
        </Form.Item>
        <SearchActions
          labels={{ search: t('filter.search'), reset: t('filter.reset'), reload: t('filter.reload') }}
          onReset={() => {
            form.resetFields();
            setFilter({});
            setPage((p) => ({ ...p, current: 1 }));
          }}
          onReload={() => void query.refetch()}
        />
      </Form>
      {canManage && (
        <Flex style={{ marginBottom: 16 }}>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => {
              setEditing(null);
              setFormOpen(true);
            }}
          >
            {t('actions.create')}
          </Button>
        </Flex>
      )}
      <Table<TClientRecord>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={query.data?.records ?? []}
        loading={query.isFetching}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} /> }}
        scroll={{ x: mobile ? 860 : undefined }}
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
      <ClientForm
        open={formOpen}
        editing={editing}
        onClose={() => setFormOpen(false)}
        onCreated={setSecret}
      />
      {secret && <SecretDialog shown={secret} onClose={() => setSecret(null)} />}
    </>
  );
}

/** Registered API clients (operator administrators; the server checks every call too). */
export function ClientPage() {
  const { t } = useTranslation('clients');
  const allowed = usePermission().has(CLIENT_VIEW);
  if (!allowed) return <Result status="403" title="403" subTitle={t('forbidden')} />;
  return (
    <Card title={t('title')}>
      <ClientList />
    </Card>
  );
}
