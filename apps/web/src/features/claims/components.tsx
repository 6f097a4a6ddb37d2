import {
  CLAIM_BATCH_STATUS,
  CLAIM_LINE_STATUS,
  CLAIM_REASON,
  codeName,
  STATEMENT_COLUMNS,
  type TClaimAuditLine,
  type TClaimBatch,
  type TStatementReport,
} from '@portal/domain/claims/rules';
import { formatMoney } from '@portal/domain/members/benefits';
import { Alert, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const BATCH_COLOURS: Record<string, string> = {
  [CLAIM_BATCH_STATUS.PENDING.code]: 'processing',
  [CLAIM_BATCH_STATUS.APPROVED.code]: 'success',
  [CLAIM_BATCH_STATUS.NOT_APPROVED.code]: 'error',
  [CLAIM_BATCH_STATUS.WITHDRAWN.code]: 'default',
};
const LINE_COLOURS: Record<string, string> = {
  [CLAIM_LINE_STATUS.PENDING.code]: 'processing',
  [CLAIM_LINE_STATUS.APPROVED.code]: 'success',
  [CLAIM_LINE_STATUS.REJECTED.code]: 'error',
};

export const useLang = (): 'zh' | 'en' => (useTranslation().i18n.language === 'en' ? 'en' : 'zh');

export function BatchStatusTag({ status }: { status: string }) {
  const lang = useLang();
  return <Tag color={BATCH_COLOURS[status] ?? 'default'}>{codeName(CLAIM_BATCH_STATUS, status, lang)}</Tag>;
}

export function LineStatusTag({ status }: { status: string }) {
  const lang = useLang();
  return <Tag color={LINE_COLOURS[status] ?? 'default'}>{codeName(CLAIM_LINE_STATUS, status, lang)}</Tag>;
}

/** 'CNY 1,250.50; HKD 20.00' of a batch's totals. */
export const totalsText = (totals: TClaimBatch['totals'], pick: 'claimed' | 'payable') =>
  totals.length === 0 ? '-' : totals.map((x) => `${x.currency} ${formatMoney(x[pick])}`).join('; ');

export function reasonNames(codes: readonly string[], lang: 'zh' | 'en') {
  return codes.map((c) => `${c} ${codeName(CLAIM_REASON, c, lang)}`).join('; ');
}

/** The benefit of a line's coverage: limit / used / pending / remaining. */
export function BenefitText({ line }: { line: TClaimAuditLine }) {
  const { t } = useTranslation('claims');
  const b = line.benefit;
  if (!b) return <>-</>;
  const limit = b.annualLimit === null ? t('audit.unlimited') : formatMoney(b.annualLimit);
  const remaining = b.remaining === null ? t('audit.unlimited') : formatMoney(b.remaining);
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {limit} / {formatMoney(b.used)} / {formatMoney(b.pending)} / <strong>{remaining}</strong>
    </span>
  );
}

const columnLabel = (key: string, lang: 'zh' | 'en') => {
  const c = STATEMENT_COLUMNS.find((x) => x[0] === key);
  return c ? (lang === 'zh' ? c[1] : c[2]) : '';
};

/** The statement's row report: a summary and one row per problem (row, column, message). */
export function StatementReportView({ report }: { report: TStatementReport }) {
  const { t } = useTranslation('claims');
  const lang = useLang();
  if (report.errorCount === 0)
    return (
      <Alert
        type="success"
        showIcon
        title={t('upload.reportOk', { rows: report.rows, totals: totalsText(report.totals, 'claimed') })}
      />
    );
  return (
    <>
      <Alert
        type="error"
        showIcon
        role="alert"
        title={t('upload.reportBad', { rows: report.rows, errors: report.errorCount })}
        description={
          report.errors.length < report.errorCount
            ? t('upload.reportMore', { shown: report.errors.length, errors: report.errorCount })
            : undefined
        }
        style={{ marginBottom: 8 }}
      />
      <Table
        size="small"
        rowKey={(e) => `${e.row}-${e.column}-${e.msg_en}`}
        dataSource={report.errors}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        columns={[
          { title: t('fields.row'), dataIndex: 'row', width: 80 },
          {
            title: t('fields.column'),
            render: (_, e) => (e.column ? columnLabel(e.column, lang) : t('upload.wholeRow')),
          },
          { title: t('fields.problem'), render: (_, e) => (lang === 'zh' ? e.msg : e.msg_en) },
        ]}
      />
    </>
  );
}
