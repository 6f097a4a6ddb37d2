import { ClearOutlined, DownOutlined, IdcardOutlined, LogoutOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { UserAvatar } from '../../../components/user-avatar/UserAvatar.tsx';
import { feedback } from '../../../lib/feedback.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { clearCache, logout } from '../session-actions.ts';

/** The personal centre (spec section 2: /profile goes to /profile/index). */
export const PROFILE_PATH = '/profile/index';

/** The navbar's user menu: avatar and name, profile, delete cache, log out. */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('session');
  const navigate = useNavigate();
  const user = useSessionStore((s) => s.user);
  const [busy, setBusy] = useState(false);
  const lang = currentLanguage();
  const name =
    (lang === 'en' ? user?.nameEn || user?.name : user?.name || user?.nameEn) || user?.account || '';

  const onClearCache = async () => {
    const confirmed = await feedback.confirm({
      title: t('clearCache.title'),
      content: t('clearCache.confirm'),
      okText: t('common:actions.confirm'),
      cancelText: t('common:actions.cancel'),
    });
    if (!confirmed) return;
    setBusy(true);
    await clearCache(() => feedback.success(t('clearCache.done'), 1));
  };

  const onLogout = async () => {
    const confirmed = await feedback.confirm({
      title: t('logout.title'),
      content: t('logout.confirm'),
      okText: t('common:actions.confirm'),
      cancelText: t('common:actions.cancel'),
      danger: true,
    });
    if (!confirmed) return;
    setBusy(true);
    await logout();
  };

  const items: MenuProps['items'] = [
    { key: 'profile', icon: <IdcardOutlined />, label: t('userMenu.profile') },
    { key: 'clearCache', icon: <ClearOutlined />, label: t('userMenu.clearCache') },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('userMenu.logout') },
  ];

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items,
          onClick: ({ key }) => {
            if (key === 'profile') navigate(PROFILE_PATH);
            if (key === 'clearCache') void onClearCache();
            if (key === 'logout') void onLogout();
          },
        }}
      >
        <Button type="text" aria-label={t('userMenu.label', { name })} className="portal-user-menu">
          <UserAvatar size="small" avatar={user?.avatar} />
          {!compact && <span className="portal-user-name">{name}</span>}
          {!compact && <DownOutlined aria-hidden style={{ fontSize: 10 }} />}
        </Button>
      </Dropdown>
      <Spin fullscreen spinning={busy} description={t('common:status.working')} />
    </>
  );
}
