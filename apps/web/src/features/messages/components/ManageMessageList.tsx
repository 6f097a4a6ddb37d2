import { DownloadOutlined, SearchOutlined, UploadOutlined } from '@ant-design/icons';
import { formatDate } from '@portal/domain/format/format';
import {
  MSG_LEVELS,
  MSG_STATUSES,
  MSG_TYPES,
  type TMsgLevelCode,
  type TMsgStatusCode,
  type TMsgTypeCode,
} from '@portal/domain/messages/codes';
import { MSG_PHASES, type TMsgManagePageBody, type TMsgManageRecord } from '@portal/domain/messages/compose';
import {
  App,
  Button,
  DatePicker,
  Empty,
  Flex,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Pager } from '../../../components/pager/Pager.tsx';
import { usePermission } from '../../../components/permission/use-permission.ts';
import {
  exportMessages,
  MSG_MANAGE,
  useDeleteMessages,
  useManagePage,
  useMessageStats,
} from '../api/manage-messages.ts';
import { MessageImportModal } from './MessageImportModal.tsx';

interface TFilterForm {
  name?: string;
  msgType?: TMsgTypeCode;
  msgLevel?: TMsgLevelCode;
  status?: TMsgStatusCode;
  period?: [Dayjs | null, Dayjs | null] | null;
  sender?: string;
}

type TFilter = Omit<TMsgManagePageBody, 'current' | 'size'>;

function toFilter(v: TFilterForm): TFilter {
  const [from, to] = v.period ?? [null, null];
  return {
    name: v.name?.trim() || undefined,
    msgType: v.msgType as '01' | '02' | undefined,
    msgLevel: v.msgLevel,
    status: v.status,
    periodStart: from ? from.format('YYYY-MM-DD') : undefined,
    periodEnd: to ? to.format('YYYY-MM-DD') : undefined,
    sender: v.sender?.trim() || undefined,
  };
}

/** The operator's messages: filters, server paging, read statistics, withdraw, delete, export. */
export function ManageMessageList() {
  const { t, i18n } = useTranslation('messages');
  const en = (i18n.resolvedLanguage ?? i18n.language) === 'en';
  const label = (e: { zh: string; en: string }) => (en ? e.en : e.zh);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const permission = usePermission();
  const [form] = Form.useForm<TFilterForm>();
  const [filter, setFilter] = useState<TFilter>({});
  const [page, setPage] = useState({ current: 1, size: 20 });
  const list = useManagePage({ ...filter, ...page });
  const remove = useDeleteMessages();
  const [statsOf, setStatsOf] = useState<TMsgManageRecord | null>(null);
  const [exporting, setExporting] = useState(false);
  const [importing, setImporting] = useState(false);

  const act = async (row: TMsgManageRecord) => {
    const result = await remove.mutateAsync([row.id]);
    message.success(result.withdrawn ? t('manage.withdrawn') : t('manage.deleted'));
  };

  const columns: TableColumnsType<TMsgManageRecord> = [
    { title: t('compose.name'), key: 'name', render: (_, r) => (en ? r.nameEn || r.name : r.name) },
    { title: t('compose.type'), key: 'type', render: (_, r) => label(MSG_TYPES[r.msgType as TMsgTypeCode]) },
    {
      title: t('compose.level'),
      key: 'level',
      render: (_, r) => (
        <Tag color={r.msgLevel === '03' ? 'red' : undefined}>
          {label(MSG_LEVELS[r.msgLevel as TMsgLevelCode])}
        </Tag>
      ),
    },
    {
      title: t('fields.status'),
      key: 'status',
      render: (_, r) => (
        <Space size={4}>
          <Tag>{label(MSG_STATUSES[r.status as TMsgStatusCode])}</Tag>
          {r.status === '01' && <Tag color="blue">{label(MSG_PHASES[r.phase])}</Tag>}
        </Space>
      ),
    },
    {
      title: t('compose.validity'),
      key: 'validity',
      // Start and end on two lines keep the table within a 1280 px window.
      render: (_, r) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {formatDate(r.validFrom, 'YYYY-MM-DD HH:mm')} ~
          <br />
          {formatDate(r.validTo, 'YYYY-MM-DD HH:mm')}
        </span>
      ),
    },
    { title: t('fields.sender'), key: 'sender', render: (_, r) => (en ? r.senderEn || r.sender : r.sender) },
    {
      title: t('manage.readStats'),
      key: 'stats',
      render: (_, r) =>
        r.status === '03' ? (
          '-'
        ) : (
          <Button type="link" size="small" onClick={() => setStatsOf(r)}>
            {t('manage.statsText', { read: r.read, recipients: r.recipients })}
          </Button>
        ),
    },
    {
      title: t('manage.actions'),
      key: 'actions',
      render: (_, r) => (
        <Space size={0}>
          {r.status !== '02' && permission.has(MSG_MANAGE.save) && (
            <Button type="link" size="small" onClick={() => navigate(`/resources/msg/edit?id=${r.id}`)}>
              {r.status === '01' ? t('manage.modify') : t('manage.edit')}
            </Button>
          )}
          {r.status !== '02' && permission.has(MSG_MANAGE.delete) && (
            <Popconfirm
              title={r.status === '01' ? t('manage.confirmWithdraw') : t('manage.confirmDelete')}
              onConfirm={() => act(r)}
              okText={t('manage.yes')}
              cancelText={t('manage.no')}
            >
              <Button type="link" size="small" danger>
                {r.status === '01' ? t('manage.withdraw') : t('manage.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  const download = async () => {
    setExporting(true);
    try {
      await exportMessages({ ...filter, current: 1, size: 20 });
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <Form<TFilterForm>
        form={form}
        layout="inline"
        onFinish={(v) => {
          setFilter(toFilter(v));
          setPage((p) => ({ ...p, current: 1 }));
        }}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="name" label={t('compose.name')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="msgType" label={t('compose.type')}>
          <Select
            allowClear
            placeholder={t('read.all')}
            style={{ width: 120 }}
            options={(['01', '02'] as const).map((c) => ({ value: c, label: label(MSG_TYPES[c]) }))}
          />
        </Form.Item>
        <Form.Item name="msgLevel" label={t('compose.level')}>
          <Select
            allowClear
            placeholder={t('read.all')}
            style={{ width: 120 }}
            options={(['01', '02', '03'] as const).map((c) => ({ value: c, label: label(MSG_LEVELS[c]) }))}
          />
        </Form.Item>
        <Form.Item name="status" label={t('fields.status')}>
          <Select
            allowClear
            placeholder={t('read.all')}
            style={{ width: 120 }}
            options={(['01', '02', '03'] as const).map((c) => ({ value: c, label: label(MSG_STATUSES[c]) }))}
          />
        </Form.Item>
        <Form.Item name="period" label={t('manage.period')}>
          <DatePicker.RangePicker />
        </Form.Item>
        <Form.Item name="sender" label={t('fields.sender')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item>
          <Flex gap={8}>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {t('manage.search')}
            </Button>
            {permission.has(MSG_MANAGE.export) && (
              <Button icon={<DownloadOutlined />} onClick={download} loading={exporting}>
                {t('manage.export')}
              </Button>
            )}
            {permission.has(MSG_MANAGE.import) && (
              <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                {t('import.open')}
              </Button>
            )}
          </Flex>
        </Form.Item>
      </Form>
      <Table<TMsgManageRecord>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.isFetching}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} /> }}
        scroll={{ x: 'max-content' }}
      />
      <Pager
        current={page.current}
        pageSize={page.size}
        total={list.data?.total ?? 0}
        onChange={(current, size) => setPage({ current, size })}
      />
      <StatsModal record={statsOf} onClose={() => setStatsOf(null)} />
      <MessageImportModal open={importing} onClose={() => setImporting(false)} />
    </>
  );
}

function StatsModal({ record, onClose }: { record: TMsgManageRecord | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('messages');
  const en = (i18n.resolvedLanguage ?? i18n.language) === 'en';
  const [current, setCurrent] = useState(1);
  const stats = useMessageStats(record?.id ?? null, current);
  return (
    <Modal open={record !== null} onCancel={onClose} footer={null} title={t('manage.readStats')} width={720}>
      {stats.data && (
        <Space style={{ marginBottom: 12 }}>
          <Tag>{t('manage.recipients', { count: stats.data.recipients })}</Tag>
          <Tag color="green">{t('manage.read', { count: stats.data.read })}</Tag>
          <Tag color="orange">{t('manage.unread', { count: stats.data.unread })}</Tag>
        </Space>
      )}
      <Table
        rowKey="providerId"
        size="small"
        loading={stats.isFetching}
        dataSource={stats.data?.byProvider.records ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} /> }}
        pagination={{ current, pageSize: 10, total: stats.data?.byProvider.total ?? 0, onChange: setCurrent }}
        columns={[
          { title: t('manage.providerId'), dataIndex: 'providerId' },
          {
            title: t('manage.provider'),
            key: 'n',
            render: (_, r) => (en ? r.providerEnName || r.providerCnName : r.providerCnName),
          },
          { title: t('manage.readers'), dataIndex: 'readers' },
          {
            title: t('fields.readAt'),
            key: 'at',
            render: (_, r) => formatDate(r.firstReadAt, 'YYYY-MM-DD HH:mm'),
          },
        ]}
      />
    </Modal>
  );
}
