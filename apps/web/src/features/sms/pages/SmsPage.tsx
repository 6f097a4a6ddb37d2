import { SMS_SEND, SMS_VIEW } from '@portal/domain/sms/rules';
import { Card, Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { SmsBatchList } from '../components/SmsBatchList.tsx';
import { SmsForm } from '../components/SmsForm.tsx';

/** /resources/sms/edit: send an SMS, and follow the delivery of those sent. */
export function SmsPage() {
  const { t } = useTranslation('sms');
  const permission = usePermission();
  const canSend = permission.has(SMS_SEND);
  const canView = permission.has(SMS_VIEW);
  if (!canSend && !canView) return <Result status="403" title="403" subTitle={t('forbidden')} />;
  return (
    <Flex vertical gap={16}>
      {canSend ? (
        <Card title={t('title')}>
          <SmsForm />
        </Card>
      ) : null}
      {canView ? (
        <Card title={t('list.title')}>
          <SmsBatchList />
        </Card>
      ) : null}
    </Flex>
  );
}
