import { ClearOutlined, DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, type MenuProps, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../lib/feedback.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { clearCache, logout } from '../session-actions.ts';

/** An avatar value the browser can load directly (a URL or a site path); file ids are not. */
function avatarSource(avatar: string | null | undefined): string | undefined {
  if (!avatar) return undefined;
  return /^(https?:\/\/|\/|data:image\/)/.test(avatar) ? avatar : undefined;
}

/** The navbar's user menu: avatar and name, delete cache, log out. */
export function UserMenu() {
  const { t } = useTranslation('session');
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
            if (key === 'clearCache') void onClearCache();
            if (key === 'logout') void onLogout();
          },
        }}
      >
        <Button type="text" aria-label={t('userMenu.label', { name })} className="portal-user-menu">
          <Avatar size="small" src={avatarSource(user?.avatar)} icon={<UserOutlined />} alt="" />
          <span className="portal-user-name">{name}</span>
          <DownOutlined aria-hidden style={{ fontSize: 10 }} />
        </Button>
      </Dropdown>
      <Spin fullscreen spinning={busy} description={t('common:status.working')} />
    </>
  );
}
