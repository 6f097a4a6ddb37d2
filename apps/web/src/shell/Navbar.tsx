import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../components/language-switch/LanguageSwitch.tsx';
import { UserMenu } from '../features/session/components/UserMenu.tsx';
import { AppBreadcrumb } from './AppBreadcrumb.tsx';
import { useShellStore } from './shell-store.ts';

/** The bar above the page: sidebar toggle, breadcrumb, language switch, user menu. */
export function Navbar() {
  const { t } = useTranslation();
  const collapsed = useShellStore((s) => s.sidebarCollapsed);
  const toggleSidebar = useShellStore((s) => s.toggleSidebar);
  return (
    <Flex align="center" justify="space-between" gap={16} className="portal-navbar">
      <Flex align="center" gap={8} style={{ minWidth: 0 }}>
        <Button
          type="text"
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          aria-label={collapsed ? t('navbar.expandSidebar') : t('navbar.collapseSidebar')}
          aria-expanded={!collapsed}
          onClick={toggleSidebar}
        />
        <AppBreadcrumb />
      </Flex>
      <Flex align="center" gap={4}>
        <LanguageSwitch />
        <UserMenu />
      </Flex>
    </Flex>
  );
}
