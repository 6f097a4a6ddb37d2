import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigation } from 'react-router';
import { useSessionSync } from '../features/session/use-session-sync.ts';
import { currentLanguage } from '../lib/i18n.ts';
import { useUserGroup } from '../lib/use-user-group.ts';
import { routeTitle } from '../shell/route-title.ts';
import { useRouteHandle } from '../shell/use-route-handle.ts';

/** Keeps the document title on the current route's title in the current language. */
function useDocumentTitle(): void {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const group = useUserGroup();
  const lang = currentLanguage();
  useEffect(() => {
    const title = routeTitle(handle, group, lang, t);
    document.title = title ? `${title} - ${t('app.title')}` : t('app.title');
  }, [handle, group, lang, t]);
}

/** The root route: cross-tab session sync, document title and the navigation progress bar. */
export function RootLayout() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  useSessionSync();
  useDocumentTitle();
  return (
    <>
      {navigation.state !== 'idle' && (
        <div className="portal-progress" role="progressbar" aria-label={t('status.loading')} />
      )}
      <Outlet />
    </>
  );
}
