import { Drawer, FloatButton, Layout, Spin } from 'antd';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { FeedbackProvider } from '../app/FeedbackProvider.tsx';
import { GlobalNoticeDialog } from '../features/messages/components/GlobalNoticeDialog.tsx';
import { GlobalScrollingNotice } from '../features/messages/components/ScrollingNotice.tsx';
import { useMessageStream } from '../features/messages/use-message-stream.ts';
import { useGlobalLoading } from '../lib/global-loading.ts';
import { AppFooter } from './AppFooter.tsx';
import { KeepAliveOutlet } from './KeepAliveOutlet.tsx';
import { Navbar } from './Navbar.tsx';
import { useOpenViewsStore } from './open-views-store.ts';
import { Sidebar } from './Sidebar.tsx';
import { useSettingsStore } from './settings-store.ts';
import { SIDEBAR_WIDTH, useShellStore } from './shell-store.ts';
import { TagsView } from './TagsView.tsx';
import { useIsMobile } from './use-is-mobile.ts';
import { useTrackOpenViews } from './use-open-views.ts';
import './shell.css';

// The settings drawer (and its colour picker) loads the first time it opens.
const SettingsDrawer = lazy(async () => ({ default: (await import('./SettingsDrawer.tsx')).SettingsDrawer }));

/** The settings drawer once it has been opened. */
function LazySettingsDrawer() {
  const opened = useShellStore((s) => s.settingsOpen);
  const wanted = useRef(false);
  if (opened) wanted.current = true;
  return wanted.current ? (
    <Suspense fallback={null}>
      <SettingsDrawer />
    </Suspense>
  ) : null;
}

/** The mobile layout's sidebar: a drawer that closes whenever the route changes. */
function MobileSidebar() {
  const open = useShellStore((s) => s.mobileMenuOpen);
  const setOpen = useShellStore((s) => s.setMobileMenuOpen);
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    setOpen(false);
  });
  return (
    <Drawer
      placement="left"
      open={open}
      onClose={() => setOpen(false)}
      size={SIDEBAR_WIDTH}
      closable={false}
      className="portal-mobile-drawer"
      styles={{ body: { padding: 0 } }}
    >
      <Sidebar mobile />
    </Drawer>
  );
}

/**
 * The application frame (spec section 2 "Shell"): sidebar (a drawer under 992 px), navbar,
 * tags view, the pages (visited ones kept alive), footer, settings drawer, global notice
 * dialog, back-to-top and the full-page loading overlay.
 */
export function AppLayout() {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const tagsView = useSettingsStore((s) => s.tagsView);
  const fixedHeader = useSettingsStore((s) => s.fixedHeader);
  const kept = useOpenViewsStore((s) => s.cachedViews);
  const backToTopHeight = useShellStore((s) => s.backToTopHeight);
  const backToTopInBar = useShellStore((s) => s.backToTopInBar);
  const loading = useGlobalLoading();
  useTrackOpenViews();
  useMessageStream();

  return (
    <FeedbackProvider>
      <Layout className={`portal-layout${mobile ? ' portal-layout-mobile' : ''}`}>
        <a href="#portal-main" className="portal-skip-link">
          {t('app.skipToContent')}
        </a>
        {mobile ? <MobileSidebar /> : <Sidebar />}
        <Layout className="portal-main-column">
          <div className={`portal-header-area${fixedHeader ? ' portal-header-fixed' : ''}`}>
            <Layout.Header className="portal-header">
              <Navbar mobile={mobile} />
            </Layout.Header>
            {mobile && (
              <div className="portal-mobile-notice">
                <GlobalScrollingNotice />
              </div>
            )}
            {tagsView && <TagsView />}
          </div>
          <Layout.Content id="portal-main" className="portal-content" tabIndex={-1}>
            <KeepAliveOutlet keep={tagsView ? kept : []} />
          </Layout.Content>
          <AppFooter />
        </Layout>
        <LazySettingsDrawer />
        <GlobalNoticeDialog />
        <FloatButton.BackTop
          className={`portal-back-top${backToTopInBar ? ' portal-back-top-in-bar' : ''}`}
          visibilityHeight={backToTopHeight}
          tooltip={t('backToTop')}
          aria-label={t('backToTop')}
        />
        <Spin fullscreen spinning={loading} description={t('status.loading')} />
      </Layout>
    </FeedbackProvider>
  );
}
