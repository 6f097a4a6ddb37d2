import { DeleteOutlined } from '@ant-design/icons';
import type { TDepartment } from '@portal/domain/dictionaries/rules';
import { CHOICE_CODE_TYPES } from '@portal/domain/hospital-tasks/rules';
import { Button, Flex, Input, Modal, Table, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeptList } from '../../features/dictionaries/api/get-dept-list.ts';
import { LookupState } from '../../features/dictionaries/components/LookupState.tsx';
import { useDictionary } from '../../features/dictionaries/use-dictionary.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';

export interface DepartmentPickerDialogProps {
  open: boolean;
  /** The chosen department codes. */
  value: readonly string[];
  onOk: (codes: string[]) => void;
  onCancel: () => void;
}

/** Departments known by code (the outpatients dictionary), for names of stored codes. */
export function useDepartmentNames() {
  const dictionary = useDictionary(CHOICE_CODE_TYPES.outPatients);
  return useMemo(() => {
    const byCode = new Map<string, TDepartment>();
    for (const e of dictionary.byType[CHOICE_CODE_TYPES.outPatients] ?? [])
      byCode.set(e.code, { deptCode: e.code, deptCnName: e.codeName, deptEnName: e.codeEnName });
    return byCode;
  }, [dictionary]);
}

const nameIn = (d: TDepartment, en: boolean) =>
  en ? d.deptEnName || d.deptCnName : d.deptCnName || d.deptEnName;

/**
 * The department picker (spec section 2): a search box with a button (typing re-queries after
 * 300 ms), the departments found on the left with a selection column, the chosen ones on the
 * right with delete and clear, and the chosen count in the title.
 */
export function DepartmentPickerDialog({ open, value, onOk, onCancel }: DepartmentPickerDialogProps) {
  const { t } = useTranslation();
  const names = useDepartmentNames();
  const [keyword, setKeyword] = useState('');
  const [query, setQuery] = useDebouncedValue(keyword);
  const [chosen, setChosen] = useState<TDepartment[]>([]);
  const found = useDeptList(query);
  // A failed search empties the list (spec section 7).
  const rows = found.isError ? [] : (found.data ?? []);

  // Each opening starts from the field's value.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens
  useEffect(() => {
    if (!open) return;
    setChosen(value.map((code) => names.get(code) ?? { deptCode: code, deptCnName: code, deptEnName: code }));
    setKeyword('');
    setQuery('');
  }, [open]);

  // Names arrive after the dictionary loads.
  useEffect(() => {
    setChosen((prev) =>
      prev.map((d) => (d.deptCnName === d.deptCode && names.get(d.deptCode) ? names.get(d.deptCode)! : d)),
    );
  }, [names]);

  const chosenCodes = chosen.map((d) => d.deptCode);
  const toggle = (rowsChanged: TDepartment[], selected: boolean) =>
    setChosen((prev) => {
      const codes = new Set(rowsChanged.map((r) => r.deptCode));
      const rest = prev.filter((d) => !codes.has(d.deptCode));
      return selected ? [...rest, ...rowsChanged] : rest;
    });

  return (
    <Modal
      open={open}
      title={t('changeTasks.departments.dialogTitle', { count: chosen.length })}
      width={960}
      onCancel={onCancel}
      onOk={() => onOk(chosenCodes)}
      okText={t('changeTasks.departments.confirm')}
      cancelText={t('changeTasks.departments.cancel')}
      destroyOnHidden
    >
      <Flex gap={16} wrap>
        <div style={{ flex: '1 1 420px', minWidth: 0 }}>
          <Input.Search
            aria-label={t('changeTasks.departments.search')}
            placeholder={t('changeTasks.departments.searchPlaceholder')}
            enterButton={t('changeTasks.departments.searchButton')}
            allowClear
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            onSearch={(text) => {
              setKeyword(text);
              setQuery(text);
            }}
            style={{ marginBottom: 12 }}
          />
          <Table<TDepartment>
            size="small"
            rowKey="deptCode"
            loading={found.isFetching}
            dataSource={rows}
            pagination={{ pageSize: 8, showSizeChanger: false, size: 'small' }}
            scroll={{ y: 360 }}
            rowSelection={{
              selectedRowKeys: chosenCodes,
              preserveSelectedRowKeys: true,
              onSelect: (row, selected) => toggle([row], selected),
              onSelectAll: (selected, _all, changed) => toggle(changed, selected),
            }}
            columns={[
              {
                title: t('changeTasks.departments.index'),
                key: 'index',
                width: 64,
                render: (_v, _r, i) => i + 1,
              },
              { title: t('changeTasks.departments.cnName'), dataIndex: 'deptCnName' },
              { title: t('changeTasks.departments.enName'), dataIndex: 'deptEnName' },
            ]}
          />
        </div>
        <div style={{ flex: '1 1 360px', minWidth: 0 }}>
          <Flex justify="space-between" align="center" style={{ marginBottom: 12, minHeight: 32 }}>
            <Typography.Text strong>
              {t('changeTasks.departments.chosen', { count: chosen.length })}
            </Typography.Text>
            <Button size="small" onClick={() => setChosen([])} disabled={chosen.length === 0}>
              {t('changeTasks.departments.clear')}
            </Button>
          </Flex>
          <Table<TDepartment>
            size="small"
            rowKey="deptCode"
            dataSource={chosen}
            pagination={false}
            scroll={{ y: 400 }}
            aria-label={t('changeTasks.departments.chosenTable')}
            columns={[
              {
                title: t('changeTasks.departments.index'),
                key: 'index',
                width: 64,
                render: (_v, _r, i) => i + 1,
              },
              { title: t('changeTasks.departments.cnName'), dataIndex: 'deptCnName' },
              { title: t('changeTasks.departments.enName'), dataIndex: 'deptEnName' },
              {
                title: t('changeTasks.departments.action'),
                key: 'action',
                width: 72,
                render: (_v, row) => (
                  <Button
                    type="link"
                    danger
                    size="small"
                    icon={<DeleteOutlined aria-hidden />}
                    aria-label={t('changeTasks.departments.remove', { name: row.deptCnName })}
                    onClick={() => setChosen((prev) => prev.filter((d) => d.deptCode !== row.deptCode))}
                  />
                ),
              },
            ]}
          />
        </div>
      </Flex>
    </Modal>
  );
}

export interface DepartmentTagsProps {
  value: readonly string[];
  onRemove?: (code: string) => void;
}

/**
 * The chosen departments as tags, named in the current language: a skeleton in a tag while
 * the departments load, one retry message when they cannot, never the bare code.
 */
export function DepartmentTags({ value, onRemove }: DepartmentTagsProps) {
  const { i18n } = useTranslation();
  const en = (i18n.resolvedLanguage ?? i18n.language) === 'en';
  const names = useDepartmentNames();
  const dictionary = useDictionary(CHOICE_CODE_TYPES.outPatients);
  const status = dictionary.statusOf(CHOICE_CODE_TYPES.outPatients);
  if (value.length > 0 && status === 'error')
    return <LookupState status="error" onRetry={dictionary.retry} />;
  return (
    <Flex gap={6} wrap>
      {value.map((code) => {
        const d = names.get(code);
        return (
          <Tag
            key={code}
            closable={Boolean(onRemove)}
            onClose={() => onRemove?.(code)}
            style={{ marginInlineEnd: 0 }}
          >
            {d ? (
              nameIn(d, en)
            ) : status === 'pending' ? (
              <LookupState status="pending" onRetry={dictionary.retry} />
            ) : (
              code
            )}
          </Tag>
        );
      })}
    </Flex>
  );
}
