import { PREAUTH_MSG_MAX_CHARS, ZPreauthMessageBody } from '@portal/domain/preauth/messages';
import { Button, Card, Empty, Form, Input, Result, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { FileUpload } from '../../../components/file-upload/FileUpload.tsx';
import { fileViewUrl } from '../../../components/file-upload/file-urls.ts';
import type { TUploadedFile } from '../../../components/file-upload/upload-state.ts';
import { feedback } from '../../../lib/feedback.ts';
import { pickLanguage } from '../../../lib/i18n.ts';
import { applyServerFieldErrors } from '../../../lib/zod-form.ts';
import { useUnreadCounts } from '../../messages/api/collect-unread.ts';
import type { TPreauthArea } from '../api/preauth-list.ts';
import { useConversation, useLeaveMessage } from '../api/preauth-messages.ts';
import { PreauthStatusTag } from '../components.tsx';
import { detailPath } from './PreauthListPage.tsx';
import './conversation.css';

const PREAUTH_CODE = '02';

/**
 * Leave a message (/advance/message?id=, operators /preauthAudit/message?id=): the case's
 * conversation, oldest first, and a form for text and attachments. A notice of a new message
 * (the live channel updates the badge counts) re-reads the conversation.
 */
export function PreauthMessagePage({ area = 'case' }: { area?: TPreauthArea }) {
  const { t, i18n } = useTranslation('preauth');
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const [search] = useSearchParams();
  const caseId = search.get('id') ?? '';
  const conversation = useConversation(area, caseId);
  const leave = useLeaveMessage(area);
  const [form] = Form.useForm<{ content?: string; files?: TUploadedFile[] }>();
  const [uploadKey, setUploadKey] = useState(0);
  const unread = useUnreadCounts().data?.statisticsList.find((s) => s.code === PREAUTH_CODE)?.count;
  const { refetch } = conversation;

  useEffect(() => {
    if (unread !== undefined) void refetch();
  }, [unread, refetch]);

  if (conversation.isLoading) return <Spin />;
  if (conversation.isError || !conversation.data) return <Result status="404" title={t('detail.missing')} />;
  const c = conversation.data;

  const send = async () => {
    const v = await form.validateFields();
    const body = {
      caseId,
      content: (v.content ?? '').trim(),
      fileIds: (v.files ?? []).map((f) => f.fileId ?? f.id),
    };
    const checked = ZPreauthMessageBody.safeParse(body);
    if (!checked.success) {
      form.setFields([{ name: 'content', errors: [t('message.empty')] }]);
      return;
    }
    try {
      await leave.mutateAsync(body);
      form.resetFields();
      setUploadKey((k) => k + 1);
      feedback.success(t('message.sent'));
    } catch (error) {
      applyServerFieldErrors(form, error);
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card
        title={
          <Space>
            {t('message.title')} {c.caseNo} <PreauthStatusTag status={c.status} lang={lang} />
          </Space>
        }
        extra={<Link to={detailPath(area, c.caseId)}>{t('message.toCase')}</Link>}
      >
        {c.messages.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('message.none')} />
        ) : (
          <ol className="portal-conversation" aria-label={t('message.title')}>
            {c.messages.map((m) => (
              <li key={m.id} className={`portal-conversation-item ${m.mine ? 'is-mine' : ''}`}>
                <Space size={8} wrap>
                  <Typography.Text strong>{pickLanguage(m.authorName, m.authorNameEn)}</Typography.Text>
                  <Tag>{t(`message.side.${m.side}`)}</Tag>
                  <Typography.Text type="secondary">{m.createTime}</Typography.Text>
                  {m.mine ? (
                    <Typography.Text type="secondary">
                      {t(m.read ? 'message.readByOther' : 'message.unreadByOther')}
                    </Typography.Text>
                  ) : (
                    !m.read && <Tag color="orange">{t('message.new')}</Tag>
                  )}
                </Space>
                {m.content && <div className="portal-conversation-text">{m.content}</div>}
                {m.files.map((f) => (
                  <div key={f.id}>
                    <a href={fileViewUrl(f.id)} target="_blank" rel="noreferrer">
                      {f.originalName}
                    </a>
                  </div>
                ))}
              </li>
            ))}
          </ol>
        )}
      </Card>
      <Card size="small" title={t('message.write')}>
        <Form form={form} layout="vertical">
          <Form.Item name="content" label={t('message.content')}>
            <Input.TextArea rows={3} maxLength={PREAUTH_MSG_MAX_CHARS} showCount />
          </Form.Item>
          <Form.Item name="files" label={t('fields.files')} valuePropName="value">
            <FileUpload key={uploadKey} bucket="drsystem" bizType="PREAUTH_MSG" />
          </Form.Item>
          <Button type="primary" onClick={() => void send()} loading={leave.isPending}>
            {t('message.send')}
          </Button>
        </Form>
      </Card>
    </Space>
  );
}

export const PreauthAuditMessagePage = () => <PreauthMessagePage area="audit" />;
