import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ORGANISATION_PERMISSIONS,
  ORGANISATION_TYPE,
  type TOrganisationNode,
} from '@portal/domain/organisations/rules';
import { Button, Card, Empty, Flex, Result, Space, Spin, Tag, Tree, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { feedback } from '../../../lib/feedback.ts';
import { useDeleteOrganisation } from '../api/organisation-changes.ts';
import { useOrganisationTree } from '../api/organisation-tree.ts';
import { OrganisationDrawer } from '../components/OrganisationDrawer.tsx';

interface TTreeNode {
  key: string;
  node: TOrganisationNode;
  children: TTreeNode[];
}
const toTree = (nodes: TOrganisationNode[]): TTreeNode[] =>
  nodes.map((node) => ({ key: node.id, node, children: toTree(node.children) }));
const allKeys = (nodes: TOrganisationNode[]): string[] =>
  nodes.flatMap((n) => [n.id, ...allKeys(n.children)]);

const TYPE_COLOURS = { dept: 'blue', provider_group: 'purple', region: 'green' } as const;

function OrganisationTree() {
  const { t, i18n } = useTranslation('organisations');
  const lang = (i18n.resolvedLanguage ?? i18n.language) === 'en' ? 'en' : 'zh';
  const can = usePermission();
  const tree = useOrganisationTree();
  const remove = useDeleteOrganisation();
  const [drawer, setDrawer] = useState<{
    open: boolean;
    organisation: TOrganisationNode | null;
    parent: TOrganisationNode | null;
  }>({ open: false, organisation: null, parent: null });
  const nameOf = (n: TOrganisationNode) => (lang === 'en' ? n.nameEn : n.name);

  const onDelete = async (node: TOrganisationNode) => {
    const ok = await feedback.confirm({
      title: t('confirm.deleteTitle', { name: nameOf(node) }),
      content: t('confirm.deleteContent'),
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      danger: true,
    });
    if (!ok) return;
    await remove.mutateAsync({ id: node.id }).then(
      () => feedback.success(t('done.deleted', { name: nameOf(node) })),
      () => undefined,
    );
  };

  const title = (node: TOrganisationNode) => (
    <Flex gap={8} align="center" wrap className="org-node" data-org={node.nameEn}>
      <Typography.Text strong>{nameOf(node)}</Typography.Text>
      <Tag color={TYPE_COLOURS[node.orgType]}>{ORGANISATION_TYPE[node.orgType]?.[lang] ?? node.orgType}</Tag>
      <Typography.Text type="secondary">{t('node.users', { count: node.userCount })}</Typography.Text>
      {node.providerIds.length > 0 && (
        <Typography.Text type="secondary">
          {t('node.providers', { list: node.providerIds.join(', ') })}
        </Typography.Text>
      )}
      <Space size={0}>
        {can.has(ORGANISATION_PERMISSIONS.ADD) && (
          <Button
            type="link"
            size="small"
            icon={<PlusOutlined />}
            aria-label={`${t('actions.addChild')} ${nameOf(node)}`}
            onClick={(e) => {
              e.stopPropagation();
              setDrawer({ open: true, organisation: null, parent: node });
            }}
          >
            {t('actions.addChild')}
          </Button>
        )}
        {can.has(ORGANISATION_PERMISSIONS.EDIT) && (
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            aria-label={`${t('actions.edit')} ${nameOf(node)}`}
            onClick={(e) => {
              e.stopPropagation();
              setDrawer({ open: true, organisation: node, parent: null });
            }}
          >
            {t('actions.edit')}
          </Button>
        )}
        {can.has(ORGANISATION_PERMISSIONS.DELETE) && (
          <Button
            type="link"
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={`${t('actions.delete')} ${nameOf(node)}`}
            onClick={(e) => {
              e.stopPropagation();
              void onDelete(node);
            }}
          >
            {t('actions.delete')}
          </Button>
        )}
      </Space>
    </Flex>
  );

  return (
    <>
      {can.has(ORGANISATION_PERMISSIONS.ADD) && (
        <Flex gap={8} style={{ marginBottom: 16 }}>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDrawer({ open: true, organisation: null, parent: null })}
          >
            {t('actions.addRoot')}
          </Button>
        </Flex>
      )}
      {tree.isLoading ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      ) : (tree.data ?? []).length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
      ) : (
        <Tree<TTreeNode>
          blockNode
          selectable={false}
          showLine
          defaultExpandedKeys={allKeys(tree.data ?? [])}
          key={allKeys(tree.data ?? []).join()}
          treeData={toTree(tree.data ?? [])}
          titleRender={(n) => title(n.node)}
          aria-label={t('title')}
        />
      )}
      <OrganisationDrawer
        open={drawer.open}
        organisation={drawer.organisation}
        parent={drawer.parent}
        onClose={() => setDrawer({ open: false, organisation: null, parent: null })}
      />
    </>
  );
}

/** The organisation administration screen: visible with authority:org:view only (the server checks it too). */
export function OrganisationPage() {
  const { t } = useTranslation('organisations');
  if (!usePermission().has(ORGANISATION_PERMISSIONS.VIEW))
    return <Result status="403" title="403" subTitle={t('forbidden')} />;
  return (
    <Card title={t('title')}>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <OrganisationTree />
    </Card>
  );
}
