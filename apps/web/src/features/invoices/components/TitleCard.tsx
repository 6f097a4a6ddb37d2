import { ZInvoiceTitleBody } from '@portal/domain/invoices/title';
import { Alert, Button, Card, Descriptions, Form, Input, Modal, Space, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../lib/feedback.ts';
import { errorMessage } from '../../../lib/http.ts';
import { applyServerFieldErrors, zodRule } from '../../../lib/zod-form.ts';
import { useGenerateInvoiceTitles, useInvoiceTitle, useSetInvoiceTitle } from '../api/invoice-title.ts';

/**
 * The operator's invoice title (decision 0048): the tenant's names and taxpayer number that
 * providers print, a dialog to set the number, and the generation of the title onto the
 * batches to be uploaded that were approved without one.
 */
export function TitleCard() {
  const { t } = useTranslation('invoices');
  const title = useInvoiceTitle();
  const save = useSetInvoiceTitle();
  const generate = useGenerateInvoiceTitles();
  const [editing, setEditing] = useState(false);
  const [form] = Form.useForm<{ taxNo: string }>();

  const submit = async ({ taxNo }: { taxNo: string }) => {
    try {
      await save.mutateAsync({ taxNo });
      feedback.success(t('title.saved'));
      setEditing(false);
    } catch (error) {
      if (!applyServerFieldErrors(form, error)) feedback.error(errorMessage(error));
    }
  };

  const generateNow = async (missing: number) => {
    const yes = await feedback.confirm({
      title: t('title.generateTitle'),
      content: t('title.generateContent', { count: missing }),
      okText: t('title.generate'),
      cancelText: t('title.cancel'),
    });
    if (!yes) return;
    const { generated } = await generate.mutateAsync();
    feedback.success(t('title.generated', { count: generated }));
  };

  if (title.isPending) return <Spin />;
  if (!title.data) return null;
  const { name, nameEn, taxNo, missing } = title.data;
  return (
    <Card
      size="small"
      title={t('title.card')}
      extra={<Button onClick={() => setEditing(true)}>{t('title.edit')}</Button>}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Descriptions size="small" column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label={t('title.name')}>
            <span translate="no">
              {name}
              {nameEn && nameEn !== name ? ` / ${nameEn}` : ''}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('title.taxNo')}>{taxNo ?? t('title.notSet')}</Descriptions.Item>
        </Descriptions>
        {missing > 0 && (
          <Alert
            type="warning"
            showIcon
            title={t('title.missing', { count: missing })}
            action={
              <Button
                type="primary"
                size="small"
                disabled={!taxNo}
                loading={generate.isPending}
                onClick={() => generateNow(missing)}
              >
                {t('title.generate')}
              </Button>
            }
            description={taxNo ? undefined : t('title.setFirst')}
          />
        )}
      </Space>
      <Modal
        open={editing}
        title={t('title.editTitle')}
        okText={t('title.save')}
        cancelText={t('title.cancel')}
        confirmLoading={save.isPending}
        onOk={() => form.submit()}
        onCancel={() => setEditing(false)}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          onFinish={submit}
          preserve={false}
          initialValues={{ taxNo: taxNo ?? '' }}
        >
          <Form.Item
            name="taxNo"
            label={t('title.taxNo')}
            extra={t('title.taxNoHint')}
            rules={[zodRule(ZInvoiceTitleBody.shape.taxNo)]}
          >
            <Input maxLength={30} autoComplete="off" />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
