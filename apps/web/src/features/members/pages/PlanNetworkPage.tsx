import { PlusOutlined } from '@ant-design/icons';
import {
  PLAN_NETWORK_EDIT,
  PLAN_NETWORK_VIEW,
  type TPlanNetworkPageBody,
  type TPlanNetworkRow,
} from '@portal/domain/members/rules';
import {
  Button,
  Card,
  DatePicker,
  Empty,
  Flex,
  Form,
  Input,
  Modal,
  Result,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../components/pager/Pager.tsx';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { SearchActions } from '../../../components/search-form/SearchActions.tsx';
import { feedback } from '../../../lib/feedback.ts';
import { pickLanguage } from '../../../lib/i18n.ts';
import { applyServerFieldErrors } from '../../../lib/zod-form.ts';
import { useIsMobile } from '../../../shell/use-is-mobile.ts';
import { usePlanNetworkPage } from '../api/plan-network-page.ts';
import { useDeletePlanNetwork, useSavePlanNetwork } from '../api/save-plan-network.ts';
import { PlanSelect } from '../components/PlanSelect.tsx';

interface TFilter {
  grpPlanCode?: string;
  providerId?: string;
}
interface TEditForm {
  grpPlanCode: string;
  providerId: string;
  directBilling: boolean;
  validity?: [Dayjs | null, Dayjs | null] | null;
}

/** The add/change dialog: a provider serves a plan, with its direct-billing flag and validity. */
function NetworkDialog({
  row,
  open,
  onClose,
}: {
  row: TPlanNetworkRow | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('members');
  const [form] = Form.useForm<TEditForm>();
  const save = useSavePlanNetwork();
  return (
    <Modal
      open={open}
      title={row ? t('network.editTitle') : t('network.addTitle')}
      okText={t('network.save')}
      cancelText={t('network.cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
      onCancel={onClose}
      onOk={() => form.submit()}
      afterOpenChange={(visible) => {
        if (!visible) return;
        form.setFieldsValue(
          row
            ? {
                grpPlanCode: row.grpPlanCode,
                providerId: row.providerId,
                directBilling: row.directBilling,
                validity: [
                  row.validFrom ? dayjs(row.validFrom) : null,
                  row.validTo ? dayjs(row.validTo) : null,
                ],
              }
            : { directBilling: true, validity: null },
        );
      }}
    >
      <Form<TEditForm>
        form={form}
        layout="vertical"
        name="plan-network"
        onFinish={(values) =>
          save.mutate(
            {
              grpPlanCode: values.grpPlanCode,
              providerId: values.providerId.trim(),
              directBilling: values.directBilling,
              validFrom: values.validity?.[0]?.format('YYYY-MM-DD') ?? null,
              validTo: values.validity?.[1]?.format('YYYY-MM-DD') ?? null,
            },
            {
              onSuccess: () => {
                feedback.success(t('network.saved'));
                onClose();
              },
              onError: (error) => applyServerFieldErrors(form, error),
            },
          )
        }
      >
        <Form.Item
          name="grpPlanCode"
          label={t('fields.plan')}
          rules={[{ required: true, message: t('network.planRequired') }]}
        >
          <PlanSelect disabled={row !== null} placeholder={t('network.planPlaceholder')} />
        </Form.Item>
        <Form.Item
          name="providerId"
          label={t('fields.providerId')}
          rules={[{ required: true, whitespace: true, message: t('network.providerRequired') }]}
        >
          <Input disabled={row !== null} maxLength={64} />
        </Form.Item>
        <Form.Item name="directBilling" label={t('fields.directBilling')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="validity" label={t('fields.validity')} extra={t('network.validityHint')}>
          <DatePicker.RangePicker allowEmpty={[true, true]} format="YYYY-MM-DD" style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Operator screen: which providers serve which plans (the enquiry shows a provider only these plans' members). */
export function PlanNetworkPage() {
  const { t } = useTranslation('members');
  const permission = usePermission();
  const canEdit = permission.has(PLAN_NETWORK_EDIT);
  const mobile = useIsMobile();
  const [form] = Form.useForm<TFilter>();
  const [filter, setFilter] = useState<TFilter>({});
  const [page, setPage] = useState({ current: 1, size: 10 });
  const [editing, setEditing] = useState<{ row: TPlanNetworkRow | null } | null>(null);
  const body: TPlanNetworkPageBody = { ...filter, current: page.current, size: page.size };
  const query = usePlanNetworkPage(body);
  const remove = useDeletePlanNetwork();
  if (!permission.has(PLAN_NETWORK_VIEW))
    return <Result status="403" title="403" subTitle={t('network.forbidden')} />;

  const confirmRemove = async (row: TPlanNetworkRow) => {
    const ok = await feedback.confirm({
      title: t('network.removeTitle'),
      content: t('network.removeContent', { providerId: row.providerId, plan: row.grpPlanCode }),
      okText: t('network.remove'),
      cancelText: t('network.cancel'),
      danger: true,
    });
    if (ok) remove.mutate(row.id, { onSuccess: () => feedback.success(t('network.removed')) });
  };

  const columns: TableColumnsType<TPlanNetworkRow> = [
    {
      key: 'plan',
      title: t('fields.plan'),
      render: (_, r) => `${r.grpPlanCode} ${pickLanguage(r.planName, r.planNameEn)}`,
    },
    {
      key: 'customer',
      title: t('fields.customer'),
      render: (_, r) => `${r.customId} ${pickLanguage(r.customerName, r.customerNameEn)}`,
    },
    {
      key: 'provider',
      title: t('fields.provider'),
      render: (_, r) => `${r.providerId} ${pickLanguage(r.providerName, r.providerNameEn)}`,
    },
    {
      key: 'directBilling',
      title: t('fields.directBilling'),
      render: (_, r) => (r.directBilling ? <Tag color="blue">{t('yes')}</Tag> : <Tag>{t('no')}</Tag>),
    },
    {
      key: 'validity',
      title: t('fields.validity'),
      render: (_, r) =>
        r.validFrom === null && r.validTo === null
          ? t('network.always')
          : `${r.validFrom ?? t('network.open')} ~ ${r.validTo ?? t('network.open')}`,
    },
    { key: 'members', title: t('network.members'), dataIndex: 'members', align: 'right' },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: t('fields.actions'),
            render: (_: unknown, r: TPlanNetworkRow) => (
              <Space size={0}>
                <Button type="link" onClick={() => setEditing({ row: r })}>
                  {t('network.edit')}
                </Button>
                <Button type="link" onClick={() => void confirmRemove(r)}>
                  {t('network.remove')}
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card
      title={t('network.title')}
      extra={
        canEdit ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ row: null })}>
            {t('network.add')}
          </Button>
        ) : null
      }
    >
      <Form<TFilter>
        form={form}
        layout={mobile ? 'vertical' : 'inline'}
        role="search"
        className="portal-search-form"
        style={{ rowGap: 12, marginBottom: 16 }}
        onFinish={(values) => {
          setFilter({
            grpPlanCode: values.grpPlanCode?.trim() || undefined,
            providerId: values.providerId?.trim() || undefined,
          });
          setPage((p) => ({ ...p, current: 1 }));
        }}
      >
        <Form.Item name="grpPlanCode" label={t('fields.plan')}>
          <Input allowClear maxLength={64} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="providerId" label={t('fields.providerId')}>
          <Input allowClear maxLength={64} style={{ width: 140 }} />
        </Form.Item>
        <SearchActions
          labels={{ search: t('search'), reset: t('reset'), reload: t('network.reload') }}
          onReset={() => {
            form.resetFields();
            setFilter({});
            setPage((p) => ({ ...p, current: 1 }));
          }}
          onReload={() => void query.refetch()}
        />
      </Form>
      <Table<TPlanNetworkRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={query.data?.records ?? []}
        loading={query.isFetching}
        pagination={false}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('network.empty')} />,
        }}
        scroll={{ x: mobile ? 900 : undefined }}
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
      <NetworkDialog row={editing?.row ?? null} open={editing !== null} onClose={() => setEditing(null)} />
    </Card>
  );
}
