import type { TMsgPreview } from '@portal/domain/messages/compose';
import { Card, Col, Row, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** What a provider will see, side by side in Chinese and in English. */
export function MessagePreview({ preview }: { preview: TMsgPreview }) {
  const { t } = useTranslation('messages');
  return (
    <Row gutter={16}>
      {(['zh', 'en'] as const).map((lang) => (
        <Col key={lang} xs={24} md={12}>
          <Card
            size="small"
            title={t(`compose.previewIn.${lang}`)}
            extra={
              <>
                <Tag>{preview[lang].typeLabel}</Tag>
                <Tag color={preview.important ? 'red' : undefined}>{preview[lang].levelLabel}</Tag>
              </>
            }
          >
            <Typography.Title level={5} lang={lang === 'zh' ? 'zh-CN' : 'en'}>
              {preview[lang].title}
            </Typography.Title>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }} lang={lang === 'zh' ? 'zh-CN' : 'en'}>
              {preview[lang].content}
            </Typography.Paragraph>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
