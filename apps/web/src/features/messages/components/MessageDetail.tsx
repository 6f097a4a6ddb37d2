import { formatDate } from '@portal/domain/format/format';
import type { TMsgDetail } from '@portal/domain/messages/rules';
import { Descriptions, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n.ts';
import { categoryLabel, LEVEL_COLORS, levelLabel, messageText, messageTitle } from '../message-labels.ts';

/** A message as its recipient reads it. */
export function MessageDetail({ message }: { message: TMsgDetail }) {
  const { t } = useTranslation('messages');
  const lang = currentLanguage();
  return (
    <article className="portal-message-detail">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {messageTitle(message, lang)}
      </Typography.Title>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          { key: 'code', label: t('fields.category'), children: categoryLabel(message.code, lang) },
          {
            key: 'level',
            label: t('fields.level'),
            children: <Tag color={LEVEL_COLORS[message.msgLevel]}>{levelLabel(message.msgLevel, lang)}</Tag>,
          },
          {
            key: 'sender',
            label: t('fields.sender'),
            children: (lang === 'en' ? message.senderEn : message.sender) || '-',
          },
          {
            key: 'sent',
            label: t('fields.sentAt'),
            children: formatDate(message.createdAt, 'YYYY-MM-DD HH:mm'),
          },
          {
            key: 'validTo',
            label: t('fields.validTo'),
            children: formatDate(message.validTo, 'YYYY-MM-DD HH:mm'),
          },
          {
            key: 'readAt',
            label: t('fields.readAt'),
            children: formatDate(message.readAt, 'YYYY-MM-DD HH:mm'),
          },
        ]}
      />
      <Typography.Paragraph className="portal-message-content">
        {messageText(message, lang)}
      </Typography.Paragraph>
    </article>
  );
}
