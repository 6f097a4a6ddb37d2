import { MAX_LENGTHS } from '@portal/domain/hospital-tasks/rules';
import { Card, Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { TextField } from './FormFields.tsx';

/** Remarks in Chinese and English (empty ones start as '1.请提前预约' / '1.Please make appointment inadvance'). */
export function RemarksSection() {
  const { t } = useTranslation('hospital-tasks');
  return (
    <Card
      title={t('form.sections.remarks')}
      id="hospital-form-section-remarks"
      className="hospital-form-section"
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <TextField field="notesC" textarea max={MAX_LENGTHS.notesC} />
        </Col>
        <Col xs={24} md={12}>
          <TextField field="notesE" textarea max={MAX_LENGTHS.notesE} />
        </Col>
      </Row>
    </Card>
  );
}
