import type { TMenuTreeNode } from '@portal/domain/roles/rules';
import { Tag, Tree, type TreeDataNode, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { menuKey, resourceKey } from './grant-tree.ts';

export interface GrantTreeProps {
  tree: TMenuTreeNode[];
  checked: string[];
  onChange: (checked: string[]) => void;
  disabled?: boolean;
}

/** The menus and their resources with tri-state checkboxes (checking a menu checks what is under it). */
export function GrantTree({ tree, checked, onChange, disabled }: GrantTreeProps) {
  const { t, i18n } = useTranslation('roles');
  const en = (i18n.resolvedLanguage ?? i18n.language) === 'en';
  const data = useMemo<TreeDataNode[]>(() => {
    const build = (nodes: TMenuTreeNode[]): TreeDataNode[] =>
      nodes.map((node) => ({
        key: menuKey(node.id),
        title: (
          <span>
            {en ? node.titleEn : node.title}
            {node.hidden && (
              <Tag style={{ marginInlineStart: 6 }} bordered={false}>
                {t('tree.hiddenPage')}
              </Tag>
            )}
          </span>
        ),
        children: [
          ...node.resources.map((r) => ({
            key: resourceKey(r.code),
            isLeaf: true,
            title: (
              <span>
                {en ? r.nameEn : r.name}{' '}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {r.code}
                </Typography.Text>
              </span>
            ),
          })),
          ...build(node.children),
        ],
      }));
    return build(tree);
  }, [tree, en, t]);

  return (
    <Tree
      checkable
      selectable={false}
      defaultExpandAll
      disabled={disabled}
      treeData={data}
      checkedKeys={checked}
      onCheck={(keys) => onChange((Array.isArray(keys) ? keys : keys.checked).map(String))}
      aria-label={t('tree.label')}
      style={{
        maxHeight: 420,
        overflow: 'auto',
        border: '1px solid var(--ant-color-border-secondary, #f0f0f0)',
        padding: 8,
        borderRadius: 6,
      }}
    />
  );
}
