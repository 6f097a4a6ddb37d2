import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { MessageViewer } from '../components/MessageViewer.tsx';
import { MESSAGE_LIST_PATH } from '../message-labels.ts';

/**
 * /resources/msg/edit?id=&type=view: opens a message after marking it read. Sending messages
 * belongs to the messages issue; without type=view and an id this goes to the message list.
 */
export function MessageViewPage() {
  const { t } = useTranslation('messages');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const id = search.get('id');
  if (search.get('type') !== 'view' || !id) return <Navigate to={MESSAGE_LIST_PATH} replace />;
  return (
    <Card
      title={t('view.title')}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(MESSAGE_LIST_PATH)}>
          {t('view.back')}
        </Button>
      }
    >
      <MessageViewer id={id} />
    </Card>
  );
}
