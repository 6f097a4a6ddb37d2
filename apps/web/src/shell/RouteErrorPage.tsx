import { Button, Flex, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { reloadPage } from '../lib/browser.ts';
import { logError } from '../lib/error-log.ts';
import { NotFoundPage } from './NotFoundPage.tsx';

/** What a route shows when it fails to load or render. */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useEffect(() => {
    if (import.meta.env.PROD && !notFound) logError(error, 'route');
  }, [error, notFound]);
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Flex component="main" align="center" justify="center" style={{ minHeight: '100vh' }}>
        <NotFoundPage />
      </Flex>
    );
  }
  if (import.meta.env.DEV) console.error(error);
  return (
    <Flex component="main" align="center" justify="center" style={{ minHeight: '100vh' }}>
      <Result
        status="error"
        title={t('routeError.title')}
        subTitle={t('routeError.message')}
        extra={
          <Button type="primary" onClick={reloadPage}>
            {t('routeError.reload')}
          </Button>
        }
      />
    </Flex>
  );
}
