import { PROVIDER_ACCOUNT_STATUS, PROVIDER_SIGN_STATUS } from '@portal/domain/dictionaries/codes';
import { formatDate } from '@portal/domain/format/format';
import { PROVIDER_SWITCHES, type TSwitchField } from '@portal/domain/provider-accounts/codes';
import {
  PROVIDER_ACCOUNT_EDIT,
  type TProviderAccount,
  type TProviderStaff,
} from '@portal/domain/provider-accounts/rules';
import {
  App,
  Button,
  Descriptions,
  Divider,
  Drawer,
  Empty,
  Flex,
  Form,
  Result,
  Skeleton,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../components/pager/Pager.tsx';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { pickLanguage } from '../../../lib/i18n.ts';
import { useProviderAccount } from '../api/provider-account.ts';
import { useProviderStaffPage } from '../api/provider-staff-page.ts';
import { useUpdateProviderAccount } from '../api/update-provider-account.ts';

/** The form of the drawer: the two statuses as switches, then the function switches. */
interface TAccountForm extends Record<TSwitchField, boolean> {
  valid: boolean;
  signed: boolean;
  medicalExpenseAutoConfirm: boolean;
}

const toForm = (a: TProviderAccount): TAccountForm => ({
  valid: a.status === PROVIDER_ACCOUNT_STATUS.VALID.code,
  signed: a.signStatus === PROVIDER_SIGN_STATUS.SIGNED.code,
  invoiceEnabled: a.invoiceEnabled,
  investigationEnabled: a.investigationEnabled,
  appointmentEnabled: a.appointmentEnabled,
  medicalExpenseEnabled: a.medicalExpenseEnabled,
  medicalExpenseAutoConfirm: a.medicalExpenseAutoConfirm,
});

function StaffList({ providerId }: { providerId: string }) {
  const { t } = useTranslation('provider-accounts');
  const [page, setPage] = useState({ current: 1, size: 10 });
  const query = useProviderStaffPage({ providerId, current: page.current, size: page.size });
  const columns: TableColumnsType<TProviderStaff> = [
    { key: 'account', title: t('staff.account'), dataIndex: 'account', width: 140 },
    { key: 'name', title: t('staff.name'), render: (_, s) => pickLanguage(s.name, s.nameEn) || '-' },
    {
      key: 'enabled',
      title: t('staff.enabled'),
      width: 90,
      render: (_, s) => (
        <Tag color={s.enabled ? 'green' : 'default'}>{s.enabled ? t('staff.on') : t('staff.off')}</Tag>
      ),
    },
    {
      key: 'lastLoginAt',
      title: t('staff.lastLoginAt'),
      width: 150,
      render: (_, s) => formatDate(s.lastLoginAt, 'YYYY-MM-DD HH:mm'),
    },
  ];
  return (
    <>
      <Table<TProviderStaff>
        rowKey="userId"
        size="small"
        columns={columns}
        dataSource={query.data?.records ?? []}
        loading={query.isFetching}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('staff.empty')} /> }}
      />
      <Flex justify="flex-end" style={{ marginTop: 12 }}>
        <Pager
          current={page.current}
          pageSize={page.size}
          total={query.data?.total ?? 0}
          simple
          onChange={(current, size) => setPage({ current, size })}
        />
      </Flex>
    </>
  );
}

/** One provider's account: statuses and switches (editable with the edit permission), and its staff. */
export function ProviderAccountDrawer({
  providerId,
  onClose,
}: {
  providerId: string | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('provider-accounts');
  const lang = (i18n.resolvedLanguage ?? i18n.language) === 'en' ? 'en' : 'zh';
  const { modal, message } = App.useApp();
  const canEdit = usePermission().has(PROVIDER_ACCOUNT_EDIT);
  const query = useProviderAccount(providerId);
  const update = useUpdateProviderAccount();
  const [form] = Form.useForm<TAccountForm>();
  const account = query.data;
  const medicalExpenseOn = Form.useWatch('medicalExpenseEnabled', form);

  useEffect(() => {
    if (account) form.setFieldsValue(toForm(account));
  }, [account, form]);

  const save = async (values: TAccountForm) => {
    if (!account) return;
    const { valid, signed, ...switches } = values;
    await update.mutateAsync({
      providerId: account.providerId,
      version: account.version,
      status: valid ? PROVIDER_ACCOUNT_STATUS.VALID.code : PROVIDER_ACCOUNT_STATUS.INVALID.code,
      signStatus: signed ? PROVIDER_SIGN_STATUS.SIGNED.code : PROVIDER_SIGN_STATUS.UNSIGNED.code,
      ...switches,
      medicalExpenseAutoConfirm: switches.medicalExpenseEnabled && switches.medicalExpenseAutoConfirm,
    });
    message.success(t('saved'));
  };

  const submit = (values: TAccountForm) => {
    // Making a provider invalid signs its staff out at once: ask first.
    if (account && !values.valid && account.status === PROVIDER_ACCOUNT_STATUS.VALID.code) {
      modal.confirm({
        title: t('confirmInvalid.title'),
        content: t('confirmInvalid.content', { count: account.staffCount }),
        okText: t('confirmInvalid.ok'),
        cancelText: t('confirmInvalid.cancel'),
        okButtonProps: { danger: true },
        onOk: () => save(values).catch(() => undefined),
      });
      return;
    }
    void save(values).catch(() => undefined);
  };

  const title = account
    ? `${account.providerId} ${pickLanguage(account.providerCnName, account.providerEnName)}`
    : t('drawerTitle');

  return (
    <Drawer
      open={providerId !== null}
      onClose={onClose}
      title={title}
      size="large"
      destroyOnHidden
      extra={
        canEdit && account ? (
          <Button type="primary" loading={update.isPending} onClick={() => form.submit()}>
            {t('save')}
          </Button>
        ) : null
      }
    >
      {query.isError ? (
        <Result status="warning" title={t('loadFailed')} />
      ) : !account ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('fields.updatedAt')}>
              {formatDate(account.updatedAt, 'YYYY-MM-DD HH:mm')}
            </Descriptions.Item>
          </Descriptions>
          <Form<TAccountForm>
            form={form}
            layout="horizontal"
            labelCol={{ span: 10 }}
            wrapperCol={{ span: 14 }}
            disabled={!canEdit}
            onFinish={submit}
          >
            <Typography.Title level={5}>{t('sections.status')}</Typography.Title>
            <Form.Item name="valid" label={t('fields.status')} valuePropName="checked">
              <Switch
                checkedChildren={PROVIDER_ACCOUNT_STATUS.VALID[lang]}
                unCheckedChildren={PROVIDER_ACCOUNT_STATUS.INVALID[lang]}
              />
            </Form.Item>
            <Form.Item
              name="signed"
              label={t('fields.signStatus')}
              valuePropName="checked"
              extra={t('signedHint')}
            >
              <Switch
                checkedChildren={PROVIDER_SIGN_STATUS.SIGNED[lang]}
                unCheckedChildren={PROVIDER_SIGN_STATUS.UNSIGNED[lang]}
              />
            </Form.Item>
            <Typography.Title level={5}>{t('sections.functions')}</Typography.Title>
            {PROVIDER_SWITCHES.map((s) => (
              <Form.Item key={s.field} name={s.field} label={s.function[lang]} valuePropName="checked">
                <Switch checkedChildren={t('on')} unCheckedChildren={t('off')} />
              </Form.Item>
            ))}
            <Form.Item
              name="medicalExpenseAutoConfirm"
              label={t('fields.autoConfirm')}
              valuePropName="checked"
              extra={medicalExpenseOn ? undefined : t('autoConfirmHint')}
            >
              <Switch checkedChildren={t('on')} unCheckedChildren={t('off')} disabled={!medicalExpenseOn} />
            </Form.Item>
          </Form>
          <Divider />
          <Typography.Title level={5}>{t('staff.title', { count: account.staffCount })}</Typography.Title>
          <StaffList providerId={account.providerId} />
        </>
      )}
    </Drawer>
  );
}
