import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { MessageList } from '../components/MessageList.tsx';

/** /resources/msg: the user's messages (/resources goes here). */
export function MessageListPage() {
  const { t } = useTranslation('messages');
  return (
    <Card title={t('page.list')}>
      <MessageList />
    </Card>
  );
}
