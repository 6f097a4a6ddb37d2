import { Layout, Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { resolvePage } from '../app/route-pages.ts';
import { currentLanguage } from '../lib/i18n.ts';
import { useSessionStore } from '../lib/session-store.ts';
import { useUserGroup } from '../lib/use-user-group.ts';
import { MenuIcon } from './MenuIcon.tsx';
import { HOME_TITLE_KEYS } from './route-title.ts';
import { useSettingsStore } from './settings-store.ts';
import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH, useShellStore } from './shell-store.ts';
import { ancestorKeys, buildSidebarTree, selectedKeyFor, type TSidebarNode } from './sidebar-tree.ts';
import { affixHomePath } from './tags-view-rules.ts';
import { useRouteHandle } from './use-route-handle.ts';

type TMenuItem = NonNullable<MenuProps['items']>[number];

/** Ant Design menu items of the sidebar model: portal paths as router links, external links in a new tab. */
export function toMenuItems(nodes: readonly TSidebarNode[]): TMenuItem[] {
  return nodes.map((node): TMenuItem => {
    const icon = node.icon ? <MenuIcon key="icon" name={node.icon} /> : undefined;
    if (node.children)
      return { key: node.key, icon, label: node.title, children: toMenuItems(node.children) };
    const label = node.external ? (
      <a key="link" href={node.key} target="_blank" rel="noopener noreferrer">
        {node.title}
      </a>
    ) : (
      <Link key="link" to={node.key}>
        {node.title}
      </Link>
    );
    return { key: node.key, icon, label };
  });
}

/**
 * The open submenus after the user opened or closed some: with unique-opened on, opening a
 * submenu closes every one that is not on its way.
 */
export function nextOpenKeys(open: readonly string[], keys: string[], uniqueOpened: boolean): string[] {
  if (!uniqueOpened) return keys;
  const opened = keys.find((k) => !open.includes(k));
  if (!opened) return keys;
  return keys.filter((k) => k === opened || opened.startsWith(`${k}/`));
}

/** The nodes with the entry at `path` renamed `title`. */
function withTitle(nodes: TSidebarNode[], path: string | null, title: string): TSidebarNode[] {
  if (!path) return nodes;
  return nodes.map((node) =>
    node.children
      ? { ...node, children: withTitle(node.children, path, title) }
      : node.key === path
        ? { ...node, title }
        : node,
  );
}

/**
 * The sidebar, 250 px wide, built from the route tree the server granted. In the mobile layout
 * it sits in a drawer and is never collapsed.
 */
export function Sidebar({ mobile = false }: { mobile?: boolean }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const routes = useSessionStore((s) => s.routes);
  const collapsed = useShellStore((s) => s.sidebarCollapsed) && !mobile;
  const uniqueOpened = useSettingsStore((s) => s.uniqueOpened);
  const showLogo = useSettingsStore((s) => s.sidebarLogo);
  const { pathname } = useLocation();
  const handle = useRouteHandle();

  // The home board is named as its tab and the breadcrumb name it (Bulletin Board, Task Board
  // or Dashboard, by user group), not by the route tree's generic 'Home'.
  const homeTitle = t(HOME_TITLE_KEYS[useUserGroup()]);
  const nodes = useMemo(
    () => withTitle(buildSidebarTree(routes, lang), affixHomePath(routes, resolvePage), homeTitle),
    [routes, lang, homeTitle],
  );
  const items = useMemo(() => toMenuItems(nodes), [nodes]);
  const selected = selectedKeyFor(nodes, pathname, handle?.activeMenu);
  const [openKeys, setOpenKeys] = useState<string[]>(() => (selected ? ancestorKeys(nodes, selected) : []));

  // Opening a page opens the submenus on its way, keeping those the user opened.
  useEffect(() => {
    if (!selected) return;
    const needed = ancestorKeys(nodes, selected);
    setOpenKeys((open) =>
      needed.every((k) => open.includes(k))
        ? open
        : uniqueOpened
          ? needed
          : [...new Set([...open, ...needed])],
    );
  }, [nodes, selected, uniqueOpened]);

  return (
    <Layout.Sider
      width={SIDEBAR_WIDTH}
      collapsedWidth={SIDEBAR_COLLAPSED_WIDTH}
      collapsed={collapsed}
      collapsible
      trigger={null}
      className={`portal-sidebar${mobile ? ' portal-sidebar-mobile' : ''}`}
    >
      {showLogo && (
        // Named by its visible text; collapsed, it shows only the mark and carries the title.
        <Link
          to="/"
          className="portal-sidebar-logo"
          title={t('app.title')}
          aria-label={collapsed ? t('app.title') : undefined}
        >
          <span className="portal-sidebar-logo-mark" aria-hidden>
            {t('app.logoMark')}
          </span>
          {!collapsed && <span className="portal-sidebar-logo-text">{t('app.shortTitle')}</span>}
        </Link>
      )}
      <nav aria-label={t('sidebar.label')}>
        <Menu
          mode="inline"
          theme="dark"
          items={items}
          selectedKeys={selected ? [selected] : []}
          openKeys={collapsed ? undefined : openKeys}
          onOpenChange={(keys) => setOpenKeys((open) => nextOpenKeys(open, keys, uniqueOpened))}
        />
      </nav>
    </Layout.Sider>
  );
}
