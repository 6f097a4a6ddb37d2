import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { MSG_MANAGE } from '../api/manage-messages.ts';
import { ManageMessageList } from '../components/ManageMessageList.tsx';
import { MessageList } from '../components/MessageList.tsx';

/** /resources/msg: operators with msg:msg:page see the messages they send, and their own; others their own. */
export function MessageListPage() {
  const { t } = useTranslation('messages');
  const permission = usePermission();
  if (!permission.has(MSG_MANAGE.page)) {
    return (
      <Card title={t('page.list')}>
        <MessageList />
      </Card>
    );
  }
  return (
    <Card title={t('page.list')}>
      <Tabs
        items={[
          { key: 'manage', label: t('manage.tab'), children: <ManageMessageList /> },
          { key: 'mine', label: t('manage.mine'), children: <MessageList /> },
        ]}
      />
    </Card>
  );
}
