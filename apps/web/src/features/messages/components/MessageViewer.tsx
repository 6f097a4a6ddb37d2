import { Alert, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/http.ts';
import { useViewMessage } from '../api/mark-message.ts';
import { MessageDetail } from './MessageDetail.tsx';

/** Marks a message read, then shows it (or why it cannot be shown). */
export function MessageViewer({ id }: { id: string }) {
  const { t } = useTranslation('messages');
  const query = useViewMessage(id);
  if (query.isError)
    return <Alert type="error" showIcon title={t('view.failed')} description={errorMessage(query.error)} />;
  if (!query.data)
    return (
      <Spin description={t('common:status.loading')}>
        <div style={{ minHeight: 160 }} />
      </Spin>
    );
  return <MessageDetail message={query.data} />;
}
