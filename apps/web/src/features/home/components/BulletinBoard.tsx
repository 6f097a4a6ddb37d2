import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { AccountingFigures } from '../../accounting/components/AccountingFigures.tsx';
import type { THomePage } from '../api/get-home-page.ts';
import { AWAITING_PROVIDER } from '../task-statuses.ts';
import { ProviderAbilityCard } from './ProviderAbilityCard.tsx';
import { TaskStatusCounts } from './TaskStatusCounts.tsx';
import { WelcomeCard } from './WelcomeCard.tsx';

/** Provider staff's home: their hospital, what it may use, and the state of the change tasks they submitted. */
export function BulletinBoard({ data }: { data: THomePage }) {
  const { t } = useTranslation('home');
  return (
    <Flex vertical gap={16}>
      <WelcomeCard data={data} showProvider />
      <ProviderAbilityCard />
      <AccountingFigures />
      <TaskStatusCounts
        title={t('bulletin.tasksTitle')}
        description={t('bulletin.tasksDescription')}
        taskCounts={data.taskCounts}
        highlight={AWAITING_PROVIDER}
      />
    </Flex>
  );
}
