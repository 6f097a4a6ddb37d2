import { AUDIT_RESULT } from '@portal/domain/dictionaries/codes';
import { RETURN_REASON_MAX, returnReasonIssue } from '@portal/domain/hospital-audit/rules';
import { App, Button, Card, Form, Input, Radio, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/use-language.ts';
import { applyServerFieldErrors, issueText } from '../../../lib/zod-form.ts';
import { useAuditDoctor } from '../api/audit-doctor.ts';

interface TAuditValues {
  auditResult?: string;
  returnReason?: string;
}

/**
 * The audit result of a submitted doctor task: approve or return, a return with a reason of up
 * to 500 characters (the hospital audit's rule); `onDone` after the decision is saved.
 */
export function DoctorAuditForm({
  taskNo,
  version,
  onDone,
  onCancel,
}: {
  taskNo: string;
  version: number;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('doctors');
  const lang = useLanguage();
  const { message } = App.useApp();
  const [form] = Form.useForm<TAuditValues>();
  const decide = useAuditDoctor();
  const result = Form.useWatch('auditResult', form);
  const submit = async (values: TAuditValues) => {
    try {
      const answer = await decide.mutateAsync({
        taskNo,
        version,
        auditResult: values.auditResult ?? '',
        returnReason: values.returnReason ?? '',
      });
      message.success(t(answer.status === '06' ? 'audit.approved' : 'audit.returned'));
      onDone();
    } catch (error) {
      applyServerFieldErrors(form, error);
    }
  };
  return (
    <Card title={t('audit.title')} className="doctor-card">
      <Form<TAuditValues> form={form} name="doctorAudit" layout="vertical" onFinish={submit}>
        <Form.Item
          name="auditResult"
          label={t('audit.result')}
          rules={[{ required: true, message: t('audit.resultRequired') }]}
        >
          <Radio.Group
            options={Object.values(AUDIT_RESULT).map((r) => ({ value: r.code, label: r[lang] }))}
          />
        </Form.Item>
        {result === AUDIT_RESULT.RETURN.code && (
          <Form.Item
            name="returnReason"
            label={t('audit.returnReason')}
            required
            rules={[
              {
                validator: async (_rule, value) => {
                  const issue = returnReasonIssue(AUDIT_RESULT.RETURN.code, value ?? '');
                  if (issue) throw new Error(issueText(issue));
                },
              },
            ]}
          >
            <Input.TextArea
              autoSize={{ minRows: 3, maxRows: 8 }}
              count={{ show: true, max: RETURN_REASON_MAX }}
            />
          </Form.Item>
        )}
        <Space>
          <Button type="primary" htmlType="submit" loading={decide.isPending}>
            {t('audit.submit')}
          </Button>
          <Button onClick={onCancel}>{t('audit.cancel')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
