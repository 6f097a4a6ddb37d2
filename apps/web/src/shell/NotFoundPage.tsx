import { Button, Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSessionStore } from '../lib/session-store.ts';
import { PageLoading } from './PageLoading.tsx';

/** 404 inside the frame (the catch-all). */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('notFound.message')}
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          {t('notFound.backHome')}
        </Button>
      }
    />
  );
}

/** 404 on its own page (/404, /error/404). */
export function StandaloneNotFoundPage() {
  return (
    <Flex component="main" align="center" justify="center" style={{ minHeight: '100vh' }}>
      <NotFoundPage />
    </Flex>
  );
}

/** The frame's catch-all: a 404 only once the route tree has loaded, never before. */
export function CatchAllPage() {
  const routesLoaded = useSessionStore((s) => s.routesLoaded);
  return routesLoaded ? <NotFoundPage /> : <PageLoading />;
}
