import { MSG_CATEGORIES, type TMsgCategoryCode } from '@portal/domain/messages/codes';
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { MessageList } from '../components/MessageList.tsx';

/**
 * /resources/messageCenter/:code? (route name messageCenter, the Task Center): the messages
 * of one code, opening the message of ?id= (the notice dialog's Check detail). Not cached.
 */
export function MessageCenterPage() {
  const { t } = useTranslation('messages');
  const { code } = useParams();
  const [search] = useSearchParams();
  const initialCode = code && code in MSG_CATEGORIES ? (code as TMsgCategoryCode) : null;
  const openId = search.get('id');
  return (
    <Card
      title={
        <Typography.Title level={3} style={{ margin: 0, fontSize: 16 }}>
          {t('page.center')}
        </Typography.Title>
      }
    >
      <MessageList key={`${initialCode}:${openId}`} initialCode={initialCode} openId={openId} />
    </Card>
  );
}
