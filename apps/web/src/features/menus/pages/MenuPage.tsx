import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  PlusOutlined,
  SaveOutlined,
} from '@ant-design/icons';
import { CONTAINER_COMPONENTS } from '@portal/domain/menus/paths';
import {
  MENU_GROUP_CODES,
  MENU_GROUPS,
  MENU_PERMISSIONS,
  type TAdminMenu,
  type TMenuGroup,
} from '@portal/domain/menus/rules';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Flex,
  Form,
  Modal,
  Result,
  Row,
  Segmented,
  Skeleton,
  Space,
  Tag,
  Tree,
  Typography,
} from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/load-failed/LoadFailed.tsx';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { feedback } from '../../../lib/feedback.ts';
import { ApiError, errorMessage } from '../../../lib/http.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { applyServerFieldErrors } from '../../../lib/zod-form.ts';
import { MenuIcon } from '../../../shell/MenuIcon.tsx';
import { useCreateMenu, useDeleteMenu, useEditMenu, useReorderMenus } from '../api/menu-changes.ts';
import { useMenuTree } from '../api/menu-tree.ts';
import { MenuFields, type TMenuForm } from '../components/MenuFields.tsx';
import { ResourceList } from '../components/ResourceList.tsx';

const reportError = (error: unknown) => {
  if (!(error instanceof ApiError && error.notified)) feedback.error(errorMessage(error));
};

/** Every entry of the tree by id, and each one's siblings (for moving up and down). */
function indexTree(nodes: TAdminMenu[]) {
  const byId = new Map<string, TAdminMenu>();
  const siblingsOf = new Map<string, TAdminMenu[]>();
  const walk = (level: TAdminMenu[]) => {
    for (const node of level) {
      byId.set(node.id, node);
      siblingsOf.set(node.id, level);
      walk(node.children);
    }
  };
  walk(nodes);
  return { byId, siblingsOf };
}

const formValues = (m: TAdminMenu): TMenuForm => ({
  parentId: m.parentId,
  path: m.path,
  component: m.component,
  redirect: m.redirect,
  title: m.title,
  titleEn: m.titleEn,
  icon: m.icon,
  hidden: m.hidden,
  noCache: m.noCache,
  alwaysShow: m.alwaysShow,
  sortOrder: m.sortOrder,
});

const toBody = (values: TMenuForm, group: TMenuGroup) => ({
  parentId: values.parentId ?? null,
  menuGroup: group,
  path: values.path?.trim() ?? '',
  component: values.component ?? '',
  redirect: values.redirect ?? '',
  title: values.title ?? '',
  titleEn: values.titleEn ?? '',
  icon: values.icon ?? '',
  hidden: values.hidden ?? false,
  noCache: values.noCache ?? false,
  alwaysShow: values.alwaysShow ?? false,
  sortOrder: values.sortOrder ?? 0,
});

/** The selected entry: its fields to edit, its place to change, its permissions. */
function MenuDetail({ menu, tree, group }: { menu: TAdminMenu; tree: TAdminMenu[]; group: TMenuGroup }) {
  const { t } = useTranslation('menus');
  const lang = useLanguage();
  const permission = usePermission();
  const [form] = Form.useForm<TMenuForm>();
  const edit = useEditMenu();
  const remove = useDeleteMenu();
  const mayEdit = permission.has(MENU_PERMISSIONS.EDIT);
  const title = lang === 'en' ? menu.titleEn : menu.title;

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(formValues(menu));
  }, [menu, form]);

  const submit = async (values: TMenuForm) => {
    try {
      await edit.mutateAsync({ id: menu.id, version: menu.version, ...toBody(values, group) });
      feedback.success(t('messages.saved', { title: lang === 'en' ? values.titleEn : values.title }));
    } catch (error) {
      if (!applyServerFieldErrors(form, error)) reportError(error);
    }
  };

  const onDelete = async () => {
    const confirmed = await feedback.confirm({
      title: t('messages.deleteTitle', { title }),
      content: t('messages.deleteConfirm'),
      okText: t('common:actions.confirm'),
      cancelText: t('common:actions.cancel'),
      danger: true,
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync({ id: menu.id });
      feedback.success(t('messages.deleted', { title }));
    } catch (error) {
      reportError(error);
    }
  };

  return (
    <Flex vertical gap={16}>
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('fields.name')}>{menu.name}</Descriptions.Item>
        <Descriptions.Item label={t('fields.fullPath')}>
          <Typography.Text code>{menu.fullPath}</Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      {menu.builtIn && <Alert type="info" showIcon title={t('hints.builtIn')} />}
      <Form<TMenuForm>
        form={form}
        name="menu-edit"
        layout="vertical"
        disabled={!mayEdit || edit.isPending}
        onFinish={submit}
      >
        <MenuFields tree={tree} creating={false} fixed={menu.builtIn} exceptId={menu.id} />
        <Flex gap={8} style={{ marginTop: 16 }}>
          {mayEdit && (
            <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={edit.isPending}>
              {t('actions.save')}
            </Button>
          )}
          {permission.has(MENU_PERMISSIONS.DELETE) && !menu.builtIn && (
            <Button
              danger
              icon={<DeleteOutlined />}
              loading={remove.isPending}
              onClick={() => void onDelete()}
            >
              {t('actions.delete')}
            </Button>
          )}
        </Flex>
      </Form>
      {CONTAINER_COMPONENTS.has(menu.component) ? (
        <Typography.Text type="secondary">{t('resources.folder')}</Typography.Text>
      ) : (
        <ResourceList menu={menu} />
      )}
    </Flex>
  );
}

/** The dialog that adds an entry under `parent` (null: at the top level). */
function AddMenuDialog({
  open,
  parent,
  tree,
  group,
  onClose,
  onAdded,
}: {
  open: boolean;
  parent: TAdminMenu | null;
  tree: TAdminMenu[];
  group: TMenuGroup;
  onClose: () => void;
  onAdded: (name: string) => void;
}) {
  const { t } = useTranslation('menus');
  const lang = useLanguage();
  const [form] = Form.useForm<TMenuForm>();
  const create = useCreateMenu();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({
      parentId: parent?.id ?? null,
      component: parent ? 'system/user/index' : 'Layout',
      hidden: false,
      noCache: false,
      alwaysShow: false,
      sortOrder: ((parent ? parent.children : tree).length + 1) * 10,
      icon: '',
      redirect: '',
    });
  }, [open, parent, tree, form]);

  const submit = async (values: TMenuForm) => {
    try {
      await create.mutateAsync({ name: values.name?.trim() ?? '', ...toBody(values, group) });
      feedback.success(t('messages.created', { title: lang === 'en' ? values.titleEn : values.title }));
      onAdded(values.name?.trim() ?? '');
      onClose();
    } catch (error) {
      if (!applyServerFieldErrors(form, error)) reportError(error);
    }
  };

  return (
    <Modal
      open={open}
      title={t('add.title')}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      width={640}
      forceRender
    >
      <Typography.Paragraph type="secondary">
        {parent ? t('add.under', { title: lang === 'en' ? parent.titleEn : parent.title }) : t('add.top')}
      </Typography.Paragraph>
      <Form<TMenuForm> form={form} name="menu-add" layout="vertical" onFinish={submit}>
        <MenuFields tree={tree} creating fixed={false} />
      </Form>
    </Modal>
  );
}

function MenuEditor() {
  const { t } = useTranslation('menus');
  const lang = useLanguage();
  const permission = usePermission();
  const [group, setGroup] = useState<TMenuGroup>('default');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [pendingName, setPendingName] = useState<string | null>(null);
  const [adding, setAdding] = useState<{ parent: TAdminMenu | null } | null>(null);
  const query = useMenuTree(group);
  const reorder = useReorderMenus();
  const tree = query.data ?? [];
  const { byId, siblingsOf } = useMemo(() => indexTree(tree), [tree]);
  const selected = selectedId ? (byId.get(selectedId) ?? null) : null;
  const mayAdd = permission.has(MENU_PERMISSIONS.ADD);
  const mayEdit = permission.has(MENU_PERMISSIONS.EDIT);
  const treeBox = useRef<HTMLDivElement>(null);

  // The tree's box scrolls: keyboard users reach it as a named region (axe scrollable-region-focusable).
  useEffect(() => {
    const box = treeBox.current;
    if (!box) return;
    box.tabIndex = 0;
    box.setAttribute('role', 'region');
    box.setAttribute('aria-label', t('tree'));
  });

  // An entry just added is selected once the tree shows it.
  useEffect(() => {
    if (!pendingName) return;
    const added = [...byId.values()].find((m) => m.name === pendingName);
    if (added) {
      setSelectedId(added.id);
      setPendingName(null);
    }
  }, [pendingName, byId]);

  const treeData = useMemo(() => {
    const toNode = (m: TAdminMenu): { key: string; title: React.ReactNode; children: unknown[] } => ({
      key: m.id,
      title: (
        <Space size={4}>
          <MenuIcon name={m.icon} />
          <span>{lang === 'en' ? m.titleEn : m.title}</span>
          {m.hidden && <Tag color="default">{t('tags.hidden')}</Tag>}
          {m.builtIn && <Tag color="blue">{t('tags.builtIn')}</Tag>}
        </Space>
      ),
      children: m.children.map(toNode),
    });
    return tree.map(toNode);
  }, [tree, lang, t]);

  const move = async (delta: -1 | 1) => {
    if (!selected) return;
    const siblings = siblingsOf.get(selected.id) ?? [];
    const index = siblings.findIndex((s) => s.id === selected.id);
    const target = index + delta;
    if (target < 0 || target >= siblings.length) return;
    const ids = siblings.map((s) => s.id);
    [ids[index], ids[target]] = [ids[target], ids[index]];
    try {
      await reorder.mutateAsync({ parentId: selected.parentId, menuGroup: group, ids });
      feedback.success(t('messages.moved'));
    } catch (error) {
      reportError(error);
    }
  };

  if (query.isError)
    return (
      <LoadFailed
        error={query.error}
        title={t('loadFailed')}
        onRetry={() => void query.refetch()}
        backTo="/dashboard"
        backLabel={t('back')}
      />
    );

  const siblings = selected ? (siblingsOf.get(selected.id) ?? []) : [];
  const position = selected ? siblings.findIndex((s) => s.id === selected.id) : -1;

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Space>
          <Typography.Text>{t('group')}</Typography.Text>
          <Segmented<TMenuGroup>
            value={group}
            onChange={(value) => {
              setGroup(value);
              setSelectedId(null);
            }}
            options={MENU_GROUP_CODES.map((code) => ({ value: code, label: MENU_GROUPS[code][lang] }))}
          />
        </Space>
        {mayAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding({ parent: null })}>
            {t('actions.addTop')}
          </Button>
        )}
      </Flex>
      <Row gutter={16}>
        <Col xs={24} lg={9}>
          <Card size="small" title={t('tree')}>
            {query.isPending ? (
              <Skeleton active />
            ) : tree.length === 0 ? (
              <Empty description={t('empty')} />
            ) : (
              // The tree scrolls in its own box, so the chosen entry's form stays beside it.
              <div
                ref={treeBox}
                style={{ maxHeight: 'calc(100vh - 300px)', minHeight: 240, overflow: 'auto' }}
              >
                <Tree
                  blockNode
                  defaultExpandAll
                  treeData={treeData as never}
                  selectedKeys={selectedId ? [selectedId] : []}
                  onSelect={(keys) => setSelectedId((keys[0] as string | undefined) ?? null)}
                />
              </div>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={15}>
          <Card
            size="small"
            title={selected ? (lang === 'en' ? selected.titleEn : selected.title) : t('pick')}
            extra={
              selected && (
                <Space wrap>
                  {mayEdit && (
                    <>
                      <Button
                        size="small"
                        icon={<ArrowUpOutlined />}
                        disabled={position <= 0}
                        loading={reorder.isPending}
                        onClick={() => void move(-1)}
                      >
                        {t('actions.moveUp')}
                      </Button>
                      <Button
                        size="small"
                        icon={<ArrowDownOutlined />}
                        disabled={position < 0 || position >= siblings.length - 1}
                        loading={reorder.isPending}
                        onClick={() => void move(1)}
                      >
                        {t('actions.moveDown')}
                      </Button>
                    </>
                  )}
                  {mayAdd && (
                    <Button
                      size="small"
                      icon={<PlusOutlined />}
                      onClick={() => setAdding({ parent: selected })}
                    >
                      {t('actions.addChild')}
                    </Button>
                  )}
                </Space>
              )
            }
          >
            {selected ? (
              <MenuDetail key={selected.id} menu={selected} tree={tree} group={group} />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pick')} />
            )}
          </Card>
        </Col>
      </Row>
      <AddMenuDialog
        open={adding !== null}
        parent={adding?.parent ?? null}
        tree={tree}
        group={group}
        onClose={() => setAdding(null)}
        onAdded={setPendingName}
      />
    </Flex>
  );
}

/** Menus and resources (decision 0029): the menu tree of a group, edited entry by entry. */
export function MenuPage() {
  const { t } = useTranslation('menus');
  if (!usePermission().has(MENU_PERMISSIONS.VIEW))
    return <Result status="403" title="403" subTitle={t('forbidden')} />;
  return (
    <Card title={t('title')}>
      <MenuEditor />
    </Card>
  );
}
