import {
  CLAIM_ACTION,
  CLAIM_BATCH_STATUS,
  CLAIM_LINE_STATUS,
  canClaimBatch,
  codeName,
  type TClaimAuditLine,
  type TClaimBatch,
  type TClaimBatchStatus,
} from '@portal/domain/claims/rules';
import { formatMoney, toCents } from '@portal/domain/members/benefits';
import { PREAUTH_VISIT_TYPE } from '@portal/domain/preauth/rules';
import {
  Button,
  Card,
  Descriptions,
  Empty,
  Form,
  Input,
  List,
  Result,
  Select,
  Space,
  Spin,
  Table,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { fileViewUrl } from '../../../components/file-upload/file-urls.ts';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { Timeline } from '../../../components/timeline/Timeline.tsx';
import { feedback } from '../../../lib/feedback.ts';
import { pickLanguage } from '../../../lib/i18n.ts';
import { useBatchInvestigations } from '../../investigations/api/investigations.ts';
import { LineInvestigation } from '../../investigations/components.tsx';
import { BatchInvoices } from '../../invoices/components/BatchInvoices.tsx';
import { MemberNameCell } from '../../members/components/MemberMasked.tsx';
import { logClaimMenu } from '../api/bury-log.ts';
import { useWithdrawClaimBatch } from '../api/claim-actions.ts';
import { type TClaimArea, useClaimBatches, useClaimDetail } from '../api/claim-batches.ts';
import { BatchStatusTag, LineStatusTag, reasonNames, totalsText, useLang } from '../components.tsx';

/** Where a batch opens: the provider's detail, the audit page for a pending batch, or the operator's detail. */
export function batchPath(area: TClaimArea, b: TClaimBatch) {
  if (area === 'batch') return `/claim/detail?id=${b.id}`;
  return canClaimBatch('decide', b.status)
    ? `/claim/audit/auditPage?id=${b.id}`
    : `/claim/adminDetail?id=${b.id}`;
}

type TFilter = { status: TClaimBatchStatus[]; batchNo?: string };

function BatchList({ area }: { area: TClaimArea }) {
  const { t } = useTranslation('claims');
  const lang = useLang();
  const navigate = useNavigate();
  const { has } = usePermission();
  const [body, setBody] = useState<{ current: number; size: number; model: TFilter }>({
    current: 1,
    size: 10,
    model: { status: area === 'audit' ? ['01'] : [] },
  });
  const list = useClaimBatches(area, body);
  return (
    <Card title={t(area === 'batch' ? 'list.title' : 'list.auditTitle')}>
      <Form<TFilter>
        layout="inline"
        initialValues={body.model}
        onFinish={(v) =>
          setBody({ current: 1, size: body.size, model: { status: v.status ?? [], batchNo: v.batchNo } })
        }
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="status" label={t('fields.status')}>
          <Select
            mode="multiple"
            allowClear
            style={{ minWidth: 220 }}
            placeholder={t('list.allStatuses')}
            options={Object.values(CLAIM_BATCH_STATUS).map((s) => ({ value: s.code, label: s[lang] }))}
          />
        </Form.Item>
        <Form.Item name="batchNo" label={t('fields.batchNo')}>
          <Input allowClear />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('list.search')}
          </Button>
          {area === 'batch' && has('claim:batch:edit') && (
            <Button onClick={() => navigate('/claim/submisson/upload')}>{t('list.submit')}</Button>
          )}
        </Space>
      </Form>
      <Table<TClaimBatch>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.empty')} /> }}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: body.current,
          pageSize: body.size,
          total: list.data?.total ?? 0,
          pageSizeOptions: [10, 20, 30, 50],
          showSizeChanger: true,
          onChange: (current, size) => setBody({ ...body, current, size }),
        }}
        columns={[
          {
            title: t('fields.batchNo'),
            dataIndex: 'batchNo',
            render: (no: string, b) => <Link to={batchPath(area, b)}>{no}</Link>,
          },
          { title: t('fields.status'), render: (_, b) => <BatchStatusTag status={b.status} /> },
          ...(area === 'audit'
            ? [
                {
                  title: t('fields.provider'),
                  render: (_: unknown, b: TClaimBatch) => pickLanguage(b.providerCnName, b.providerEnName),
                },
              ]
            : []),
          { title: t('fields.statement'), dataIndex: 'statementName' },
          { title: t('fields.lineCount'), dataIndex: 'lineCount', align: 'right' as const },
          {
            title: t('fields.claimed'),
            align: 'right' as const,
            render: (_, b) => totalsText(b.totals, 'claimed'),
          },
          {
            title: t('fields.payable'),
            align: 'right' as const,
            render: (_, b) => (b.decideTime ? totalsText(b.totals, 'payable') : '-'),
          },
          { title: t('fields.submitTime'), dataIndex: 'submitTime' },
        ]}
      />
    </Card>
  );
}

/** The investigations of the lines, for operators: the case of each line, or a way to open one. */
function useLineInvestigations(batch: TClaimBatch | null) {
  const cases = useBatchInvestigations(batch?.id ?? '', batch !== null).data ?? [];
  const { t } = useTranslation('claims');
  if (!batch) return [];
  return [
    {
      title: t('fields.investigation'),
      render: (_: unknown, l: TClaimAuditLine) => (
        <LineInvestigation
          line={l}
          batchNo={batch.batchNo}
          cases={cases}
          mayOpen={batch.status !== CLAIM_BATCH_STATUS.WITHDRAWN.code}
        />
      ),
    },
  ];
}

/**
 * The provider's way to appeal a line of an approved batch (decision 0049): rejected lines and
 * lines paid less than claimed link to the appeal screen.
 */
function useLineAppeals(batch: TClaimBatch | null) {
  const { t } = useTranslation('claims');
  if (!batch || batch.status !== CLAIM_BATCH_STATUS.APPROVED.code) return [];
  return [
    {
      title: t('fields.appeal'),
      render: (_: unknown, l: TClaimAuditLine) =>
        l.status === CLAIM_LINE_STATUS.REJECTED.code ||
        (l.status === CLAIM_LINE_STATUS.APPROVED.code &&
          l.payableAmount !== null &&
          toCents(l.payableAmount) < toCents(l.amount)) ? (
          <Link
            to={`/claim/appeal/create?lineId=${l.id}`}
            aria-label={t('detail.appealRow', { row: l.rowNo })}
          >
            {t('detail.appeal')}
          </Link>
        ) : (
          '-'
        ),
    },
  ];
}

/**
 * The lines of a batch with their outcome; for operators (`batch` given) with their
 * investigations, for provider staff who may appeal (`appealBatch` given) with the way to appeal.
 */
export function LinesTable({
  lines,
  batch = null,
  appealBatch = null,
}: {
  lines: TClaimAuditLine[];
  batch?: TClaimBatch | null;
  appealBatch?: TClaimBatch | null;
}) {
  const { t } = useTranslation('claims');
  const lang = useLang();
  const investigationColumns = useLineInvestigations(batch);
  const appealColumns = useLineAppeals(appealBatch);
  return (
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
              <MemberNameCell memberId={l.memberId} name={l.memberName} nameEn={l.memberNameEn} /> (
              {l.memberId})
            </>
          ),
        },
        {
          title: t('fields.visitDate'),
          render: (_, l) => `${l.visitDate} ${codeName(PREAUTH_VISIT_TYPE, l.visitType, lang)}`,
        },
        { title: t('fields.coverage'), dataIndex: 'coverageCode' },
        { title: t('fields.icd'), render: (_, l) => `${l.icdCode} ${l.diagnosis}` },
        { title: t('fields.item'), render: (_, l) => `${l.itemCode} ${l.itemName} × ${l.quantity}` },
        {
          title: t('fields.claimed'),
          align: 'right',
          render: (_, l) => `${l.currency} ${formatMoney(l.amount)}`,
        },
        { title: t('fields.lineStatus'), render: (_, l) => <LineStatusTag status={l.status} /> },
        {
          title: t('fields.payable'),
          align: 'right',
          render: (_, l) =>
            l.payableAmount === null ? '-' : `${l.currency} ${formatMoney(l.payableAmount)}`,
        },
        {
          title: t('fields.reasons'),
          render: (_, l) =>
            [reasonNames(l.reasonCodes, lang), l.decisionRemark].filter(Boolean).join(' — ') || '-',
        },
        { title: t('fields.preauthNo'), render: (_, l) => l.preauthNo || '-' },
        ...investigationColumns,
        ...appealColumns,
      ]}
    />
  );
}

function BatchDetail({ area, id }: { area: TClaimArea; id: string }) {
  const { t } = useTranslation('claims');
  const lang = useLang();
  const navigate = useNavigate();
  const { has } = usePermission();
  const detail = useClaimDetail(area, id);
  const withdraw = useWithdrawClaimBatch();
  if (detail.isPending) return <Spin />;
  if (detail.isError) return <Result status="404" title={t('detail.notFound')} />;
  const { batch, lines, statement, images, flow } = detail.data;
  const mayEdit = area === 'batch' && has('claim:batch:edit');
  const confirmWithdraw = async () => {
    const yes = await feedback.confirm({
      title: t('detail.withdrawTitle', { batchNo: batch.batchNo }),
      content: t('detail.withdrawContent'),
      okText: t('detail.confirm'),
      cancelText: t('detail.cancel'),
      danger: true,
    });
    if (!yes) return;
    await withdraw.mutateAsync({ id: batch.id, version: batch.version });
    feedback.success(t('detail.withdrawn'));
  };
  return (
    <Card
      title={t('detail.title', { batchNo: batch.batchNo })}
      extra={
        <Space>
          {mayEdit && canClaimBatch('withdraw', batch.status) && (
            <Button danger loading={withdraw.isPending} onClick={confirmWithdraw}>
              {t('detail.withdraw')}
            </Button>
          )}
          {mayEdit && canClaimBatch('edit', batch.status) && (
            <Button onClick={() => navigate(`/claim/edit?id=${batch.id}`)}>{t('detail.edit')}</Button>
          )}
          {area === 'audit' && canClaimBatch('decide', batch.status) && (
            <Button type="primary" onClick={() => navigate(`/claim/audit/auditPage?id=${batch.id}`)}>
              {t('detail.audit')}
            </Button>
          )}
        </Space>
      }
    >
      <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('fields.status')}>
          <BatchStatusTag status={batch.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.provider')}>
          {pickLanguage(batch.providerCnName, batch.providerEnName)}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.lineCount')}>{batch.lineCount}</Descriptions.Item>
        <Descriptions.Item label={t('fields.claimed')}>
          {totalsText(batch.totals, 'claimed')}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.payable')}>
          {batch.decideTime ? totalsText(batch.totals, 'payable') : '-'}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.submitTime')}>{batch.submitTime}</Descriptions.Item>
        <Descriptions.Item label={t('fields.remark')}>{batch.remark || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('fields.decisionRemark')}>
          {batch.decisionRemark || '-'}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.decideTime')}>{batch.decideTime ?? '-'}</Descriptions.Item>
      </Descriptions>
      <h3>{t('detail.lines')}</h3>
      <LinesTable
        lines={lines}
        batch={area === 'audit' && has('claim:medicalAudit:view') ? batch : null}
        appealBatch={area === 'batch' && has('claim:appeal:edit') ? batch : null}
      />
      {batch.status === CLAIM_BATCH_STATUS.APPROVED.code && <BatchInvoices batchId={batch.id} />}
      <h3>{t('detail.files')}</h3>
      <List
        size="small"
        locale={{ emptyText: t('detail.noFiles') }}
        dataSource={[...(statement ? [statement] : []), ...images]}
        renderItem={(f) => (
          <List.Item>
            <a href={fileViewUrl(f.id)} target="_blank" rel="noopener noreferrer">
              {f.originalName}
            </a>
          </List.Item>
        )}
      />
      <h3>{t('detail.flow')}</h3>
      <Timeline
        items={flow.map((f) => ({
          key: f.id,
          title: f.createTime,
          content: `${codeName(CLAIM_ACTION, f.action, lang)} · ${pickLanguage(f.operatorName, f.operatorNameEn)}${f.remark ? ` · ${f.remark}` : ''}`,
        }))}
      />
    </Card>
  );
}

/** /claim/detail: the provider's batches, or one batch with ?id=. Opening the menu is logged. */
export function ClaimDetailPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  useEffect(() => {
    if (!id) logClaimMenu('/claim/detail');
  }, [id]);
  return id ? <BatchDetail area="batch" id={id} /> : <BatchList area="batch" />;
}

/** /claim/audit/upload: the batches to audit. */
export function ClaimAuditListPage() {
  return <BatchList area="audit" />;
}

/** /claim/adminDetail?id=: the operator's view of a batch. */
export function ClaimAdminDetailPage() {
  const { t } = useTranslation('claims');
  const id = useSearchParams()[0].get('id');
  return id ? <BatchDetail area="audit" id={id} /> : <Result status="404" title={t('detail.notFound')} />;
}
