import { AREA_ROOT_CODE } from '@portal/domain/dictionaries/codes';
import {
  AREA_MAX_LEVEL,
  DICTIONARY_PERMISSIONS,
  EMPTY_AREA_VALUE,
  type TArea,
  type TAreaValue,
} from '@portal/domain/dictionaries/rules';
import { useQueries } from '@tanstack/react-query';
import { Button, Card, Flex, Input, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { useAreaPage } from '../api/area-page.ts';
import { areaChildrenQueryOptions } from '../api/get-address-by-up-code.ts';
import { AreaCascader } from '../components/AreaCascader.tsx';
import { AreaModal, type TAreaEdit } from '../components/AreaModal.tsx';
import { PAGE_SIZES } from '../dictionary-admin.ts';

interface TAreaRow extends TArea {
  children?: TAreaRow[];
}

const LEVEL_COLORS: Record<string, string> = {
  '01': 'purple',
  '02': 'blue',
  '03': 'cyan',
  '04': 'green',
  '05': 'default',
};

/** System > Areas: the area tree loaded level by level, a search, and add/edit. */
export function AreaPage() {
  const { t, i18n } = useTranslation('dictionaries');
  const en = (i18n.resolvedLanguage ?? i18n.language) === 'en';
  const permission = usePermission();
  const [expanded, setExpanded] = useState<string[]>([]);
  const [keyword, setKeyword] = useState('');
  const [searchPage, setSearchPage] = useState({ current: 1, size: 20 });
  const [edit, setEdit] = useState<TAreaEdit | null>(null);
  const [preview, setPreview] = useState<TAreaValue>(EMPTY_AREA_VALUE);
  const searching = keyword.trim() !== '';
  const results = useAreaPage({ ...searchPage, model: { keyword, level: '' } });

  // The root level and every expanded area's children, each cached by its upCode.
  const codes = useMemo(() => [AREA_ROOT_CODE, ...expanded], [expanded]);
  const levels = useQueries({ queries: codes.map((code) => areaChildrenQueryOptions(code)) });
  const stamp = levels.map((q) => q.dataUpdatedAt).join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: stamp changes whenever a level's data does
  const tree = useMemo(() => {
    const children = new Map<string, TArea[]>();
    codes.forEach((code, i) => {
      const data = levels[i]?.data;
      if (data) children.set(code, data);
    });
    const build = (upCode: string): TAreaRow[] =>
      (children.get(upCode) ?? []).map((area) => ({
        ...area,
        children: area.hasChildren ? (children.has(area.code) ? build(area.code) : []) : undefined,
      }));
    return build(AREA_ROOT_CODE);
  }, [codes, stamp]);

  const nameOf = (area: TArea) => (en ? area.enName : area.cnName) || area.cnName;
  const otherName = (area: TArea) => (en ? area.cnName : area.enName);
  const columns: TableColumnsType<TAreaRow> = [
    {
      title: t('fields.name'),
      key: 'name',
      render: (_, area) => (
        <span>
          {nameOf(area)}{' '}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {otherName(area)}
          </Typography.Text>
        </span>
      ),
    },
    { title: t('fields.code'), dataIndex: 'code', width: 130 },
    {
      title: t('fields.level'),
      dataIndex: 'level',
      width: 130,
      render: (level: string) => <Tag color={LEVEL_COLORS[level]}>{t(`levels.${level}`)}</Tag>,
    },
    { title: t('fields.sort'), dataIndex: 'sort', width: 80, align: 'right' },
    {
      title: t('fields.actions'),
      key: 'actions',
      width: 170,
      render: (_, area) => (
        <Space size={0}>
          {permission.has(DICTIONARY_PERMISSIONS.areaEdit) && (
            <Button type="link" size="small" onClick={() => setEdit({ mode: 'edit', area })}>
              {t('actions.edit')}
            </Button>
          )}
          {permission.has(DICTIONARY_PERMISSIONS.areaAdd) && area.level < AREA_MAX_LEVEL && (
            <Button type="link" size="small" onClick={() => setEdit({ mode: 'add', parent: area })}>
              {t('actions.addChild')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <section aria-labelledby="area-page-title">
      <Typography.Title level={3} id="area-page-title" style={{ marginTop: 0 }}>
        {t('areaAdmin.title')}
      </Typography.Title>
      <Card
        title={searching ? t('areaAdmin.searchResults') : t('areaAdmin.tree')}
        extra={
          <Flex gap={8} wrap>
            <Input.Search
              aria-label={t('areaAdmin.searchPlaceholder')}
              placeholder={t('areaAdmin.searchPlaceholder')}
              allowClear
              enterButton={t('actions.search')}
              style={{ width: 320 }}
              onSearch={(value) => {
                setKeyword(value.trim());
                setSearchPage((p) => ({ ...p, current: 1 }));
              }}
            />
            {searching && <Button onClick={() => setKeyword('')}>{t('areaAdmin.backToTree')}</Button>}
            {permission.has(DICTIONARY_PERMISSIONS.areaAdd) && (
              <Button type="primary" onClick={() => setEdit({ mode: 'add', parent: null })}>
                {t('areaAdmin.addContinent')}
              </Button>
            )}
          </Flex>
        }
      >
        {searching ? (
          <Table<TAreaRow>
            rowKey="code"
            size="small"
            columns={columns}
            dataSource={results.data?.records}
            loading={results.isFetching}
            pagination={{
              current: searchPage.current,
              pageSize: searchPage.size,
              total: results.data?.total ?? 0,
              pageSizeOptions: PAGE_SIZES,
              showSizeChanger: true,
              showTotal: (total) => t('pager.total', { total }),
              onChange: (current, size) => setSearchPage({ current, size }),
            }}
          />
        ) : (
          <Table<TAreaRow>
            rowKey="code"
            size="small"
            columns={columns}
            dataSource={tree}
            loading={levels.some((q) => q.isFetching)}
            pagination={false}
            expandable={{
              expandedRowKeys: expanded,
              onExpand: (open, area) =>
                setExpanded((keys) => (open ? [...keys, area.code] : keys.filter((k) => k !== area.code))),
            }}
          />
        )}
      </Card>
      <Card title={t('areaAdmin.preview')} style={{ marginTop: 16 }}>
        <Typography.Paragraph type="secondary">{t('areaAdmin.previewHint')}</Typography.Paragraph>
        <AreaCascader value={preview} onChange={setPreview} />
        <Typography.Paragraph style={{ marginTop: 12, marginBottom: 0 }} data-testid="area-preview-value">
          {t('areaAdmin.previewValue', {
            continent: preview.continent || '-',
            country: preview.country || '-',
            provinceCity: preview.provinceCity.join(' / ') || '-',
          })}
        </Typography.Paragraph>
      </Card>
      <AreaModal edit={edit} onClose={() => setEdit(null)} />
    </section>
  );
}
