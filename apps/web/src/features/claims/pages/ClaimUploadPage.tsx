import { DownloadOutlined } from '@ant-design/icons';
import {
  CLAIM_IMAGE_BIZ_TYPE,
  CLAIM_STATEMENT_BIZ_TYPE,
  canClaimBatch,
  duplicateNames,
  type TClaimDetail,
  type TStatementReport,
} from '@portal/domain/claims/rules';
import { Alert, Button, Card, Form, Input, Result, Space, Spin, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { FileUpload } from '../../../components/file-upload/FileUpload.tsx';
import type { TUploadedFile } from '../../../components/file-upload/upload-state.ts';
import { feedback } from '../../../lib/feedback.ts';
import { ApiError, errorMessage } from '../../../lib/http.ts';
import { checkStatement, downloadStatementTemplate, useSubmitClaimBatch } from '../api/claim-actions.ts';
import { useClaimDetail } from '../api/claim-batches.ts';
import { StatementReportView } from '../components.tsx';

const stored = (f: { id: string; originalName: string; size: number }): TUploadedFile => ({
  id: f.id,
  name: f.originalName,
  size: f.size,
});

/** The statement's row report, checked again each time another statement is uploaded. */
function useStatementCheck() {
  const [report, setReport] = useState<TStatementReport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const latest = useRef('');
  const check = (fileId: string | undefined) => {
    latest.current = fileId ?? '';
    setReport(null);
    setProblem(null);
    if (!fileId) return;
    setChecking(true);
    checkStatement(fileId)
      .then((r) => latest.current === fileId && setReport(r))
      .catch((error: unknown) => latest.current === fileId && setProblem(errorMessage(error)))
      .finally(() => latest.current === fileId && setChecking(false));
  };
  return { report, setReport, problem, checking, check };
}

function ClaimForm({ batch }: { batch: TClaimDetail | null }) {
  const { t } = useTranslation('claims');
  const navigate = useNavigate();
  const submit = useSubmitClaimBatch();
  const [statement, setStatement] = useState<TUploadedFile[]>(
    batch?.statement ? [stored(batch.statement)] : [],
  );
  const [images, setImages] = useState<TUploadedFile[]>(batch ? batch.images.map(stored) : []);
  const [uploading, setUploading] = useState({ statement: false, images: false });
  const [remark, setRemark] = useState(batch?.batch.remark ?? '');
  const { report, setReport, problem, checking, check } = useStatementCheck();

  const onStatement = (files: TUploadedFile[]) => {
    const last = files.at(-1);
    setStatement(last ? [last] : []);
    check(last?.id);
  };

  const send = async () => {
    if (uploading.statement || uploading.images) {
      feedback.warning(t('upload.stillUploading'));
      return;
    }
    if (statement.length === 0 || images.length === 0) {
      feedback.error(t('upload.filesRequired'));
      return;
    }
    const twice = duplicateNames(images.map((f) => f.name));
    if (twice.length > 0) {
      feedback.error(t('upload.duplicateNames', { names: twice.join(', ') }));
      return;
    }
    try {
      const saved = await submit.mutateAsync({
        statementFileId: statement[0].id,
        imageFileIds: images.map((f) => f.id),
        id: batch?.batch.id,
        version: batch?.batch.version,
        remark,
      });
      feedback.success(t('upload.submitted', { batchNo: saved.batchNo }));
      navigate(`/claim/detail?id=${saved.id}`);
    } catch (error) {
      const data = error instanceof ApiError ? (error.data as { report?: TStatementReport } | null) : null;
      if (data?.report) setReport(data.report);
      feedback.error(errorMessage(error), 6);
    }
  };

  return (
    <Form layout="vertical" onFinish={send} style={{ maxWidth: 960 }}>
      <Form.Item label={t('fields.statement')} extra={t('upload.statementHint')}>
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Button icon={<DownloadOutlined />} onClick={() => downloadStatementTemplate()}>
            {t('upload.template')}
          </Button>
          <FileUpload
            listType="text"
            bucket="claim"
            bizType={CLAIM_STATEMENT_BIZ_TYPE}
            value={statement}
            onChange={onStatement}
            onUploadingChange={(busy) => setUploading((u) => ({ ...u, statement: busy }))}
            label={t('fields.statement')}
          />
        </Space>
      </Form.Item>
      <div aria-live="polite" style={{ marginBottom: 16 }}>
        {checking && <Spin size="small" description={t('upload.checking')} />}
        {problem && <Alert type="error" showIcon role="alert" title={problem} />}
        {report && <StatementReportView report={report} />}
      </div>
      <Form.Item label={t('fields.images')} extra={t('upload.imagesHint')}>
        <FileUpload
          listType="text"
          bucket="claim"
          bizType={CLAIM_IMAGE_BIZ_TYPE}
          value={images}
          onChange={setImages}
          onUploadingChange={(busy) => setUploading((u) => ({ ...u, images: busy }))}
          label={t('fields.images')}
        />
      </Form.Item>
      <Form.Item label={t('fields.remark')} htmlFor="claim-remark">
        <Input.TextArea
          id="claim-remark"
          rows={2}
          maxLength={1000}
          value={remark}
          onChange={(e) => setRemark(e.target.value)}
        />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={submit.isPending}>
          {t('upload.submit')}
        </Button>
        <Button onClick={() => navigate('/claim/detail')}>{t('upload.back')}</Button>
      </Space>
    </Form>
  );
}

/** /claim/submisson/upload (a new batch) and /claim/edit?id= (change a pending or withdrawn batch). */
export function ClaimUploadPage() {
  const { t } = useTranslation('claims');
  const [params] = useSearchParams();
  const id = params.get('id');
  const detail = useClaimDetail('batch', id);
  if (id && detail.isPending) return <Spin />;
  if (id && detail.isError) return <Result status="404" title={t('detail.notFound')} />;
  const batch = id ? (detail.data ?? null) : null;
  if (batch && !canClaimBatch('edit', batch.batch.status))
    return <Result status="warning" title={t('upload.notEditable')} />;
  return (
    <Card
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          {batch ? t('upload.editTitle', { batchNo: batch.batch.batchNo }) : t('upload.title')}
        </Typography.Title>
      }
    >
      <ClaimForm key={batch?.batch.version ?? 'new'} batch={batch} />
    </Card>
  );
}
