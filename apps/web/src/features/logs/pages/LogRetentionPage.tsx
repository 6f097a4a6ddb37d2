import { ClearOutlined, SaveOutlined } from '@ant-design/icons';
import {
  CLEANED_LOG_CODES,
  CLEANED_LOGS,
  LOG_RETENTION_CODES,
  LOG_RETENTION_MANAGE,
  LOG_RETENTIONS,
  type TCleanedLog,
  type TLogRetention,
  type TLogRetentionChoice,
} from '@portal/domain/logs/rules';
import { Alert, Button, Card, Flex, Form, Result, Select, Skeleton, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/load-failed/LoadFailed.tsx';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { feedback } from '../../../lib/feedback.ts';
import { ApiError, errorMessage } from '../../../lib/http.ts';
import { useCleanLog, useLogRetention, useSaveLogRetention } from '../api/log-retention.ts';

const reportError = (error: unknown) => {
  if (!(error instanceof ApiError && error.notified)) feedback.error(errorMessage(error));
};

function LogRetentionForm() {
  const { t, i18n } = useTranslation('logs');
  const lang = (i18n.resolvedLanguage ?? i18n.language) === 'en' ? 'en' : 'zh';
  const query = useLogRetention();
  const save = useSaveLogRetention();
  const clean = useCleanLog();
  const [form] = Form.useForm<TLogRetention>();

  useEffect(() => {
    if (query.data)
      form.setFieldsValue({
        operation: query.data.operation,
        security: query.data.security,
        error: query.data.error,
      });
  }, [query.data, form]);

  if (query.isPending) return <Skeleton active />;
  if (query.isError)
    return (
      <LoadFailed
        error={query.error}
        title={t('retention.loadFailed')}
        onRetry={() => void query.refetch()}
        backTo="/dashboard"
        backLabel={t('retention.back')}
      />
    );

  const choice = (code: string) => LOG_RETENTIONS[code as TLogRetentionChoice]?.[lang] ?? code;
  const options = LOG_RETENTION_CODES.map((value) => ({ value, label: LOG_RETENTIONS[value][lang] }));

  const onClean = async (log: TCleanedLog) => {
    const retention = query.data[log];
    const confirmed = await feedback.confirm({
      title: t('retention.cleanTitle', { log: CLEANED_LOGS[log][lang] }),
      content: t('retention.cleanConfirm', { log: CLEANED_LOGS[log][lang], retention: choice(retention) }),
      okText: t('common:actions.confirm'),
      cancelText: t('common:actions.cancel'),
      danger: true,
    });
    if (!confirmed) return;
    try {
      const result = await clean.mutateAsync(log);
      feedback.success(t('retention.cleaned', { log: CLEANED_LOGS[log][lang], count: result.deleted }));
    } catch (error) {
      reportError(error);
    }
  };

  return (
    <Flex vertical gap={16} style={{ maxWidth: 720 }}>
      <Alert
        type="info"
        showIcon
        message={
          query.data.chosen
            ? t('retention.chosen')
            : t('retention.followsDefault', { retention: choice(query.data.defaultRetention) })
        }
        description={t('retention.schedule')}
      />
      <Form<TLogRetention>
        form={form}
        name="log-retention"
        layout="vertical"
        disabled={save.isPending}
        onFinish={async (values) => {
          try {
            await save.mutateAsync(values);
            feedback.success(t('retention.saved'));
          } catch (error) {
            reportError(error);
          }
        }}
      >
        {CLEANED_LOG_CODES.map((log) => (
          <Form.Item key={log} label={CLEANED_LOGS[log][lang]} required>
            <Space wrap>
              <Form.Item name={log} noStyle rules={[{ required: true, message: t('retention.required') }]}>
                <Select options={options} style={{ width: 260 }} aria-label={CLEANED_LOGS[log][lang]} />
              </Form.Item>
              <Button
                icon={<ClearOutlined />}
                loading={clean.isPending && clean.variables === log}
                onClick={() => void onClean(log)}
              >
                {t('retention.cleanNow')}
              </Button>
            </Space>
          </Form.Item>
        ))}
        <Typography.Paragraph type="secondary">{t('retention.cleanHint')}</Typography.Paragraph>
        <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending}>
          {t('retention.save')}
        </Button>
      </Form>
    </Flex>
  );
}

/** Log cleaning: what the operation log, the security events and the error log keep, and 'clean now'. */
export function LogRetentionPage() {
  const { t } = useTranslation('logs');
  const allowed = usePermission().has(LOG_RETENTION_MANAGE);
  if (!allowed) return <Result status="403" title="403" subTitle={t('forbidden')} />;
  return (
    <Card title={t('retention.title')}>
      <LogRetentionForm />
    </Card>
  );
}
