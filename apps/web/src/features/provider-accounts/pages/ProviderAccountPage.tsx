import { PROVIDER_ACCOUNT_STATUS, PROVIDER_SIGN_STATUS } from '@portal/domain/dictionaries/codes';
import { PROVIDER_SWITCHES } from '@portal/domain/provider-accounts/codes';
import {
  PROVIDER_ACCOUNT_VIEW,
  type TProviderAccount,
  type TProviderAccountPageBody,
} from '@portal/domain/provider-accounts/rules';
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
  Table,
  type TableColumnsType,
  Tag,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../components/pager/Pager.tsx';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { SearchActions } from '../../../components/search-form/SearchActions.tsx';
import { pickLanguage } from '../../../lib/i18n.ts';
import { useScrollRegion } from '../../../lib/use-scroll-region.ts';
import { useIsMobile } from '../../../shell/use-is-mobile.ts';
import { useProviderAccountPage } from '../api/provider-account-page.ts';
import { ProviderAccountDrawer } from '../components/ProviderAccountDrawer.tsx';

type TFilter = NonNullable<TProviderAccountPageBody['model']>;

const trimmed = (v?: string) => v?.trim() || undefined;

/** The provider accounts of the tenant: filters, a server-paged table, and the drawer of one. */
function ProviderAccountList() {
  const { t, i18n } = useTranslation('provider-accounts');
  const lang = (i18n.resolvedLanguage ?? i18n.language) === 'en' ? 'en' : 'zh';
  const mobile = useIsMobile();
  const tableRegion = useScrollRegion<HTMLDivElement>(t('title'));
  const [form] = Form.useForm<TFilter>();
  const [filter, setFilter] = useState<TFilter>({});
  const [page, setPage] = useState({ current: 1, size: 10 });
  const [open, setOpen] = useState<string | null>(null);
  const query = useProviderAccountPage({ current: page.current, size: page.size, model: filter });

  const statusTag = (status: string) =>
    status === PROVIDER_ACCOUNT_STATUS.VALID.code ? (
      <Tag color="green">{PROVIDER_ACCOUNT_STATUS.VALID[lang]}</Tag>
    ) : (
      <Tag color="red">{PROVIDER_ACCOUNT_STATUS.INVALID[lang]}</Tag>
    );
  const signTag = (sign: string) =>
    sign === PROVIDER_SIGN_STATUS.SIGNED.code ? (
      <Tag color="blue">{PROVIDER_SIGN_STATUS.SIGNED[lang]}</Tag>
    ) : (
      <Tag>{PROVIDER_SIGN_STATUS.UNSIGNED[lang]}</Tag>
    );

  const columns: TableColumnsType<TProviderAccount> = [
    { key: 'providerId', title: t('fields.providerId'), dataIndex: 'providerId', width: 110 },
    {
      key: 'name',
      title: t('fields.providerName'),
      ellipsis: true,
      render: (_, r) => pickLanguage(r.providerCnName, r.providerEnName) || '-',
    },
    { key: 'status', title: t('fields.status'), width: 90, render: (_, r) => statusTag(r.status) },
    { key: 'signStatus', title: t('fields.signStatus'), width: 100, render: (_, r) => signTag(r.signStatus) },
    {
      key: 'functions',
      title: t('fields.functions'),
      render: (_, r) => {
        const on = PROVIDER_SWITCHES.filter((s) => r[s.field]);
        return on.length === 0 ? (
          <Tag>{t('noFunctions')}</Tag>
        ) : (
          <Space size={[0, 4]} wrap>
            {on.map((s) => (
              <Tag key={s.field}>{s.function[lang]}</Tag>
            ))}
          </Space>
        );
      },
    },
    { key: 'staffCount', title: t('fields.staffCount'), dataIndex: 'staffCount', width: 90, align: 'right' },
    {
      key: 'actions',
      title: t('fields.actions'),
      width: 100,
      render: (_, r) => (
        <Button
          type="link"
          onClick={() => setOpen(r.providerId)}
          aria-label={t('manageOf', { id: r.providerId })}
        >
          {t('manage')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <Form<TFilter>
        form={form}
        layout={mobile ? 'vertical' : 'inline'}
        role="search"
        className="portal-search-form"
        style={{ rowGap: 12, marginBottom: 16 }}
        onFinish={(values) => {
          setFilter({
            providerId: trimmed(values.providerId),
            providerName: trimmed(values.providerName),
            status: values.status || undefined,
            signStatus: values.signStatus || undefined,
          });
          setPage((p) => ({ ...p, current: 1 }));
        }}
      >
        <Form.Item name="providerId" label={t('fields.providerId')}>
          <Input allowClear maxLength={64} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="providerName" label={t('fields.providerName')}>
          <Input allowClear maxLength={200} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="status" label={t('fields.status')}>
          <Select
            allowClear
            placeholder={t('all')}
            style={{ width: 120 }}
            options={Object.values(PROVIDER_ACCOUNT_STATUS).map((s) => ({ value: s.code, label: s[lang] }))}
          />
        </Form.Item>
        <Form.Item name="signStatus" label={t('fields.signStatus')}>
          <Select
            allowClear
            placeholder={t('all')}
            style={{ width: 120 }}
            options={Object.values(PROVIDER_SIGN_STATUS).map((s) => ({ value: s.code, label: s[lang] }))}
          />
        </Form.Item>
        <SearchActions
          labels={{ search: t('search'), reset: t('reset'), reload: t('reload') }}
          onReset={() => {
            form.resetFields();
            setFilter({});
            setPage((p) => ({ ...p, current: 1 }));
          }}
          onReload={() => void query.refetch()}
        />
      </Form>
      <div ref={tableRegion}>
        <Table<TProviderAccount>
          rowKey="providerId"
          size="middle"
          columns={columns}
          dataSource={query.data?.records ?? []}
          loading={query.isFetching}
          pagination={false}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} /> }}
          scroll={{ x: mobile ? 820 : undefined }}
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
      <ProviderAccountDrawer providerId={open} onClose={() => setOpen(null)} />
    </>
  );
}

/** The provider accounts screen: visible with the view permission only (the server checks it too). */
export function ProviderAccountPage() {
  const { t } = useTranslation('provider-accounts');
  const allowed = usePermission().has(PROVIDER_ACCOUNT_VIEW);
  if (!allowed) return <Result status="403" title="403" subTitle={t('forbidden')} />;
  return (
    <Card title={t('title')}>
      <ProviderAccountList />
    </Card>
  );
}
