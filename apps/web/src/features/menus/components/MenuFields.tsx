import { MENU_COMPONENT_KEYS } from '@portal/domain/menus/page-components';
import { CONTAINER_COMPONENTS } from '@portal/domain/menus/paths';
import { type TAdminMenu, ZMenuCreate } from '@portal/domain/menus/rules';
import { Checkbox, Form, Input, InputNumber, Select, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/use-language.ts';
import { zodRule } from '../../../lib/zod-form.ts';
import { MENU_ICONS, MenuIcon } from '../../../shell/MenuIcon.tsx';

/** The values of the entry form (create and edit). */
export interface TMenuForm {
  name?: string;
  parentId: string | null;
  path: string;
  component: string;
  redirect: string;
  title: string;
  titleEn: string;
  icon: string;
  hidden: boolean;
  noCache: boolean;
  alwaysShow: boolean;
  sortOrder: number;
}

const ICON_OPTIONS = Object.keys(MENU_ICONS)
  .sort()
  .map((name) => ({
    value: name,
    label: (
      <span>
        <MenuIcon name={name} /> {name}
      </span>
    ),
  }));
const COMPONENT_OPTIONS = MENU_COMPONENT_KEYS.map((key) => ({ value: key, label: key }));

interface TParentNode {
  value: string;
  title: string;
  children: TParentNode[];
  disabled?: boolean;
}

/** The tree of possible parents: every entry of the group but `exceptId` and what is below it. */
export function parentOptions(nodes: TAdminMenu[], lang: 'zh' | 'en', exceptId?: string): TParentNode[] {
  return nodes
    .filter((n) => n.id !== exceptId)
    .map((n) => ({
      value: n.id,
      title: lang === 'en' ? n.titleEn : n.title,
      children: parentOptions(n.children, lang, exceptId),
    }));
}

/** The fields of a menu entry; `fixed` locks what a built-in entry keeps. */
export function MenuFields({
  tree,
  creating,
  fixed,
  exceptId,
}: {
  tree: TAdminMenu[];
  creating: boolean;
  fixed: boolean;
  exceptId?: string;
}) {
  const { t } = useTranslation('menus');
  const lang = useLanguage();
  const component = Form.useWatch<string>('component');
  const isFolder = CONTAINER_COMPONENTS.has(component ?? '');
  return (
    <>
      {creating && (
        <Form.Item name="name" label={t('fields.name')} required rules={[zodRule(ZMenuCreate.shape.name)]}>
          <Input maxLength={64} autoComplete="off" />
        </Form.Item>
      )}
      <Form.Item name="title" label={t('fields.title')} required rules={[zodRule(ZMenuCreate.shape.title)]}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item
        name="titleEn"
        label={t('fields.titleEn')}
        required
        rules={[zodRule(ZMenuCreate.shape.titleEn)]}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="parentId" label={t('fields.parent')}>
        <TreeSelect
          allowClear
          disabled={fixed}
          treeData={parentOptions(tree, lang, exceptId)}
          placeholder={t('fields.topLevel')}
          treeDefaultExpandAll
        />
      </Form.Item>
      <Form.Item
        name="path"
        label={t('fields.path')}
        required
        extra={t('hints.path')}
        rules={[zodRule(ZMenuCreate.shape.path)]}
      >
        <Input maxLength={300} disabled={fixed} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="component"
        label={t('fields.component')}
        required
        rules={[zodRule(ZMenuCreate.shape.component)]}
      >
        <Select showSearch options={COMPONENT_OPTIONS} disabled={fixed} />
      </Form.Item>
      {isFolder && (
        <Form.Item name="redirect" label={t('fields.redirect')} rules={[zodRule(ZMenuCreate.shape.redirect)]}>
          <Input maxLength={300} disabled={fixed} />
        </Form.Item>
      )}
      <Form.Item name="icon" label={t('fields.icon')}>
        <Select allowClear showSearch options={ICON_OPTIONS} placeholder={t('fields.noIcon')} />
      </Form.Item>
      <Form.Item
        name="sortOrder"
        label={t('fields.sortOrder')}
        rules={[zodRule(ZMenuCreate.shape.sortOrder)]}
      >
        <InputNumber min={0} max={9999} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="hidden" valuePropName="checked" noStyle>
        <Checkbox>{t('fields.hidden')}</Checkbox>
      </Form.Item>
      <Form.Item name="noCache" valuePropName="checked" noStyle>
        <Checkbox>{t('fields.noCache')}</Checkbox>
      </Form.Item>
      <Form.Item name="alwaysShow" valuePropName="checked" noStyle>
        <Checkbox>{t('fields.alwaysShow')}</Checkbox>
      </Form.Item>
    </>
  );
}
