import { ORGANISATION_TYPE, type TOrganisationNode } from '@portal/domain/organisations/rules';
import { TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOrganisationTree } from '../api/organisation-tree.ts';

interface TTreeData {
  value: string;
  title: string;
  children: TTreeData[];
}

const toTreeData = (nodes: TOrganisationNode[], lang: 'zh' | 'en'): TTreeData[] =>
  nodes.map((n) => ({
    value: n.id,
    title: `${lang === 'en' ? n.nameEn : n.name} · ${ORGANISATION_TYPE[n.orgType]?.[lang] ?? n.orgType}`,
    children: toTreeData(n.children, lang),
  }));

type TPickerProps =
  | { multiple?: false; value?: string | null; onChange?: (value: string | null) => void; id?: string }
  | { multiple: true; value?: string[]; onChange?: (value: string[]) => void; id?: string };

/**
 * Picks one organisation (a user's) or several (a role's custom data scope) from the tenant's
 * tree; used as a form control.
 */
export function OrganisationPicker(props: TPickerProps) {
  const { t, i18n } = useTranslation('organisations');
  const lang = (i18n.resolvedLanguage ?? i18n.language) === 'en' ? 'en' : 'zh';
  const tree = useOrganisationTree();
  const common = {
    id: props.id,
    treeData: toTreeData(tree.data ?? [], lang),
    loading: tree.isLoading,
    treeDefaultExpandAll: true,
    showSearch: true,
    treeNodeFilterProp: 'title',
    allowClear: true,
    placeholder: t('picker.placeholder'),
    notFoundContent: tree.isLoading ? t('picker.loading') : t('picker.empty'),
    style: { width: '100%' },
  };
  if (props.multiple)
    return (
      <TreeSelect
        {...common}
        multiple
        value={props.value ?? []}
        onChange={(v: string[]) => props.onChange?.(v)}
      />
    );
  return (
    <TreeSelect
      {...common}
      value={props.value ?? undefined}
      onChange={(v: string | undefined) => props.onChange?.(v ?? null)}
    />
  );
}
