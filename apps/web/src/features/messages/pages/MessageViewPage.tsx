import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { MSG_MANAGE, useEditView } from '../api/manage-messages.ts';
import { ComposeForm } from '../components/ComposeForm.tsx';
import { MessageViewer } from '../components/MessageViewer.tsx';
import { MESSAGE_LIST_PATH } from '../message-labels.ts';

/**
 * /resources/msg/edit and /resources/sendMessage: with id and type=view, opens a message after
 * marking it read; otherwise the send-message form (with id: a draft or a sent message to modify).
 */
export function MessageViewPage() {
  const { t } = useTranslation('messages');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const id = search.get('id');
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(MESSAGE_LIST_PATH)}>
      {t('view.back')}
    </Button>
  );
  if (search.get('type') === 'view' && id) {
    return (
      <Card title={t('view.title')} extra={back}>
        <MessageViewer id={id} />
      </Card>
    );
  }
  return <ComposePage id={id} back={back} />;
}

function ComposePage({ id, back }: { id: string | null; back: React.ReactNode }) {
  const { t } = useTranslation('messages');
  const navigate = useNavigate();
  const permission = usePermission();
  const view = useEditView(permission.has(MSG_MANAGE.save) ? id : null);
  if (!permission.has(MSG_MANAGE.save)) {
    return <Result status="403" title={t('compose.noPermission')} extra={back} />;
  }
  return (
    <Card title={id ? t('compose.editTitle') : t('compose.title')} extra={back}>
      {id && view.isLoading ? (
        <Spin />
      ) : id && view.isError ? (
        <Result status="warning" title={t('view.failed')} />
      ) : (
        <ComposeForm initial={view.data} onSaved={() => navigate(MESSAGE_LIST_PATH)} />
      )}
    </Card>
  );
}
