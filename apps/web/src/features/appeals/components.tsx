import {
  APPEAL_ACTION,
  APPEAL_STATUS,
  appealLabel,
  type TAppeal,
  type TAppealDetail,
} from '@portal/domain/appeals/rules';
import { CLAIM_LINE_STATUS, CLAIM_REASON, codeName } from '@portal/domain/claims/rules';
import { formatMoney } from '@portal/domain/members/benefits';
import { Card, Descriptions, Empty, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fileViewUrl } from '../../components/file-upload/file-urls.ts';
import { usePermission } from '../../components/permission/use-permission.ts';
import { Timeline } from '../../components/timeline/Timeline.tsx';
import { pickLanguage } from '../../lib/i18n.ts';
import { MemberName } from '../members/components/MemberMasked.tsx';
import type { TAppealArea } from './api/appeals.ts';

export const useLang = (): 'zh' | 'en' => (useTranslation().i18n.language === 'en' ? 'en' : 'zh');

/** Operators (who may read every appeal) use the audit calls; provider staff their own. */
export function useAppealArea(): TAppealArea {
  return usePermission().has('claim:appealAudit:view') ? 'audit' : 'case';
}

export const appealPaths = {
  list: '/claim/appeal/list',
  create: (lineId: string) => `/claim/appeal/create?lineId=${lineId}`,
  update: (id: string) => `/claim/appeal/update/${id}`,
  audit: (id: string) => `/claim/appeal/audit/${id}`,
  detail: (id: string) => `/claim/appeal/detail/${id}`,
};

const COLOURS: Record<string, string> = {
  [APPEAL_STATUS.PROCESSING.code]: 'processing',
  [APPEAL_STATUS.RETURNED.code]: 'warning',
  [APPEAL_STATUS.REJECTED.code]: 'error',
  [APPEAL_STATUS.APPROVED.code]: 'success',
  [APPEAL_STATUS.CLOSED.code]: 'default',
};

export function AppealStatusTag({ status }: { status: string }) {
  const lang = useLang();
  return <Tag color={COLOURS[status] ?? 'default'}>{appealLabel(APPEAL_STATUS, status, lang)}</Tag>;
}

export const reasonNames = (codes: readonly string[], lang: 'zh' | 'en') =>
  codes.map((c) => codeName(CLAIM_REASON, c, lang)).join('; ');

/** The claim line contested: batch and row, member, item, claimed and decided amounts. */
export function LineSummary({
  line,
  batchLink,
}: {
  line: {
    batchNo: string;
    rowNo: number;
    memberId: string;
    memberName: string;
    memberNameEn: string;
    visitDate: string;
    itemCode: string;
    itemName: string;
    currency: string;
    claimedAmount: string;
    decidedAmount: string | null;
  } & ({ lineStatus: string } | { status: string });
  batchLink?: string;
}) {
  const { t } = useTranslation('appeals');
  const lang = useLang();
  const status = 'lineStatus' in line ? line.lineStatus : line.status;
  const lineOf = t('detail.lineOf', { batchNo: line.batchNo, row: line.rowNo });
  return (
    <Descriptions size="small" bordered column={{ xs: 1, md: 2, xl: 3 }}>
      <Descriptions.Item label={t('fields.claimLine')}>
        {batchLink ? <Link to={batchLink}>{lineOf}</Link> : lineOf}
      </Descriptions.Item>
      <Descriptions.Item label={t('fields.member')}>
        <MemberName name={line.memberName} nameEn={line.memberNameEn} /> ({line.memberId})
      </Descriptions.Item>
      <Descriptions.Item label={t('fields.visitDate')}>{line.visitDate}</Descriptions.Item>
      <Descriptions.Item label={t('fields.item')}>
        {line.itemCode} {line.itemName}
      </Descriptions.Item>
      <Descriptions.Item label={t('fields.lineStatus')}>
        {codeName(CLAIM_LINE_STATUS, status, lang)}
      </Descriptions.Item>
      <Descriptions.Item label={t('fields.claimed')}>
        {line.currency} {formatMoney(line.claimedAmount)}
      </Descriptions.Item>
      <Descriptions.Item label={t('fields.decided')}>
        {line.decidedAmount === null ? '-' : `${line.currency} ${formatMoney(line.decidedAmount)}`}
      </Descriptions.Item>
    </Descriptions>
  );
}

/** The appeal itself: amounts, reason, who submitted, the decision. */
export function AppealFacts({ a }: { a: TAppeal }) {
  const { t } = useTranslation('appeals');
  return (
    <Descriptions size="small" bordered column={{ xs: 1, md: 2, xl: 3 }} style={{ marginTop: 16 }}>
      <Descriptions.Item label={t('fields.provider')}>
        {pickLanguage(a.providerCnName, a.providerEnName)}
      </Descriptions.Item>
      <Descriptions.Item label={t('fields.amount')}>
        {a.currency} {formatMoney(a.amount)}
      </Descriptions.Item>
      <Descriptions.Item label={t('fields.approvedAmount')}>
        {a.approvedAmount === null ? '-' : `${a.currency} ${formatMoney(a.approvedAmount)}`}
      </Descriptions.Item>
      <Descriptions.Item label={t('fields.submitted')}>
        {a.submitTime} · {pickLanguage(a.submittedByName, a.submittedByNameEn)}
      </Descriptions.Item>
      <Descriptions.Item label={t('fields.submitCount')}>{a.submitCount}</Descriptions.Item>
      <Descriptions.Item label={t('fields.decideTime')}>{a.decideTime ?? '-'}</Descriptions.Item>
      <Descriptions.Item label={t('fields.reason')} span={3}>
        <span style={{ whiteSpace: 'pre-wrap' }}>{a.reason}</span>
      </Descriptions.Item>
      {a.decisionRemark ? (
        <Descriptions.Item label={t('fields.decisionRemark')} span={3}>
          {a.decisionRemark}
        </Descriptions.Item>
      ) : null}
    </Descriptions>
  );
}

/** The attachments as links and the history of the appeal. */
export function AppealFilesAndFlow({ detail }: { detail: TAppealDetail }) {
  const { t } = useTranslation('appeals');
  const lang = useLang();
  return (
    <>
      <Card size="small" title={t('detail.files', { count: detail.files.length })}>
        {detail.files.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noFiles')} />
        ) : (
          <Space orientation="vertical" size={4}>
            {detail.files.map((f) => (
              <a key={f.id} href={fileViewUrl(f.id)} target="_blank" rel="noopener noreferrer">
                {f.originalName}
              </a>
            ))}
          </Space>
        )}
      </Card>
      <Card size="small" title={t('detail.flow')}>
        <Timeline
          items={detail.flow.map((f) => ({
            key: f.id,
            title: f.createTime,
            content: `${appealLabel(APPEAL_ACTION, f.action, lang)} · ${pickLanguage(f.operatorName, f.operatorNameEn)}${f.remark ? ` · ${f.remark}` : ''}`,
          }))}
        />
      </Card>
    </>
  );
}
