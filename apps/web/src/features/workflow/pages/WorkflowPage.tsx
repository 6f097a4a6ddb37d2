import { SaveOutlined } from '@ant-design/icons';
import {
  type TWorkflowSetting,
  type TWorkflowState,
  WORKFLOW_PERMISSIONS,
  WORKFLOW_TASK_TYPES,
  ZWorkflowEdit,
} from '@portal/domain/workflow/rules';
import { Alert, Button, Card, Flex, Form, InputNumber, Result, Select, Skeleton, Tag } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/load-failed/LoadFailed.tsx';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { feedback } from '../../../lib/feedback.ts';
import { errorMessage } from '../../../lib/http.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { applyServerFieldErrors, zodRule } from '../../../lib/zod-form.ts';
import { useSaveWorkflow, useWorkflow } from '../api/workflow.ts';

interface TForm {
  auditorRoleCode: string | null;
  overdueDays: number | null;
}

/** One task type's auditor role and overdue period, saved on its own. */
function TaskTypeCard({
  setting,
  state,
  editable,
}: {
  setting: TWorkflowSetting;
  state: TWorkflowState;
  editable: boolean;
}) {
  const { t } = useTranslation('workflow');
  const lang = useLanguage();
  const save = useSaveWorkflow();
  const [form] = Form.useForm<TForm>();
  const label = WORKFLOW_TASK_TYPES[setting.taskType][lang];

  useEffect(() => {
    form.setFieldsValue({ auditorRoleCode: setting.auditorRoleCode, overdueDays: setting.overdueDays });
  }, [setting, form]);

  const roleOptions = state.roles
    .filter((r) => r.enabled || r.code === setting.auditorRoleCode)
    .map((r) => ({
      value: r.code,
      label: `${lang === 'en' ? r.nameEn || r.name : r.name} (${r.code})${r.enabled ? '' : ` · ${t('fields.disabled')}`}`,
    }));

  const submit = async (values: TForm) => {
    try {
      await save.mutateAsync({
        taskType: setting.taskType,
        auditorRoleCode: values.auditorRoleCode ?? null,
        overdueDays: values.overdueDays as number,
      });
      feedback.success(t('saved', { taskType: label }));
    } catch (error) {
      if (!applyServerFieldErrors(form, error)) feedback.error(errorMessage(error));
    }
  };

  return (
    <Card
      type="inner"
      title={label}
      extra={
        setting.configured ? (
          <Tag color="green">{t('status.configured')}</Tag>
        ) : (
          <Tag>{t('status.default', { days: state.defaultOverdueDays })}</Tag>
        )
      }
    >
      <Form<TForm>
        form={form}
        name={`workflow-${setting.taskType}`}
        layout="inline"
        disabled={!editable || save.isPending}
        onFinish={submit}
      >
        <Form.Item name="auditorRoleCode" label={t('fields.auditorRole')}>
          <Select
            allowClear
            placeholder={t('fields.anyRole')}
            options={roleOptions}
            style={{ width: 300 }}
            aria-label={`${label} ${t('fields.auditorRole')}`}
          />
        </Form.Item>
        <Form.Item
          name="overdueDays"
          label={t('fields.overdueDays')}
          required
          rules={[zodRule(ZWorkflowEdit.shape.overdueDays)]}
        >
          <InputNumber
            // No min/max clamp: a bad number stays and the bilingual rule says what is allowed.
            suffix={t('fields.days')}
            style={{ width: 160 }}
            aria-label={`${label} ${t('fields.overdueDays')}`}
          />
        </Form.Item>
        {editable && (
          <Form.Item>
            <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending}>
              {t('actions.save')}
            </Button>
          </Form.Item>
        )}
      </Form>
    </Card>
  );
}

function WorkflowSettings({ editable }: { editable: boolean }) {
  const { t } = useTranslation('workflow');
  const query = useWorkflow();
  if (query.isPending) return <Skeleton active />;
  if (query.isError)
    return (
      <LoadFailed
        error={query.error}
        title={t('loadFailed')}
        onRetry={() => void query.refetch()}
        backTo="/dashboard"
        backLabel={t('back')}
      />
    );
  return (
    <Flex vertical gap={16}>
      <Alert type="info" showIcon title={t('intro')} />
      {query.data.settings.map((setting) => (
        <TaskTypeCard key={setting.taskType} setting={setting} state={query.data} editable={editable} />
      ))}
    </Flex>
  );
}

/** Workflow per task type (decision 0030): the auditor role and overdue period of each. */
export function WorkflowPage() {
  const { t } = useTranslation('workflow');
  const permission = usePermission();
  if (!permission.has(WORKFLOW_PERMISSIONS.VIEW))
    return <Result status="403" title="403" subTitle={t('forbidden')} />;
  return (
    <Card title={t('title')}>
      <WorkflowSettings editable={permission.has(WORKFLOW_PERMISSIONS.EDIT)} />
    </Card>
  );
}
