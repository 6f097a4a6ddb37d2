import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { AccountingFigures } from '../../accounting/components/AccountingFigures.tsx';
import type { THomePage } from '../api/get-home-page.ts';
import { AWAITING_AUDIT } from '../task-statuses.ts';
import { StatsCards } from './StatsCards.tsx';
import { TaskStatusCounts } from './TaskStatusCounts.tsx';
import { WelcomeCard } from './WelcomeCard.tsx';

/** Operator staff's home: the tenant's figures and the change tasks across providers. */
export function Dashboard({ data }: { data: THomePage }) {
  const { t } = useTranslation('home');
  return (
    <Flex vertical gap={16}>
      <WelcomeCard data={data} />
      {data.stats ? <StatsCards stats={data.stats} /> : null}
      <AccountingFigures />
      <TaskStatusCounts
        title={t('dashboard.tasksTitle')}
        taskCounts={data.taskCounts}
        highlight={AWAITING_AUDIT}
      />
    </Flex>
  );
}
