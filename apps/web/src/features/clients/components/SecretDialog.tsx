import type { TClientWithSecret } from '@portal/domain/clients/rules';
import { Alert, Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The client's secret, shown once after creation or a reset: the server keeps only its hash, so
 * closing this dialog is the last chance to copy it. Mounted only while shown, so the secret
 * leaves the page as soon as it closes.
 */
export function SecretDialog({ shown, onClose }: { shown: TClientWithSecret; onClose: () => void }) {
  const { t } = useTranslation('clients');
  return (
    <Modal
      open
      title={t('secret.title')}
      okText={t('secret.saved')}
      onOk={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
    >
      {
        <>
          <Alert type="warning" showIcon message={t('secret.once')} style={{ marginBottom: 16 }} />
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('fields.clientId')}>
              <Typography.Text copyable>{shown.client.clientId}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.clientSecret')}>
              <Typography.Text copyable code data-testid="client-secret">
                {shown.clientSecret}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
        </>
      }
    </Modal>
  );
}
