import { LinkOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { TKnowledgeItem } from '@portal/domain/knowledge/api';
import { KNOWLEDGE_KINDS, type TKnowledgeKind } from '@portal/domain/knowledge/rules';
import { Button, Card, Flex, Input, Table, type TableColumnsType, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Pager } from '../../../components/pager/Pager.tsx';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { CodeLabel } from '../../dictionaries/components/CodeLabel.tsx';
import { ADD_PERMISSION } from '../api/add-knowledge.ts';
import { BONDING_SAVE } from '../api/bonding.ts';
import { useKnowledgeList } from '../api/knowledge-list.ts';

export const ADD_PATHS = {
  symptom: '/drsystem/info/add/symptom',
  disease: '/drsystem/info/add/disease',
  treatment: '/drsystem/info/add/treatment',
} as const;
export const bondingPath = (id: string) => `/drsystem/system/symptom/bondingdisease/${id}`;

function KnowledgeTable({ kind }: { kind: TKnowledgeKind }) {
  const { t, i18n } = useTranslation('knowledge');
  const en = i18n.language === 'en';
  const navigate = useNavigate();
  const { has } = usePermission();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ current: 1, size: 10 });
  const query = useKnowledgeList({ ...page, model: { kind, keyword } });
  const columns: TableColumnsType<TKnowledgeItem> = [
    { key: 'code', title: t('kb.columns.code'), width: 130, render: (_, r) => r.code },
    { key: 'level', title: t('kb.columns.level'), width: 90, render: (_, r) => t(`kb.level.${r.level}`) },
    { key: 'cnName', title: t('kb.columns.cnName'), render: (_, r) => r.cnName },
    { key: 'enName', title: t('kb.columns.enName'), render: (_, r) => r.enName },
    { key: 'parent', title: t('kb.columns.parent'), width: 130, render: (_, r) => r.parentCode || '-' },
    {
      key: 'departments',
      title: t('kb.columns.departments'),
      render: (_, r) => <CodeLabel codeType="outpatients" codes={r.departments} />,
    },
  ];
  if (kind !== 'treatment') {
    columns.push({
      key: 'bonds',
      title: t(`kb.columns.bonds.${kind}`),
      width: 110,
      render: (_, r) => r.bondCount,
    });
  }
  if (kind === 'symptom' && has(BONDING_SAVE)) {
    columns.push({
      key: 'actions',
      title: t('kb.columns.actions'),
      width: 140,
      render: (_, r) => (
        <Button type="link" icon={<LinkOutlined aria-hidden />} onClick={() => navigate(bondingPath(r.id))}>
          {t('kb.bond')}
        </Button>
      ),
    });
  }
  return (
    <>
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          maxLength={100}
          placeholder={t('kb.keyword')}
          aria-label={t('kb.keyword')}
          enterButton={<SearchOutlined aria-label={t('search.submit')} />}
          style={{ maxWidth: 360 }}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPage((p) => ({ ...p, current: 1 }));
          }}
        />
        {has(ADD_PERMISSION[kind]) && (
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => navigate(ADD_PATHS[kind])}
          >
            {t(`kb.add.${kind}`)}
          </Button>
        )}
      </Flex>
      <Table<TKnowledgeItem>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={query.data?.records ?? []}
        loading={query.isFetching}
        pagination={false}
        scroll={{ x: 800 }}
        aria-label={en ? `${kind} base` : undefined}
      />
      <Pager
        current={page.current}
        pageSize={page.size}
        total={query.data?.total ?? 0}
        onChange={(current, size) => setPage({ current, size })}
      />
    </>
  );
}

/** /drsystem/system/knowledge: the symptom, disease and treatment bases (three levels each). */
export function KnowledgePage() {
  const { t } = useTranslation('knowledge');
  return (
    <section aria-labelledby="knowledge-title">
      <Typography.Title level={3} id="knowledge-title">
        {t('kb.title')}
      </Typography.Title>
      <Card>
        <Tabs
          items={KNOWLEDGE_KINDS.map((kind) => ({
            key: kind,
            label: t(`kb.kinds.${kind}`),
            children: <KnowledgeTable kind={kind} />,
          }))}
        />
      </Card>
    </section>
  );
}
