import { AUDIT_RESULT } from '@portal/domain/dictionaries/codes';
import { LABELS } from '@portal/domain/hospital-tasks/rules';
import { Card, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { RETURN_REASON_MAX, type TAuditValues, type TFormErrors } from '../hospital-form-model.ts';
import { fieldId, useHospitalForm } from '../use-hospital-form-state.ts';

export interface AuditResultSectionProps {
  value: TAuditValues;
  onChange: (value: TAuditValues) => void;
  errors: TFormErrors;
}

/** The audit result (audit route only): approve or return; a return needs a reason of up to 500 characters. */
export function AuditResultSection({ value, onChange, errors }: AuditResultSectionProps) {
  const { t } = useTranslation('hospital-tasks');
  const { text, language } = useHospitalForm();
  const returning = value.auditResult === AUDIT_RESULT.RETURN.code;
  return (
    <Card
      title={t('form.sections.auditResult')}
      id="hospital-form-section-audit"
      className="hospital-form-section"
    >
      <Form.Item
        label={text(LABELS.auditResult)}
        htmlFor={fieldId('auditResult')}
        required
        validateStatus={errors.auditResult ? 'error' : undefined}
        help={errors.auditResult ? text(errors.auditResult) : undefined}
      >
        <Radio.Group
          id={fieldId('auditResult')}
          value={value.auditResult || undefined}
          onChange={(e) => onChange({ ...value, auditResult: e.target.value })}
          options={Object.values(AUDIT_RESULT).map((r) => ({ value: r.code, label: r[language] }))}
        />
      </Form.Item>
      {returning && (
        <Form.Item
          label={text(LABELS.returnReason)}
          htmlFor={fieldId('returnReason')}
          required
          validateStatus={errors.returnReason ? 'error' : undefined}
          help={errors.returnReason ? text(errors.returnReason) : undefined}
        >
          <Input.TextArea
            id={fieldId('returnReason')}
            value={value.returnReason}
            autoSize={{ minRows: 3, maxRows: 8 }}
            count={{ show: true, max: RETURN_REASON_MAX }}
            onChange={(e) => onChange({ ...value, returnReason: e.target.value })}
          />
        </Form.Item>
      )}
    </Card>
  );
}
