import { Button, Card, Result, Skeleton, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { errorMessage } from '../../../lib/http.ts';
import { useUserGroup } from '../../../lib/use-user-group.ts';
import type { TUserGroup } from '../../../lib/user-group.ts';
import { HOME_TITLE_KEYS } from '../../../shell/route-title.ts';
import { type THomePage, useHomePage } from '../api/get-home-page.ts';

const BulletinBoard = lazy(async () => ({
  default: (await import('../components/BulletinBoard.tsx')).BulletinBoard,
}));
const TaskBoard = lazy(async () => ({ default: (await import('../components/TaskBoard.tsx')).TaskBoard }));
const Dashboard = lazy(async () => ({ default: (await import('../components/Dashboard.tsx')).Dashboard }));

function Board({ group, data }: { group: TUserGroup; data: THomePage }) {
  if (group === 'provider') return <BulletinBoard data={data} />;
  if (group === 'netView') return <TaskBoard data={data} />;
  return <Dashboard data={data} />;
}

function BoardSkeleton() {
  const { t } = useTranslation();
  return (
    <Card aria-busy="true" aria-label={t('status.loading')}>
      <Skeleton active paragraph={{ rows: 6 }} />
    </Card>
  );
}

const HOME_PAGE_PERMISSION = 'drsystem:homePage:view';

/** '/': the board of the user's group (Bulletin Board, Task Board or Dashboard). */
export function HomePage() {
  const { t } = useTranslation('home');
  const group = useUserGroup();
  // A role an administrator made without the home page still lands here after sign-in: it gets
  // a pointer to its menu, not a refused call.
  const canView = usePermission().has(HOME_PAGE_PERMISSION);
  const query = useHomePage(canView);
  return (
    <section aria-labelledby="portal-home-title">
      <Typography.Title level={3} id="portal-home-title" style={{ marginTop: 0 }}>
        {t(`common:${HOME_TITLE_KEYS[group]}`)}
      </Typography.Title>
      {!canView ? (
        <Result status="info" title={t('noBoard.title')} subTitle={t('noBoard.hint')} />
      ) : query.isPending ? (
        <BoardSkeleton />
      ) : query.isError ? (
        <Result
          status="warning"
          title={t('loadFailed')}
          subTitle={errorMessage(query.error)}
          extra={
            <Button type="primary" onClick={() => void query.refetch()} loading={query.isFetching}>
              {t('common:actions.retry')}
            </Button>
          }
        />
      ) : (
        <Suspense fallback={<BoardSkeleton />}>
          <Board group={group} data={query.data} />
        </Suspense>
      )}
    </section>
  );
}
