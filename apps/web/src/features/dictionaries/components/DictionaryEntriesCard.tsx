import {
  DICTIONARY_PERMISSIONS,
  type TDictionaryRecord,
  type TDictionaryTypeRecord,
} from '@portal/domain/dictionaries/rules';
import {
  App,
  Button,
  Card,
  Flex,
  Input,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { useDeleteDictionaryEntries } from '../api/delete-dictionary-entries.ts';
import { useDictionaryPage } from '../api/dictionary-page.ts';
import { useDictionaryTypePage } from '../api/dictionary-type-page.ts';
import { PAGE_SIZES } from '../dictionary-admin.ts';
import { DictionaryEntryModal, type TTypeChoice } from './DictionaryEntryModal.tsx';
import { DictSelect } from './DictSelect.tsx';

export interface DictionaryEntriesCardProps {
  /** The picked code type; null lists the entries of every type. */
  type: TDictionaryTypeRecord | null;
}

const EMPTY_FILTER = { code: '', name: '' };

/**
 * Entries of the picked code type (or all): paged search, add, edit, delete, and a select
 * preview. Give it a key per type so filters and page start afresh when the type changes.
 */
export function DictionaryEntriesCard({ type }: DictionaryEntriesCardProps) {
  const { t, i18n } = useTranslation('dictionaries');
  const en = (i18n.resolvedLanguage ?? i18n.language) === 'en';
  const { modal, message } = App.useApp();
  const permission = usePermission();
  const [draft, setDraft] = useState(EMPTY_FILTER);
  const [filter, setFilter] = useState(EMPTY_FILTER);
  const [page, setPage] = useState({ current: 1, size: 10 });
  const [editing, setEditing] = useState<{ open: boolean; entry: TDictionaryRecord | null }>({
    open: false,
    entry: null,
  });
  const [preview, setPreview] = useState<string | undefined>();
  const codeType = type?.codeType ?? '';
  const query = useDictionaryPage({ ...page, model: { codeType, ...filter } });
  const allTypes = useDictionaryTypePage({
    current: 1,
    size: 100,
    model: { codeType: '', name: '', kind: '' },
  });
  const remove = useDeleteDictionaryEntries();

  const typeName = (record: { name: string; nameEn: string }) =>
    (en ? record.nameEn : record.name) || record.name;
  const choices = useMemo<TTypeChoice[]>(
    () =>
      (allTypes.data?.records ?? []).map((record) => ({
        codeType: record.codeType,
        label: (en ? record.nameEn : record.name) || record.name,
        kind: record.kind,
      })),
    [allTypes.data, en],
  );
  const labelOf = (record: TDictionaryRecord) =>
    (en ? record.codeEnName : record.codeName) || record.codeName;
  const search = (next = draft) => {
    setFilter(next);
    setPage((p) => ({ ...p, current: 1 }));
  };
  const confirmDelete = (record: TDictionaryRecord) =>
    modal.confirm({
      title: t('confirm.deleteTitle'),
      content: t('confirm.deleteEntry', { name: labelOf(record) }),
      okText: t('confirm.ok'),
      cancelText: t('confirm.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await remove.mutateAsync([record.id]);
        message.success(t('messages.deleted'));
      },
    });

  const columns: TableColumnsType<TDictionaryRecord> = [
    ...(type ? [] : [{ title: t('fields.codeType'), dataIndex: 'codeType', ellipsis: true } as const]),
    { title: t('fields.code'), dataIndex: 'code', width: 110 },
    { title: t('fields.codeName'), dataIndex: 'codeName', ellipsis: true },
    { title: t('fields.codeEnName'), dataIndex: 'codeEnName', ellipsis: true },
    { title: t('fields.sort'), dataIndex: 'sort', width: 70, align: 'right' },
    {
      title: t('fields.status'),
      dataIndex: 'enabled',
      width: 80,
      render: (enabled: boolean) =>
        enabled ? <Tag color="green">{t('status.enabled')}</Tag> : <Tag>{t('status.disabled')}</Tag>,
    },
    {
      title: t('fields.actions'),
      key: 'actions',
      width: 120,
      render: (_, record) => (
        <Space size={0}>
          {permission.has(DICTIONARY_PERMISSIONS.edit) && (
            <Button type="link" size="small" onClick={() => setEditing({ open: true, entry: record })}>
              {t('actions.edit')}
            </Button>
          )}
          {permission.has(DICTIONARY_PERMISSIONS.delete) && (
            <Tooltip title={record.kind === 'codeTable' ? t('messages.codeTableNoDelete') : null}>
              <Button
                type="link"
                size="small"
                danger
                disabled={record.kind === 'codeTable'}
                onClick={() => confirmDelete(record)}
              >
                {t('actions.delete')}
              </Button>
            </Tooltip>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={
        type
          ? t('dictionary.entriesOf', { name: `${typeName(type)} (${type.codeType})` })
          : t('dictionary.entries')
      }
      extra={
        <Space>
          {type && <Tag color={type.kind === 'codeTable' ? 'gold' : 'blue'}>{t(`kind.${type.kind}`)}</Tag>}
          {permission.has(DICTIONARY_PERMISSIONS.add) && (
            <Button type="primary" onClick={() => setEditing({ open: true, entry: null })}>
              {t('actions.add')}
            </Button>
          )}
        </Space>
      }
    >
      <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
        <Flex gap={8} wrap role="search" style={{ flex: 1 }}>
          <Input
            aria-label={t('fields.code')}
            placeholder={t('fields.code')}
            value={draft.code}
            onChange={(event) => setDraft({ ...draft, code: event.target.value })}
            onPressEnter={() => search()}
            style={{ width: 130 }}
            allowClear
          />
          <Input
            aria-label={t('fields.name')}
            placeholder={t('fields.name')}
            value={draft.name}
            onChange={(event) => setDraft({ ...draft, name: event.target.value })}
            onPressEnter={() => search()}
            style={{ width: 170 }}
            allowClear
          />
          <Button type="primary" onClick={() => search()}>
            {t('actions.search')}
          </Button>
          <Button
            onClick={() => {
              setDraft(EMPTY_FILTER);
              search(EMPTY_FILTER);
            }}
          >
            {t('actions.reset')}
          </Button>
        </Flex>
        <Flex gap={8} align="center">
          <Typography.Text type="secondary" id="dictionary-preview-label">
            {t('dictionary.preview')}
          </Typography.Text>
          <Tooltip title={type ? t('dictionary.previewHint') : t('dictionary.choosePreview')}>
            {type ? (
              <DictSelect
                aria-labelledby="dictionary-preview-label"
                codeType={type.codeType}
                value={preview}
                onChange={(value) => setPreview(value as string | undefined)}
                style={{ width: 220 }}
              />
            ) : (
              <DictSelect
                aria-labelledby="dictionary-preview-label"
                codeType=""
                disabled
                style={{ width: 220 }}
              />
            )}
          </Tooltip>
        </Flex>
      </Flex>
      {!type && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
          {t('dictionary.selectTypeHint')}
        </Typography.Paragraph>
      )}
      <Table<TDictionaryRecord>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={query.data?.records}
        loading={query.isFetching}
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: query.data?.total ?? 0,
          pageSizeOptions: PAGE_SIZES,
          showSizeChanger: true,
          showTotal: (total) => t('pager.total', { total }),
          onChange: (current, size) => setPage({ current: size === page.size ? current : 1, size }),
        }}
      />
      <DictionaryEntryModal
        open={editing.open}
        entry={editing.entry}
        types={choices}
        defaultType={codeType}
        onClose={() => setEditing({ open: false, entry: null })}
      />
    </Card>
  );
}
