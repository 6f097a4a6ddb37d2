import {
  CLAIM_REASON,
  type CLAIM_REASON_CODES,
  canClaimBatch,
  type TClaimAuditLine,
  type TClaimDetail,
} from '@portal/domain/claims/rules';
import { formatMoney, sumMoney, toCents } from '@portal/domain/members/benefits';
import {
  Button,
  Card,
  Col,
  Empty,
  Input,
  Radio,
  Result,
  Row,
  Select,
  Space,
  Spin,
  Table,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { fileViewUrl } from '../../../components/file-upload/file-urls.ts';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { feedback } from '../../../lib/feedback.ts';
import { pickLanguage } from '../../../lib/i18n.ts';
import { useScrollRegion } from '../../../lib/use-scroll-region.ts';
import { useCostSuggestions } from '../../cost-control/api/cost-control.ts';
import { useBatchInvestigations } from '../../investigations/api/investigations.ts';
import { LineInvestigation } from '../../investigations/components.tsx';
import { MemberNameCell } from '../../members/components/MemberMasked.tsx';
import { useDecideClaimBatch } from '../api/claim-actions.ts';
import { useClaimDetail } from '../api/claim-batches.ts';
import { BatchStatusTag, BenefitText, totalsText, useLang } from '../components.tsx';

type TReason = (typeof CLAIM_REASON_CODES)[number];
interface TLineDecision {
  result: 'approved' | 'rejected';
  payableAmount: string;
  reasonCodes: TReason[];
}

const MONEY = /^\d{1,12}(\.\d{1,2})?$/;
const payableValid = (line: TClaimAuditLine, d: TLineDecision) =>
  d.result === 'rejected' ||
  (MONEY.test(d.payableAmount) && toCents(d.payableAmount) <= toCents(line.amount));
const overRemaining = (line: TClaimAuditLine, d: TLineDecision) =>
  d.result === 'approved' &&
  MONEY.test(d.payableAmount) &&
  line.benefit?.remaining != null &&
  toCents(d.payableAmount) > toCents(line.benefit.remaining);

/** The images of the batch, one at a time, in the browser's PDF viewer. */
function ImageViewer({ images }: { images: TClaimDetail['images'] }) {
  const { t } = useTranslation('claims');
  const [shown, setShown] = useState(images[0]?.id ?? null);
  return (
    <Card size="small" title={t('audit.viewer')} style={{ position: 'sticky', top: 16 }}>
      <Select
        style={{ width: '100%', marginBottom: 8 }}
        value={shown}
        aria-label={t('audit.viewer')}
        onChange={setShown}
        options={images.map((f) => ({ value: f.id, label: f.originalName }))}
      />
      {shown ? (
        <iframe
          title={images.find((f) => f.id === shown)?.originalName ?? t('audit.viewer')}
          src={fileViewUrl(shown)}
          style={{ width: '100%', height: '70vh', border: '1px solid #d9d9d9' }}
        />
      ) : (
        <Empty description={t('audit.noImage')} />
      )}
    </Card>
  );
}

function AuditForm({ detail }: { detail: TClaimDetail }) {
  const { t } = useTranslation('claims');
  const costT = useTranslation('cost-control').t;
  const lang = useLang();
  const navigate = useNavigate();
  const decide = useDecideClaimBatch();
  const { batch, lines } = detail;
  // The provider's accepted cost-control measures suggest deductions; the auditor applies them or not (decision 0047).
  const suggestions = new Map((useCostSuggestions(batch.id).data?.lines ?? []).map((s) => [s.lineId, s]));
  const seesInvestigations = usePermission().has('claim:medicalAudit:view');
  const investigations = useBatchInvestigations(batch.id, seesInvestigations).data ?? [];
  // The lines with their benefit, suggestion, investigation and decision scroll sideways.
  const tableRegion = useScrollRegion<HTMLDivElement>(t('audit.title', { batchNo: batch.batchNo }));
  const [decisions, setDecisions] = useState<Record<string, TLineDecision>>(() =>
    Object.fromEntries(
      lines.map((l) => [l.id, { result: 'approved', payableAmount: l.amount, reasonCodes: [] }]),
    ),
  );
  const [remark, setRemark] = useState('');
  const set = (id: string, patch: Partial<TLineDecision>) =>
    setDecisions((all) => ({ ...all, [id]: { ...all[id], ...patch } }));
  const approveAll = () =>
    setDecisions(
      Object.fromEntries(
        lines.map((l) => [l.id, { result: 'approved', payableAmount: l.amount, reasonCodes: [] }]),
      ),
    );
  const applySuggestion = (lineId: string) => {
    const s = suggestions.get(lineId);
    if (s) set(lineId, { result: 'approved', payableAmount: s.suggestedPayable });
  };
  const applyAllSuggestions = () => {
    for (const l of lines) applySuggestion(l.id);
  };

  const send = async () => {
    if (lines.some((l) => !payableValid(l, decisions[l.id]))) {
      feedback.error(t('audit.payableInvalid'));
      return;
    }
    if (
      lines.some((l) => decisions[l.id].result === 'rejected' && decisions[l.id].reasonCodes.length === 0)
    ) {
      feedback.error(t('audit.reasonRequired'));
      return;
    }
    const approved = lines.filter((l) => decisions[l.id].result === 'approved');
    const payable = [...new Set(approved.map((l) => l.currency))]
      .map(
        (c) =>
          `${c} ${formatMoney(sumMoney(approved.filter((l) => l.currency === c).map((l) => decisions[l.id].payableAmount)))}`,
      )
      .join('; ');
    const yes = await feedback.confirm({
      title: t('audit.decideTitle', { batchNo: batch.batchNo }),
      content: t('audit.decideContent', {
        approved: approved.length,
        rejected: lines.length - approved.length,
        payable: payable || '-',
      }),
      okText: t('detail.confirm'),
      cancelText: t('detail.cancel'),
    });
    if (!yes) return;
    await decide.mutateAsync({
      id: batch.id,
      version: batch.version,
      remark,
      lines: lines.map((l) => {
        const d = decisions[l.id];
        return d.result === 'approved'
          ? { lineId: l.id, result: 'approved', payableAmount: d.payableAmount, reasonCodes: d.reasonCodes }
          : { lineId: l.id, result: 'rejected', reasonCodes: d.reasonCodes };
      }),
    });
    feedback.success(t('audit.decided'));
    navigate(`/claim/adminDetail?id=${batch.id}`);
  };

  return (
    <>
      <div ref={tableRegion}>
        <Table<TClaimAuditLine>
          rowKey="id"
          size="small"
          dataSource={lines}
          scroll={{ x: 'max-content' }}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          columns={[
            { title: t('fields.row'), dataIndex: 'rowNo' },
            {
              title: t('fields.member'),
              render: (_, l) => (
                <>
                  <MemberNameCell memberId={l.memberId} name={l.memberName} nameEn={l.memberNameEn} />
                  <br />
                  <Typography.Text type="secondary">{l.memberId}</Typography.Text>
                </>
              ),
            },
            { title: t('fields.visitDate'), dataIndex: 'visitDate' },
            { title: t('fields.coverage'), render: (_, l) => `${l.coverageCode} ${l.currency}` },
            {
              title: t('fields.item'),
              render: (_, l) => `${l.icdCode} · ${l.itemCode} ${l.itemName} × ${l.quantity}`,
            },
            { title: t('fields.claimed'), align: 'right', render: (_, l) => formatMoney(l.amount) },
            { title: t('fields.benefit'), render: (_, l) => <BenefitText line={l} /> },
            { title: t('fields.preauthNo'), render: (_, l) => l.preauthNo || '-' },
            ...(suggestions.size > 0
              ? [
                  {
                    title: costT('audit.suggestion'),
                    render: (_: unknown, l: TClaimAuditLine) => {
                      const s = suggestions.get(l.id);
                      if (!s) return '-';
                      const applied =
                        decisions[l.id].result === 'approved' &&
                        decisions[l.id].payableAmount === s.suggestedPayable;
                      return (
                        <Space orientation="vertical" size={2}>
                          <Tooltip
                            title={costT('audit.hint', { measureNo: s.measureNo, proportion: s.proportion })}
                          >
                            <span style={{ whiteSpace: 'nowrap' }}>
                              −{formatMoney(s.deduction)} → {formatMoney(s.suggestedPayable)}
                            </span>
                          </Tooltip>
                          <Button
                            size="small"
                            disabled={applied}
                            aria-label={`${costT('audit.apply')} ${l.rowNo}`}
                            onClick={() => applySuggestion(l.id)}
                          >
                            {applied ? costT('audit.applied') : costT('audit.apply')}
                          </Button>
                        </Space>
                      );
                    },
                  },
                ]
              : []),
            ...(seesInvestigations
              ? [
                  {
                    title: t('fields.investigation'),
                    render: (_: unknown, l: TClaimAuditLine) => (
                      <LineInvestigation line={l} batchNo={batch.batchNo} cases={investigations} mayOpen />
                    ),
                  },
                ]
              : []),
            {
              title: t('fields.decision'),
              render: (_, l) => {
                const d = decisions[l.id];
                return (
                  <Space orientation="vertical" size={4}>
                    <Radio.Group
                      size="small"
                      value={d.result}
                      aria-label={`${t('fields.decision')} ${l.rowNo}`}
                      onChange={(e) => set(l.id, { result: e.target.value })}
                      options={[
                        { value: 'approved', label: t('audit.approve') },
                        { value: 'rejected', label: t('audit.reject') },
                      ]}
                      optionType="button"
                    />
                    {d.result === 'approved' && (
                      <Input
                        size="small"
                        style={{ width: 140 }}
                        aria-label={`${t('fields.payable')} ${l.rowNo}`}
                        status={payableValid(l, d) ? (overRemaining(l, d) ? 'warning' : undefined) : 'error'}
                        value={d.payableAmount}
                        onChange={(e) => set(l.id, { payableAmount: e.target.value.trim() })}
                        suffix={l.currency}
                      />
                    )}
                    {overRemaining(l, d) && (
                      <Typography.Text type="warning">{t('audit.overRemaining')}</Typography.Text>
                    )}
                    <Select
                      mode="multiple"
                      size="small"
                      style={{ minWidth: 200 }}
                      aria-label={`${t('fields.reasons')} ${l.rowNo}`}
                      placeholder={t('audit.reasonsPlaceholder')}
                      value={d.reasonCodes}
                      status={d.result === 'rejected' && d.reasonCodes.length === 0 ? 'error' : undefined}
                      onChange={(v: TReason[]) => set(l.id, { reasonCodes: v })}
                      options={Object.values(CLAIM_REASON).map((r) => ({
                        value: r.code,
                        label: `${r.code} ${r[lang]}`,
                      }))}
                    />
                  </Space>
                );
              },
            },
          ]}
        />
      </div>
      <Space orientation="vertical" style={{ width: '100%', marginTop: 16 }}>
        <Input.TextArea
          rows={2}
          maxLength={1000}
          placeholder={t('fields.decisionRemark')}
          aria-label={t('fields.decisionRemark')}
          value={remark}
          onChange={(e) => setRemark(e.target.value)}
        />
        <Space>
          <Button onClick={approveAll}>{t('audit.approveAll')}</Button>
          {suggestions.size > 0 && <Button onClick={applyAllSuggestions}>{costT('audit.applyAll')}</Button>}
          <Button type="primary" loading={decide.isPending} onClick={send}>
            {t('audit.decide')}
          </Button>
        </Space>
      </Space>
    </>
  );
}

/** /claim/audit/auditPage?id=: the lines beside the members' benefits and the images, decided together. */
export function ClaimAuditPage() {
  const { t } = useTranslation('claims');
  const id = useSearchParams()[0].get('id');
  const detail = useClaimDetail('audit', id);
  if (!id || detail.isError) return <Result status="404" title={t('detail.notFound')} />;
  if (detail.isPending) return <Spin />;
  const { batch, images } = detail.data;
  return (
    <Card
      title={
        <Space>
          {t('audit.title', { batchNo: batch.batchNo })}
          <BatchStatusTag status={batch.status} />
        </Space>
      }
      extra={`${pickLanguage(batch.providerCnName, batch.providerEnName)} · ${totalsText(batch.totals, 'claimed')}`}
    >
      {canClaimBatch('decide', batch.status) ? (
        <Row gutter={16}>
          <Col xs={24} xl={15}>
            <AuditForm key={batch.version} detail={detail.data} />
          </Col>
          <Col xs={24} xl={9}>
            <ImageViewer images={images} />
          </Col>
        </Row>
      ) : (
        <Result status="info" title={t('audit.notPending')} />
      )}
    </Card>
  );
}
