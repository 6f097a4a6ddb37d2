import {
  DEPARTMENT_CODE_TYPE,
  DICTIONARY_KINDS,
  DICTIONARY_PERMISSIONS,
  type TDictionaryKind,
  type TDictionaryTypeRecord,
} from '@portal/domain/dictionaries/rules';
import {
  App,
  Button,
  Card,
  Flex,
  Input,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { useDeleteDictionaryTypes } from '../api/delete-dictionary-types.ts';
import { useDictionaryTypePage } from '../api/dictionary-type-page.ts';
import { PAGE_SIZES } from '../dictionary-admin.ts';
import { DictionaryTypeModal } from './DictionaryTypeModal.tsx';

export interface DictionaryTypesCardProps {
  selected: TDictionaryTypeRecord | null;
  onSelect: (type: TDictionaryTypeRecord | null) => void;
}

interface TFilter {
  codeType: string;
  name: string;
  kind: TDictionaryKind | '';
}
const EMPTY_FILTER: TFilter = { codeType: '', name: '', kind: '' };

/** Code types: paged search, add, edit and delete; a click picks the type whose entries show. */
export function DictionaryTypesCard({ selected, onSelect }: DictionaryTypesCardProps) {
  const { t, i18n } = useTranslation('dictionaries');
  const en = (i18n.resolvedLanguage ?? i18n.language) === 'en';
  const { modal, message } = App.useApp();
  const permission = usePermission();
  const [draft, setDraft] = useState<TFilter>(EMPTY_FILTER);
  const [filter, setFilter] = useState<TFilter>(EMPTY_FILTER);
  const [page, setPage] = useState({ current: 1, size: 10 });
  const [editing, setEditing] = useState<{ open: boolean; type: TDictionaryTypeRecord | null }>({
    open: false,
    type: null,
  });
  const query = useDictionaryTypePage({ ...page, model: filter });
  const remove = useDeleteDictionaryTypes();

  const nameOf = (type: TDictionaryTypeRecord) => (en ? type.nameEn : type.name) || type.name;
  const deleteBlock = (type: TDictionaryTypeRecord): string | null => {
    if (type.kind === 'codeTable') return t('messages.codeTableNoDelete');
    if (type.codeType === DEPARTMENT_CODE_TYPE) return t('messages.builtInType');
    if (type.entryCount > 0) return t('messages.typeNotEmpty');
    return null;
  };
  const confirmDelete = (type: TDictionaryTypeRecord) =>
    modal.confirm({
      title: t('confirm.deleteTitle'),
      content: t('confirm.deleteType', { name: nameOf(type) }),
      okText: t('confirm.ok'),
      cancelText: t('confirm.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await remove.mutateAsync([type.id]);
        message.success(t('messages.deleted'));
        if (selected?.id === type.id) onSelect(null);
      },
    });

  const columns: TableColumnsType<TDictionaryTypeRecord> = [
    { title: t('fields.codeType'), dataIndex: 'codeType', ellipsis: true },
    { title: t('fields.typeName'), key: 'name', render: (_, type) => nameOf(type), ellipsis: true },
    {
      title: t('fields.kind'),
      dataIndex: 'kind',
      width: 96,
      render: (kind: TDictionaryKind) => (
        <Tag color={kind === 'codeTable' ? 'gold' : 'blue'}>{t(`kind.${kind}`)}</Tag>
      ),
    },
    { title: t('fields.entryCount'), dataIndex: 'entryCount', width: 90, align: 'right' },
    {
      title: t('fields.actions'),
      key: 'actions',
      width: 120,
      render: (_, type) => {
        const blocked = deleteBlock(type);
        return (
          <Space size={0} onClick={(event) => event.stopPropagation()}>
            {permission.has(DICTIONARY_PERMISSIONS.edit) && (
              <Button type="link" size="small" onClick={() => setEditing({ open: true, type })}>
                {t('actions.edit')}
              </Button>
            )}
            {permission.has(DICTIONARY_PERMISSIONS.delete) && (
              <Tooltip title={blocked}>
                <Button
                  type="link"
                  size="small"
                  danger
                  disabled={blocked !== null}
                  onClick={() => confirmDelete(type)}
                >
                  {t('actions.delete')}
                </Button>
              </Tooltip>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <Card
      title={t('dictionary.types')}
      extra={
        permission.has(DICTIONARY_PERMISSIONS.add) && (
          <Button type="primary" onClick={() => setEditing({ open: true, type: null })}>
            {t('actions.add')}
          </Button>
        )
      }
    >
      <Flex gap={8} wrap style={{ marginBottom: 12 }} role="search">
        <Input
          aria-label={t('fields.codeType')}
          placeholder={t('fields.codeType')}
          value={draft.codeType}
          onChange={(event) => setDraft({ ...draft, codeType: event.target.value })}
          onPressEnter={() => {
            setFilter(draft);
            setPage((p) => ({ ...p, current: 1 }));
          }}
          style={{ width: 150 }}
          allowClear
        />
        <Input
          aria-label={t('fields.typeName')}
          placeholder={t('fields.typeName')}
          value={draft.name}
          onChange={(event) => setDraft({ ...draft, name: event.target.value })}
          onPressEnter={() => {
            setFilter(draft);
            setPage((p) => ({ ...p, current: 1 }));
          }}
          style={{ width: 150 }}
          allowClear
        />
        <Select
          aria-label={t('fields.kind')}
          placeholder={t('fields.kind')}
          value={draft.kind || undefined}
          onChange={(kind) => setDraft({ ...draft, kind: kind ?? '' })}
          options={DICTIONARY_KINDS.map((kind) => ({ value: kind, label: t(`kind.${kind}`) }))}
          style={{ width: 110 }}
          allowClear
        />
        <Button
          type="primary"
          onClick={() => {
            setFilter(draft);
            setPage((p) => ({ ...p, current: 1 }));
          }}
        >
          {t('actions.search')}
        </Button>
        <Button
          onClick={() => {
            setDraft(EMPTY_FILTER);
            setFilter(EMPTY_FILTER);
            setPage((p) => ({ ...p, current: 1 }));
          }}
        >
          {t('actions.reset')}
        </Button>
      </Flex>
      <Table<TDictionaryTypeRecord>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={query.data?.records}
        loading={query.isFetching}
        onRow={(type) => ({
          onClick: () => onSelect(selected?.id === type.id ? null : type),
          style: { cursor: 'pointer' },
        })}
        rowClassName={(type) => (type.id === selected?.id ? 'ant-table-row-selected' : '')}
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
      <DictionaryTypeModal
        open={editing.open}
        type={editing.type}
        onClose={() => setEditing({ open: false, type: null })}
      />
    </Card>
  );
}
