import { CloseCircleFilled } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { reloadPage } from '../lib/browser.ts';
import { logError } from '../lib/error-log.ts';
import { FullPageLoading } from './PageLoading.tsx';
import './route-error.css';

const StandaloneNotFoundPage = lazy(async () => ({
  default: (await import('./NotFoundPage.tsx')).StandaloneNotFoundPage,
}));

/**
 * What a route shows when it fails to load or render. The failure view is part of the first
 * bundle and needs no further download: a failed chunk load (a new release replaced the files)
 * is one of the failures it reports.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useEffect(() => {
    if (import.meta.env.PROD && !notFound) logError(error, 'route');
  }, [error, notFound]);
  if (notFound) {
    return (
      <Suspense fallback={<FullPageLoading />}>
        <StandaloneNotFoundPage />
      </Suspense>
    );
  }
  if (import.meta.env.DEV) console.error(error);
  return (
    <Flex component="main" align="center" justify="center" className="portal-route-error">
      <section className="portal-route-error-panel" aria-labelledby="portal-route-error-title">
        <CloseCircleFilled className="portal-route-error-icon" aria-hidden />
        <h1 id="portal-route-error-title" className="portal-route-error-title">
          {t('routeError.title')}
        </h1>
        <p className="portal-route-error-message">{t('routeError.message')}</p>
        <Button type="primary" onClick={reloadPage}>
          {t('routeError.reload')}
        </Button>
      </section>
    </Flex>
  );
}
