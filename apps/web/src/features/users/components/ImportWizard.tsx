import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import {
  IMPORT_COLUMNS,
  type TImportMode,
  type TImportPreview,
  userPasswordProblem,
} from '@portal/domain/users/rules';
import {
  Alert,
  Button,
  Flex,
  Form,
  Input,
  Modal,
  Radio,
  Result,
  Spin,
  Steps,
  Table,
  Typography,
  Upload,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../lib/feedback.ts';
import { errorMessage } from '../../../lib/http.ts';
import { applyServerFieldErrors, issueText } from '../../../lib/zod-form.ts';
import {
  downloadImportTemplate,
  type TImportResult,
  useCommitImport,
  usePreviewImport,
} from '../api/user-files.ts';

export interface ImportWizardProps {
  open: boolean;
  onClose: () => void;
}

interface TCommitForm {
  mode: TImportMode;
  password: string;
}

/** Template, upload, check (row errors in the current language), choice of mode, commit. */
export function ImportWizard({ open, onClose }: ImportWizardProps) {
  const { t, i18n } = useTranslation('users');
  const lang = (i18n.resolvedLanguage ?? i18n.language) === 'en' ? 'en' : 'zh';
  const [step, setStep] = useState(0);
  const [preview, setPreview] = useState<TImportPreview | null>(null);
  const [result, setResult] = useState<TImportResult | null>(null);
  const [form] = Form.useForm<TCommitForm>();
  const check = usePreviewImport();
  const commit = useCommitImport();

  const restart = () => {
    setStep(0);
    setPreview(null);
    setResult(null);
    form.resetFields();
  };
  const close = () => {
    restart();
    onClose();
  };

  const upload = async (file: File) => {
    if (!/\.xlsx$/i.test(file.name)) {
      feedback.error(t('import.onlyXlsx'));
      return;
    }
    try {
      const answer = await check.mutateAsync(file);
      setPreview(answer);
      form.setFieldsValue({ mode: answer.invalid > 0 ? 'valid-only' : 'all-or-nothing' });
      setStep(2);
    } catch {
      // The http client showed the server's message (only .xlsx, header, empty file).
    }
  };

  const submit = async (values: TCommitForm) => {
    if (!preview) return;
    try {
      setResult(await commit.mutateAsync({ token: preview.token, ...values }));
      setStep(3);
    } catch (error) {
      if (!applyServerFieldErrors(form, error)) feedback.error(errorMessage(error));
    }
  };

  const columnLabel = (key: string) => {
    const column = IMPORT_COLUMNS.find((c) => c.key === key);
    return column ? column[lang] : key;
  };

  return (
    <Modal open={open} onCancel={close} title={t('import.title')} footer={null} width={820} destroyOnHidden>
      <Steps
        size="small"
        current={step}
        style={{ marginBottom: 24 }}
        items={[
          { title: t('import.stepTemplate') },
          { title: t('import.stepUpload') },
          { title: t('import.stepPreview') },
          { title: t('import.stepDone') },
        ]}
      />
      {step === 0 && (
        <Flex vertical gap={16}>
          <Typography.Paragraph>{t('import.templateText')}</Typography.Paragraph>
          <Flex gap={8}>
            <Button
              icon={<DownloadOutlined />}
              onClick={() => void downloadImportTemplate().catch(() => undefined)}
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
        <Spin spinning={check.isPending} description={t('import.checking')}>
          <Flex vertical gap={16}>
            <Typography.Paragraph>{t('import.uploadText')}</Typography.Paragraph>
            <Upload
              accept=".xlsx"
              maxCount={1}
              showUploadList={false}
              beforeUpload={(file) => {
                void upload(file);
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
      {step === 2 && preview && (
        <Flex vertical gap={16}>
          <Alert
            type={preview.invalid > 0 ? 'warning' : 'success'}
            showIcon
            title={t('import.summary', {
              total: preview.total,
              valid: preview.valid,
              invalid: preview.invalid,
            })}
          />
          {preview.errors.length > 0 ? (
            <Table
              size="small"
              rowKey={(e) => `${e.row}-${e.field}-${e.msg_en}`}
              title={() => t('import.errorsTitle')}
              dataSource={preview.errors}
              pagination={{ pageSize: 10, showSizeChanger: false }}
              columns={[
                { key: 'row', title: t('import.row'), dataIndex: 'row', width: 70 },
                { key: 'account', title: t('fields.account'), dataIndex: 'account', width: 160 },
                {
                  key: 'field',
                  title: t('import.field'),
                  width: 120,
                  render: (_, e) => columnLabel(e.field),
                },
                {
                  key: 'message',
                  title: t('import.message'),
                  render: (_, e) => (lang === 'en' ? e.msg_en : e.msg),
                },
              ]}
            />
          ) : (
            <Typography.Text type="success">{t('import.allValid')}</Typography.Text>
          )}
          <Form<TCommitForm> form={form} name="userImport" layout="vertical" onFinish={submit}>
            <Form.Item name="mode" label={t('import.mode')} rules={[{ required: true }]}>
              <Radio.Group
                options={[
                  { value: 'all-or-nothing', label: t('import.modeAll'), disabled: preview.invalid > 0 },
                  { value: 'valid-only', label: t('import.modeValid') },
                ]}
              />
            </Form.Item>
            <Form.Item
              name="password"
              label={t('import.password')}
              required
              extra={t('drawer.passwordHint')}
              rules={[
                {
                  validator: async (_, value?: string) => {
                    const problem = userPasswordProblem(value ?? '');
                    if (problem) throw new Error(issueText(problem));
                  },
                },
              ]}
            >
              <Input.Password maxLength={15} autoComplete="new-password" />
            </Form.Item>
            <Flex gap={8}>
              <Button onClick={() => setStep(1)}>{t('import.back')}</Button>
              <Button
                type="primary"
                htmlType="submit"
                loading={commit.isPending}
                disabled={preview.valid === 0}
              >
                {t('import.commit')}
              </Button>
            </Flex>
          </Form>
        </Flex>
      )}
      {step === 3 && result && (
        <Result
          status="success"
          title={t('import.result', { created: result.created, skipped: result.skipped })}
          extra={[
            <Button key="again" onClick={restart}>
              {t('import.again')}
            </Button>,
            <Button key="close" type="primary" onClick={close}>
              {t('actions.close')}
            </Button>,
          ]}
        />
      )}
    </Modal>
  );
}
