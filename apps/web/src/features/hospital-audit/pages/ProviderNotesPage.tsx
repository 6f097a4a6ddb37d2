import { PlusOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { formatDate } from '@portal/domain/format/format';
import type { TProviderRecordItem } from '@portal/domain/hospital-audit/api';
import type { TProviderNote } from '@portal/domain/hospital-tasks/api';
import {
  App,
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Input,
  Popover,
  Row,
  Space,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../components/pager/Pager.tsx';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { pickLanguage } from '../../../lib/i18n.ts';
import { useDeleteNotes } from '../api/delete-notes.ts';
import { useProviderNotes } from '../api/provider-notes.ts';
import { useProviderRecords } from '../api/provider-records.ts';
import { AUDIT_PERMISSIONS } from '../audit-codes.ts';
import { NoteModal } from '../components/NoteModal.tsx';

/** Page sizes of the notes table (spec section 9). */
const NOTE_PAGE_SIZES = [10, 20, 30, 50] as const;
const EMPTY = '-';

const providerName = (p: TProviderRecordItem) =>
  pickLanguage(p.providerCnName, p.providerEnName) || p.providerId;

/**
 * Provider notes for operators: the tenant's hospitals on the left (search, note counts), the
 * chosen hospital's notes on the right as a paged table with add, edit and delete (after
 * confirmation) in Chinese and English, and a help popover. Providers read these notes on
 * their hospital's record and cannot change them.
 */
export function ProviderNotesPage() {
  const { t } = useTranslation('hospital-audit');
  const { modal, message } = App.useApp();
  const permission = usePermission();
  const canEdit = permission.has(AUDIT_PERMISSIONS.editNotes);
  const [keyword, setKeyword] = useState('');
  const [providerPage, setProviderPage] = useState({ current: 1, size: 10 });
  const providers = useProviderRecords({ ...providerPage, model: { keyword } });
  const [chosen, setChosen] = useState<TProviderRecordItem | null>(null);
  const [notePage, setNotePage] = useState({ current: 1, size: 10 });
  const notes = useProviderNotes({ providerId: chosen?.providerId ?? '', ...notePage });
  const [editing, setEditing] = useState<{ open: boolean; note: TProviderNote | null }>({
    open: false,
    note: null,
  });
  const remove = useDeleteNotes();

  const choose = (record: TProviderRecordItem) => {
    setChosen(record);
    setNotePage((p) => ({ ...p, current: 1 }));
  };
  const confirmDelete = (note: TProviderNote) =>
    modal.confirm({
      title: t('notes.confirm.deleteTitle'),
      content: t('notes.confirm.deleteContent'),
      okText: t('notes.confirm.ok'),
      cancelText: t('notes.confirm.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await remove.mutateAsync([note.id]);
        message.success(t('notes.deleted'));
      },
    });

  const providerColumns: TableColumnsType<TProviderRecordItem> = [
    { title: t('notes.columns.providerId'), dataIndex: 'providerId', width: 100 },
    {
      title: t('notes.columns.providerName'),
      key: 'name',
      ellipsis: true,
      render: (_, record) => providerName(record),
    },
    { title: t('notes.noteCount'), dataIndex: 'noteCount', width: 80, align: 'right' },
  ];

  const noteColumns: TableColumnsType<TProviderNote> = [
    {
      title: t('notes.columns.notesC'),
      dataIndex: 'notesC',
      render: (text: string) => <span style={{ whiteSpace: 'pre-wrap' }}>{text || EMPTY}</span>,
    },
    {
      title: t('notes.columns.notesE'),
      dataIndex: 'notesE',
      render: (text: string) => <span style={{ whiteSpace: 'pre-wrap' }}>{text || EMPTY}</span>,
    },
    {
      title: t('notes.columns.createdBy'),
      key: 'createdBy',
      width: 130,
      render: (_, note) => pickLanguage(note.createdByName, note.createdByNameEn) || EMPTY,
    },
    {
      title: t('notes.columns.updatedAt'),
      dataIndex: 'updatedAt',
      width: 140,
      render: (value: string) => formatDate(value, 'YYYY-MM-DD HH:mm'),
    },
    ...(canEdit
      ? [
          {
            title: t('notes.columns.actions'),
            key: 'actions',
            width: 130,
            render: (_: unknown, note: TProviderNote) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setEditing({ open: true, note })}>
                  {t('notes.actions.edit')}
                </Button>
                <Button type="link" size="small" danger onClick={() => confirmDelete(note)}>
                  {t('notes.actions.delete')}
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <section aria-labelledby="provider-notes-title">
      <Flex align="center" gap={8} style={{ marginBottom: 16 }}>
        <Typography.Title level={3} id="provider-notes-title" style={{ margin: 0 }}>
          {t('notes.title')}
        </Typography.Title>
        <Popover
          title={t('notes.helpTitle')}
          content={<div style={{ maxWidth: 320 }}>{t('notes.help')}</div>}
          trigger="click"
          placement="bottomLeft"
        >
          <Button
            type="text"
            size="small"
            aria-label={t('notes.helpTitle')}
            icon={<QuestionCircleOutlined aria-hidden />}
          />
        </Popover>
      </Flex>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={9}>
          <Card title={t('notes.providers')}>
            <Input.Search
              role="search"
              aria-label={t('notes.keyword')}
              placeholder={t('notes.keyword')}
              allowClear
              enterButton={t('notes.actions.search')}
              maxLength={200}
              onSearch={(value) => {
                setKeyword(value.trim());
                setProviderPage((p) => ({ ...p, current: 1 }));
              }}
              style={{ marginBottom: 12 }}
            />
            <Table<TProviderRecordItem>
              rowKey="id"
              size="small"
              columns={providerColumns}
              dataSource={providers.data?.records ?? []}
              loading={providers.isFetching}
              pagination={false}
              rowClassName={(record) =>
                record.providerId === chosen?.providerId ? 'ant-table-row-selected' : ''
              }
              onRow={(record) => ({
                onClick: () => choose(record),
                style: { cursor: 'pointer' },
              })}
            />
            <Flex justify="flex-end" style={{ marginTop: 12 }}>
              <Pager
                simple
                current={providerPage.current}
                pageSize={providerPage.size}
                total={providers.data?.total ?? 0}
                onChange={(current, size) => setProviderPage({ current, size })}
              />
            </Flex>
          </Card>
        </Col>
        <Col xs={24} xl={15}>
          <Card
            title={
              chosen
                ? t('notes.notesOf', { name: `${providerName(chosen)} (${chosen.providerId})` })
                : t('notes.title')
            }
            extra={
              canEdit &&
              chosen && (
                <Button
                  type="primary"
                  icon={<PlusOutlined aria-hidden />}
                  onClick={() => setEditing({ open: true, note: null })}
                >
                  {t('notes.actions.add')}
                </Button>
              )
            }
          >
            {chosen ? (
              <>
                <Table<TProviderNote>
                  rowKey="id"
                  size="middle"
                  tableLayout="fixed"
                  columns={noteColumns}
                  dataSource={notes.data?.records ?? []}
                  loading={notes.isFetching}
                  pagination={false}
                  locale={{
                    emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notes.empty')} />,
                  }}
                />
                <Flex justify="flex-end" style={{ marginTop: 12 }}>
                  <Pager
                    current={notePage.current}
                    pageSize={notePage.size}
                    pageSizes={NOTE_PAGE_SIZES}
                    total={notes.data?.total ?? 0}
                    onChange={(current, size) => setNotePage({ current, size })}
                  />
                </Flex>
              </>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notes.choose')} />
            )}
          </Card>
        </Col>
      </Row>
      {chosen && (
        <NoteModal
          open={editing.open}
          providerId={chosen.providerId}
          note={editing.note}
          onClose={() => setEditing({ open: false, note: null })}
        />
      )}
    </section>
  );
}
