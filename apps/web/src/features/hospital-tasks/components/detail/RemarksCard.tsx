import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { remarksText } from './detail-rules.ts';
import { NewMarker } from './field-changes.tsx';

/**
 * The remarks in Chinese and English: Chinese first, English in brackets when both exist.
 * Not shown when both are empty.
 */
export function RemarksCard({ notesC, notesE }: { notesC: string; notesE: string }) {
  const { t } = useTranslation('hospital-tasks');
  const text = remarksText(notesC, notesE);
  if (!text) return null;
  return (
    <Card
      title={
        <span className="hospital-field-label">
          {t('detail.cards.notes')}
          <NewMarker field="notesC" />
          <NewMarker field="notesE" />
        </span>
      }
      className="hospital-detail-card"
    >
      <Typography.Paragraph
        className="hospital-detail-text"
        style={{ marginBottom: 0 }}
        data-testid="remarks"
      >
        {text.first}
        {text.bracketed !== null && (
          <>
            {'\n'}({text.bracketed})
          </>
        )}
      </Typography.Paragraph>
    </Card>
  );
}
