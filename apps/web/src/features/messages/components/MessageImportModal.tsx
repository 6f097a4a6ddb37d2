import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { formatDate } from '@portal/domain/format/format';
import { MSG_LEVELS, MSG_TYPES, type TMsgLevelCode, type TMsgTypeCode } from '@portal/domain/messages/codes';
import {
  MSG_IMPORT_COLUMNS,
  MSG_IMPORT_SEARCH_TYPES,
  type TMsgImportReport,
  type TMsgImportRowView,
  type TMsgImportSearchType,
} from '@portal/domain/messages/import';
import {
  Alert,
  Button,
  Flex,
  Modal,
  Popconfirm,
  Result,
  Spin,
  Steps,
  Table,
  Tag,
  Typography,
  Upload,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../lib/feedback.ts';
import { ApiError, errorMessage } from '../../../lib/http.ts';
import { downloadMessageImportTemplate, useImportMessages } from '../api/import-messages.ts';

export interface MessageImportModalProps {
  open: boolean;
  onClose: () => void;
}

const isReport = (data: unknown): data is TMsgImportReport =>
  typeof data === 'object' && data !== null && Array.isArray((data as TMsgImportReport).errors);

/**
 * Template, upload, the check of every row (errors by row and column in the current language,
 * the rows as they will be sent), then the import after a confirmation: every row or nothing.
 */
export function MessageImportModal({ open, onClose }: MessageImportModalProps) {
  const { t, i18n } = useTranslation('messages');
  const lang = (i18n.resolvedLanguage ?? i18n.language) === 'en' ? 'en' : 'zh';
  const [step, setStep] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<TMsgImportReport | null>(null);
  const [created, setCreated] = useState<number | null>(null);
  const importer = useImportMessages();

  const restart = () => {
    setStep(1);
    setFile(null);
    setReport(null);
    setCreated(null);
  };
  const close = () => {
    setStep(0);
    setFile(null);
    setReport(null);
    setCreated(null);
    onClose();
  };

  const check = async (chosen: File) => {
    if (!/\.xlsx$/i.test(chosen.name)) {
      feedback.error(t('import.onlyXlsx'));
      return;
    }
    try {
      setReport(await importer.mutateAsync({ file: chosen, dryRun: true }));
      setFile(chosen);
      setStep(2);
    } catch {
      // The http client showed the server's message (only .xlsx, header, empty file).
    }
  };

  const commit = async () => {
    if (!file) return;
    try {
      const answer = await importer.mutateAsync({ file, dryRun: false });
      setCreated(answer.created);
      setStep(3);
    } catch (error) {
      // A row went bad since the check (a provider left): show the new report.
      if (error instanceof ApiError && isReport(error.data)) setReport(error.data);
      feedback.error(errorMessage(error));
    }
  };

  const columnLabel = (key: string) => {
    const column = MSG_IMPORT_COLUMNS.find((c) => c.key === key);
    return column ? column[lang] : key;
  };
  const codeLabel = (table: Record<string, { zh: string; en: string }>, code: string) =>
    table[code]?.[lang] ?? code;

  return (
    <Modal open={open} onCancel={close} title={t('import.title')} footer={null} width={960} destroyOnHidden>
      <Steps
        size="small"
        current={step}
        style={{ marginBottom: 24 }}
        items={[
          { title: t('import.stepTemplate') },
          { title: t('import.stepUpload') },
          { title: t('import.stepCheck') },
          { title: t('import.stepDone') },
        ]}
      />
      {step === 0 && (
        <Flex vertical gap={16}>
          <Typography.Paragraph>{t('import.templateText')}</Typography.Paragraph>
          <Flex gap={8}>
            <Button
              icon={<DownloadOutlined />}
              onClick={() => void downloadMessageImportTemplate().catch(() => undefined)}
            >
              {t('import.downloadTemplate')}
            </Button>
            <Button type="primary" onClick={() => setStep(1)}>
              {t('import.next')}
            </Button>
          </Flex>
        </Flex>
      )}
      {step === 1 && (
        <Spin spinning={importer.isPending} description={t('import.checking')}>
          <Flex vertical gap={16}>
            <Typography.Paragraph>{t('import.uploadText')}</Typography.Paragraph>
            <Upload
              accept=".xlsx"
              maxCount={1}
              showUploadList={false}
              beforeUpload={(chosen) => {
                void check(chosen);
                return false;
              }}
            >
              <Button type="primary" icon={<UploadOutlined />}>
                {t('import.choose')}
              </Button>
            </Upload>
            <Button style={{ alignSelf: 'flex-start' }} onClick={() => setStep(0)}>
              {t('import.back')}
            </Button>
          </Flex>
        </Spin>
      )}
      {step === 2 && report && (
        <Spin spinning={importer.isPending} description={t('import.importing')}>
          <Flex vertical gap={16}>
            <Alert
              type={report.invalid > 0 ? 'error' : 'success'}
              showIcon
              title={t(report.invalid > 0 ? 'import.summaryErrors' : 'import.summaryOk', {
                total: report.total,
                valid: report.valid,
                invalid: report.invalid,
                file: file?.name ?? '',
              })}
            />
            {report.errors.length > 0 && (
              <Table
                size="small"
                rowKey={(e) => `${e.row}-${e.column}`}
                title={() => t('import.errorsTitle')}
                dataSource={report.errors}
                pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
                aria-label={t('import.errorsTitle')}
                columns={[
                  { key: 'row', title: t('import.row'), dataIndex: 'row', width: 70 },
                  {
                    key: 'column',
                    title: t('import.column'),
                    width: 160,
                    render: (_, e) => columnLabel(e.column),
                  },
                  {
                    key: 'message',
                    title: t('import.message'),
                    render: (_, e) => (
                      <Typography.Text type="danger">{lang === 'en' ? e.msg_en : e.msg}</Typography.Text>
                    ),
                  },
                ]}
              />
            )}
            <Table<TMsgImportRowView>
              size="small"
              rowKey="row"
              title={() => t('import.rowsTitle')}
              dataSource={report.rows}
              pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
              aria-label={t('import.rowsTitle')}
              scroll={{ x: 'max-content' }}
              columns={[
                { key: 'row', title: t('import.row'), dataIndex: 'row', width: 60 },
                {
                  key: 'name',
                  title: columnLabel('name'),
                  render: (_, r) => (lang === 'en' ? r.nameEn || r.name : r.name) || '-',
                },
                {
                  key: 'type',
                  title: columnLabel('msgType'),
                  render: (_, r) =>
                    codeLabel(MSG_TYPES as Record<TMsgTypeCode, { zh: string; en: string }>, r.msgType) ||
                    '-',
                },
                {
                  key: 'level',
                  title: columnLabel('msgLevel'),
                  render: (_, r) =>
                    codeLabel(MSG_LEVELS as Record<TMsgLevelCode, { zh: string; en: string }>, r.msgLevel) ||
                    '-',
                },
                {
                  key: 'validity',
                  title: t('compose.validity'),
                  render: (_, r) =>
                    r.validFrom && r.validTo ? (
                      <span style={{ whiteSpace: 'nowrap' }}>
                        {formatDate(r.validFrom, 'YYYY-MM-DD HH:mm')} ~
                        <br />
                        {formatDate(r.validTo, 'YYYY-MM-DD HH:mm')}
                      </span>
                    ) : (
                      '-'
                    ),
                },
                {
                  key: 'searchType',
                  title: columnLabel('searchType'),
                  render: (_, r) =>
                    codeLabel(
                      MSG_IMPORT_SEARCH_TYPES as Record<TMsgImportSearchType, { zh: string; en: string }>,
                      r.searchType,
                    ) || '-',
                },
                {
                  key: 'result',
                  title: t('import.result'),
                  render: (_, r) =>
                    r.ok ? (
                      <Tag color="success">{t('import.reaches', { count: r.recipients })}</Tag>
                    ) : (
                      <Tag color="error">{t('import.hasErrors')}</Tag>
                    ),
                },
              ]}
            />
            <Flex gap={8}>
              <Button onClick={restart}>{t('import.another')}</Button>
              <Popconfirm
                title={t('import.confirm', { count: report.total })}
                okText={t('import.confirmOk')}
                cancelText={t('manage.no')}
                onConfirm={() => void commit()}
                disabled={report.invalid > 0}
              >
                <Button type="primary" disabled={report.invalid > 0 || importer.isPending}>
                  {t('import.commit', { count: report.total })}
                </Button>
              </Popconfirm>
            </Flex>
          </Flex>
        </Spin>
      )}
      {step === 3 && created !== null && (
        <Result
          status="success"
          title={t('import.done', { count: created })}
          extra={[
            <Button key="again" onClick={restart}>
              {t('import.again')}
            </Button>,
            <Button key="close" type="primary" onClick={close}>
              {t('import.close')}
            </Button>,
          ]}
        />
      )}
    </Modal>
  );
}
