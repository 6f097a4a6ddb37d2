import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { MEMBER_IMPORT } from '@portal/domain/members/rules';
import { Alert, Button, Card, Flex, Result, Spin, Steps, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { feedback } from '../../../lib/feedback.ts';
import {
  downloadMemberTemplate,
  type TImportReport,
  type TImportRowError,
  useCommitMemberImport,
  usePreviewMemberImport,
} from '../api/member-import.ts';

/**
 * /member/import: operators load an insurer's member file. Template, upload (checked at once,
 * nothing saved), the row-level report, then the import of the same file, all rows or none.
 */
export function MemberImportPage() {
  const { t, i18n } = useTranslation('members');
  const lang = (i18n.resolvedLanguage ?? i18n.language) === 'en' ? 'en' : 'zh';
  const allowed = usePermission().has(MEMBER_IMPORT);
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<TImportReport | null>(null);
  const [done, setDone] = useState<{ created: number; updated: number } | null>(null);
  const preview = usePreviewMemberImport();
  const commit = useCommitMemberImport();
  if (!allowed) return <Result status="403" title="403" subTitle={t('import.forbidden')} />;

  const step = done ? 3 : report ? 2 : 1;
  const check = (chosen: File) => {
    setFile(chosen);
    setReport(null);
    setDone(null);
    preview.mutate(chosen, { onSuccess: setReport });
  };
  const confirm = async () => {
    if (!file || !report) return;
    const ok = await feedback.confirm({
      title: t('import.confirmTitle'),
      content: t('import.confirmContent', { members: report.members, policies: report.policies }),
      okText: t('import.confirmOk'),
      cancelText: t('network.cancel'),
    });
    if (!ok) return;
    commit.mutate(file, {
      onSuccess: (result) => setDone({ created: result.created, updated: result.updated }),
      onError: (error) => {
        const data = (error as { data?: unknown }).data as TImportReport | null;
        if (data && Array.isArray(data.errors)) setReport(data);
      },
    });
  };

  return (
    <Card title={t('import.title')}>
      <Flex vertical gap={24}>
        <Steps
          size="small"
          current={step}
          items={[
            { title: t('import.stepTemplate') },
            { title: t('import.stepUpload') },
            { title: t('import.stepReport') },
            { title: t('import.stepDone') },
          ]}
        />
        <Flex vertical gap={8}>
          <Typography.Paragraph style={{ marginBottom: 0 }}>{t('import.templateText')}</Typography.Paragraph>
          <Button
            style={{ alignSelf: 'flex-start' }}
            icon={<DownloadOutlined />}
            onClick={() => void downloadMemberTemplate().catch(() => undefined)}
          >
            {t('import.downloadTemplate')}
          </Button>
        </Flex>
        <Spin
          spinning={preview.isPending || commit.isPending}
          description={t(commit.isPending ? 'import.importing' : 'import.checking')}
        >
          <Flex vertical gap={16}>
            <Flex gap={12} align="center" wrap>
              <Upload
                accept=".xlsx,.csv"
                maxCount={1}
                showUploadList={false}
                beforeUpload={(chosen) => {
                  check(chosen);
                  return false;
                }}
              >
                <Button type="primary" icon={<UploadOutlined />}>
                  {t('import.choose')}
                </Button>
              </Upload>
              {file ? (
                <Typography.Text>{file.name}</Typography.Text>
              ) : (
                <Typography.Text type="secondary">{t('import.noFile')}</Typography.Text>
              )}
            </Flex>
            {report ? (
              <>
                <Alert
                  type={report.errorCount > 0 ? 'warning' : 'success'}
                  showIcon
                  title={t(report.errorCount > 0 ? 'import.summaryErrors' : 'import.summaryClean', {
                    total: report.total,
                    members: report.members,
                    policies: report.policies,
                    errors: report.errorCount,
                  })}
                />
                {report.errors.length > 0 ? (
                  <Table<TImportRowError>
                    size="small"
                    rowKey={(e) => `${e.sheet}-${e.row}-${e.field}-${e.msg_en}`}
                    title={() => t('import.errorsTitle')}
                    dataSource={report.errors}
                    pagination={{ pageSize: 10, showSizeChanger: false }}
                    columns={[
                      { key: 'sheet', title: t('import.sheet'), dataIndex: 'sheet', width: 110 },
                      { key: 'row', title: t('import.row'), dataIndex: 'row', width: 70 },
                      { key: 'key', title: t('import.key'), dataIndex: 'key', width: 160 },
                      { key: 'field', title: t('import.field'), dataIndex: 'field', width: 130 },
                      {
                        key: 'message',
                        title: t('import.message'),
                        render: (_, e) => (lang === 'en' ? e.msg_en : e.msg),
                      },
                    ]}
                  />
                ) : null}
                {done ? (
                  <Result
                    status="success"
                    title={t('import.doneTitle')}
                    subTitle={t('import.doneText', { created: done.created, updated: done.updated })}
                  />
                ) : (
                  <Button
                    type="primary"
                    style={{ alignSelf: 'flex-start' }}
                    disabled={report.errorCount > 0}
                    loading={commit.isPending}
                    onClick={() => void confirm()}
                  >
                    {t('import.confirm')}
                  </Button>
                )}
              </>
            ) : null}
          </Flex>
        </Spin>
      </Flex>
    </Card>
  );
}
