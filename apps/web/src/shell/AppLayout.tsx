import { Layout } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Navbar } from './Navbar.tsx';
import { PageLoading } from './PageLoading.tsx';
import { Sidebar } from './Sidebar.tsx';
import './shell.css';

/** The application frame: sidebar, navbar and the page. */
export function AppLayout() {
  const { t } = useTranslation();
  return (
    <Layout className="portal-layout">
      <a href="#portal-main" className="portal-skip-link">
        {t('app.skipToContent')}
      </a>
      <Sidebar />
      <Layout>
        <Layout.Header className="portal-header">
          <Navbar />
        </Layout.Header>
        <Layout.Content id="portal-main" className="portal-content" tabIndex={-1}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
