import { FileSearchOutlined } from '@ant-design/icons';
import { HOSPITAL_TASK_STATUS } from '@portal/domain/dictionaries/codes';
import { Button, Card, Col, Flex, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Auth } from '../../../components/permission/Auth.tsx';
import { AUDIT_LIST_PATH } from '../../hospital-tasks/hospital-paths.ts';
import type { THomePage } from '../api/get-home-page.ts';
import { AWAITING_AUDIT, countsInOrder } from '../task-statuses.ts';
import { TaskStatusCounts } from './TaskStatusCounts.tsx';
import { WelcomeCard } from './WelcomeCard.tsx';

/** The permission the operator's audit task list needs. */
const AUDIT_LIST_PERMISSION = 'drsystem:providerTaskMsh:list';

/** Network-view staff's home: the change tasks of the provider network, work waiting first. */
export function TaskBoard({ data }: { data: THomePage }) {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  const counts = countsInOrder(data.taskCounts);
  const countOf = (status: string) => counts.find((c) => c.status === status)?.count ?? 0;
  const waiting = AWAITING_AUDIT.reduce((sum, status) => sum + countOf(status), 0);
  return (
    <Flex vertical gap={16}>
      <WelcomeCard data={data} />
      <Auth has={AUDIT_LIST_PERMISSION}>
        <Flex justify="flex-end">
          <Button
            type="primary"
            icon={<FileSearchOutlined aria-hidden />}
            onClick={() => navigate(AUDIT_LIST_PATH)}
          >
            {t('taskBoard.openAuditList')}
          </Button>
        </Flex>
      </Auth>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title={t('taskBoard.waiting')} value={waiting} />
          </Card>
        </Col>
        <Col xs={12} md={8}>
          <Card>
            <Statistic title={t('taskBoard.approved')} value={countOf(HOSPITAL_TASK_STATUS.APPROVED.code)} />
          </Card>
        </Col>
        <Col xs={12} md={8}>
          <Card>
            <Statistic title={t('taskBoard.rejected')} value={countOf(HOSPITAL_TASK_STATUS.REJECTED.code)} />
          </Card>
        </Col>
      </Row>
      <TaskStatusCounts
        title={t('taskBoard.tasksTitle')}
        description={t('taskBoard.tasksDescription')}
        taskCounts={data.taskCounts}
        highlight={AWAITING_AUDIT}
      />
    </Flex>
  );
}
