import { DownloadOutlined, FileTextOutlined } from '@ant-design/icons';
import { App, Button, DatePicker, Form, Modal, Space, Tooltip, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { useDownloadAnnounce } from '../api/download-announce.ts';
import { useDownloadNewsLetter } from '../api/download-newsletter.ts';
import { AUDIT_PERMISSIONS } from '../audit-codes.ts';

const DAY = 'YYYY-MM-DD';

interface TPeriodForm {
  period: [Dayjs, Dayjs] | null;
}

/**
 * The export buttons of the audit list: the announcement of every approved hospital (one
 * click) and the newsletter of a period's approved changes (asks for the period). Both save
 * the .xlsx the server sends; its errors are shown by the http client.
 */
export function ExportButtons() {
  const { t } = useTranslation('hospital-audit');
  const { message } = App.useApp();
  const permission = usePermission();
  const announce = useDownloadAnnounce();
  const newsletter = useDownloadNewsLetter();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<TPeriodForm>();

  const exportAnnouncement = async () => {
    const { fileName } = await announce.mutateAsync({});
    message.success(t('export.done', { fileName }));
  };
  const exportNewsletter = async () => {
    const { period } = await form.validateFields();
    if (!period) return;
    const { fileName } = await newsletter.mutateAsync({
      startDate: period[0].format(DAY),
      endDate: period[1].format(DAY),
    });
    message.success(t('export.done', { fileName }));
    setOpen(false);
  };

  return (
    <Space wrap>
      {permission.has(AUDIT_PERMISSIONS.downloadAnnounce) && (
        <Tooltip title={t('export.announceHint')}>
          <Button
            icon={<DownloadOutlined aria-hidden />}
            loading={announce.isPending}
            onClick={() => void exportAnnouncement().catch(() => undefined)}
          >
            {t('export.announce')}
          </Button>
        </Tooltip>
      )}
      {permission.has(AUDIT_PERMISSIONS.downloadNewsLetter) && (
        <Button icon={<FileTextOutlined aria-hidden />} onClick={() => setOpen(true)}>
          {t('export.newsletter')}
        </Button>
      )}
      <Modal
        open={open}
        title={t('export.newsletterTitle')}
        okText={t('export.ok')}
        cancelText={t('export.cancel')}
        confirmLoading={newsletter.isPending}
        onOk={() => void exportNewsletter().catch(() => undefined)}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('export.newsletterHint')}</Typography.Paragraph>
        <Form<TPeriodForm>
          form={form}
          name="newsletterPeriod"
          layout="vertical"
          initialValues={{ period: [dayjs().startOf('month'), dayjs()] }}
          preserve={false}
        >
          <Form.Item
            name="period"
            label={t('export.period')}
            rules={[{ required: true, message: t('export.periodRequired') }]}
          >
            <DatePicker.RangePicker
              style={{ width: '100%' }}
              placeholder={[t('export.startDate'), t('export.endDate')]}
            />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
