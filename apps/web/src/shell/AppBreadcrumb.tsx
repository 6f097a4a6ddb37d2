import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { currentLanguage } from '../lib/i18n.ts';
import { useUserGroup } from '../lib/use-user-group.ts';
import { buildBreadcrumb } from './route-title.ts';
import { useRouteHandle } from './use-route-handle.ts';

export function AppBreadcrumb() {
  const { t } = useTranslation();
  const group = useUserGroup();
  const handle = useRouteHandle();
  const { pathname } = useLocation();
  const entries = buildBreadcrumb({ handle, group, lang: currentLanguage(), pathname, t });
  return (
    <Breadcrumb
      aria-label={t('navbar.breadcrumb')}
      items={entries.map((entry, index) => ({
        key: entry.key,
        title:
          entry.path && index < entries.length - 1 ? (
            <Link to={entry.path}>{entry.title}</Link>
          ) : (
            <span aria-current={index === entries.length - 1 ? 'page' : undefined}>{entry.title}</span>
          ),
      }))}
    />
  );
}
