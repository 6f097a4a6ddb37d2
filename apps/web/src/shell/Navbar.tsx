import {
  EllipsisOutlined,
  MenuFoldOutlined,
  MenuOutlined,
  MenuUnfoldOutlined,
  QuestionCircleOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, Flex, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../components/language-switch/LanguageSwitch.tsx';
import { useFooter } from '../features/home/api/get-footer.ts';
import { useOnlineServiceUrl } from '../features/home/api/get-online-service-url.ts';
import { MessageBell } from '../features/messages/components/MessageBell.tsx';
import { GlobalScrollingNotice } from '../features/messages/components/ScrollingNotice.tsx';
import { UserMenu } from '../features/session/components/UserMenu.tsx';
import { AppBreadcrumb } from './AppBreadcrumb.tsx';
import { useShellStore } from './shell-store.ts';

/** The benefits-enquiry (user types 01 and 04) and operation-guide links; '' hides a link. */
function useNavbarLinks() {
  const { data: benefitsUrl } = useOnlineServiceUrl();
  const { data: footer } = useFooter();
  return { benefitsUrl: benefitsUrl || '', guideUrl: footer?.operationGuideUrl || '' };
}

/**
 * The bar above the page: sidebar toggle, breadcrumb, scrolling notice, benefits-enquiry and
 * operation-guide links, notification badge, language, settings and the user menu. On phones
 * the links and settings move into a "more" menu and the notice below the bar.
 */
export function Navbar({ mobile = false }: { mobile?: boolean }) {
  const { t } = useTranslation();
  const collapsed = useShellStore((s) => s.sidebarCollapsed);
  const toggleSidebar = useShellStore((s) => s.toggleSidebar);
  const setMobileMenuOpen = useShellStore((s) => s.setMobileMenuOpen);
  const setSettingsOpen = useShellStore((s) => s.setSettingsOpen);
  const { benefitsUrl, guideUrl } = useNavbarLinks();

  const more: MenuProps['items'] = [
    ...(benefitsUrl
      ? [
          {
            key: 'benefits',
            icon: <SafetyCertificateOutlined />,
            label: (
              <a href={benefitsUrl} target="_blank" rel="noopener noreferrer">
                {t('navbar.benefitsEnquiry')}
              </a>
            ),
          },
        ]
      : []),
    ...(guideUrl
      ? [
          {
            key: 'guide',
            icon: <QuestionCircleOutlined />,
            label: (
              <a href={guideUrl} target="_blank" rel="noopener noreferrer">
                {t('navbar.operationGuide')}
              </a>
            ),
          },
        ]
      : []),
    {
      key: 'settings',
      icon: <SettingOutlined />,
      label: t('settings.title'),
      onClick: () => setSettingsOpen(true),
    },
  ];

  return (
    <Flex align="center" justify="space-between" gap={12} className="portal-navbar">
      <Flex align="center" gap={8} className="portal-navbar-start">
        {mobile ? (
          <Button
            type="text"
            icon={<MenuOutlined />}
            aria-label={t('navbar.openMenu')}
            onClick={() => setMobileMenuOpen(true)}
          />
        ) : (
          <Button
            type="text"
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            aria-label={collapsed ? t('navbar.expandSidebar') : t('navbar.collapseSidebar')}
            aria-expanded={!collapsed}
            onClick={toggleSidebar}
          />
        )}
        <div className="portal-navbar-breadcrumb">
          <AppBreadcrumb />
        </div>
      </Flex>
      {!mobile && (
        <div className="portal-navbar-notice">
          <GlobalScrollingNotice />
        </div>
      )}
      <Flex align="center" gap={2} className="portal-navbar-end">
        {!mobile && benefitsUrl && (
          <a
            className="portal-navbar-link"
            href={benefitsUrl}
            target="_blank"
            rel="noopener noreferrer"
            title={t('navbar.benefitsEnquiry')}
          >
            <SafetyCertificateOutlined aria-hidden />
            <span className="portal-navbar-link-text">{t('navbar.benefitsEnquiry')}</span>
          </a>
        )}
        {!mobile && guideUrl && (
          <a
            className="portal-navbar-link"
            href={guideUrl}
            target="_blank"
            rel="noopener noreferrer"
            title={t('navbar.operationGuide')}
          >
            <QuestionCircleOutlined aria-hidden />
            <span className="portal-navbar-link-text">{t('navbar.operationGuide')}</span>
          </a>
        )}
        <MessageBell />
        <LanguageSwitch compact={mobile} />
        {mobile ? (
          <Dropdown trigger={['click']} menu={{ items: more }}>
            <Button type="text" icon={<EllipsisOutlined />} aria-label={t('navbar.more')} />
          </Dropdown>
        ) : (
          <Button
            type="text"
            icon={<SettingOutlined />}
            aria-label={t('settings.title')}
            onClick={() => setSettingsOpen(true)}
          />
        )}
        <UserMenu compact={mobile} />
      </Flex>
    </Flex>
  );
}
