import {
  batchAmounts,
  isRate,
  PAY_BATCH_MAX_ITEMS,
  PAYABLE_PAGE_SIZES,
  type TPayableLine,
  type TPayBillSave,
  ZPayBillSave,
} from '@portal/domain/accounting/rules';
import { fromCents, toCents } from '@portal/domain/members/benefits';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  Form,
  Input,
  Select,
  Space,
  Table,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { feedback } from '../../../lib/feedback.ts';
import { issueText } from '../../../lib/zod-form.ts';
import { MemberNameCell } from '../../members/components/MemberMasked.tsx';
import { useBuildPayBatch } from '../api/pay-actions.ts';
import { ACCOUNTING_KEY, useAccOptions, usePayable } from '../api/pay-batches.ts';
import { AccProviderSelect } from '../components/AccProviderSelect.tsx';
import { amountsText, money } from '../components/status.tsx';

const MONEY = /^\d{1,12}(\.\d{1,2})?$/;

/** Whether an amount to pay is valid for the line: more than zero, two decimals, at most what is left. */
export function amountProblem(line: TPayableLine, amount: string): 'format' | 'over' | null {
  const text = amount.trim();
  if (!MONEY.test(text) || toCents(text) <= 0n) return 'format';
  return toCents(text) > toCents(line.outstanding) ? 'over' : null;
}

/** What the operator chose: every line the filter matches less some, or only the lines picked. */
type TSelection =
  | { mode: 'all'; excluded: Map<string, TPayableLine> }
  | { mode: 'some'; picked: Map<string, TPayableLine> };
const ALL: TSelection = { mode: 'all', excluded: new Map() };
type TFilter = { currency?: string; claimBatchNo?: string };

/**
 * /claim/acc/build: the operator picks a provider's outstanding, invoiced claims and builds a
 * payment batch. The lines come a page at a time from the server (issue 10); "all matching" is
 * the default and is sent as the filter (less the lines left out), so the server, not the page,
 * decides which lines it covers.
 */
export function PayBatchBuildPage() {
  const { t } = useTranslation('accounting');
  const navigate = useNavigate();
  const client = useQueryClient();
  const currencies = useAccOptions('currency');
  // ?providerId= opens the page on a provider (links from the monthly bills and the board).
  const [providerId, setProviderIdState] = useState<string | null>(useSearchParams()[0].get('providerId'));
  const [filter, setFilterState] = useState<TFilter>({});
  const [batchNoText, setBatchNoText] = useState('');
  const [paging, setPaging] = useState<{ current: number; size: number }>({ current: 1, size: 20 });
  const payable = usePayable(providerId ? { providerId, ...filter, ...paging } : null);
  const build = useBuildPayBatch();
  const [currency, setCurrency] = useState<string | null>(null);
  const [selection, setSelection] = useState<TSelection>(ALL);
  /** Amounts typed for lines (other than what is left to pay), with the line they belong to. */
  const [amounts, setAmounts] = useState<Map<string, { line: TPayableLine; amount: string }>>(new Map());
  const [rates, setRates] = useState<Record<string, string>>({});
  const [remark, setRemark] = useState('');
  const data = payable.data?.providerId === providerId ? payable.data : undefined;
  const lines = data?.records ?? [];

  // A new provider or filter: every matching claim chosen in full.
  const reset = () => {
    setSelection(ALL);
    setAmounts(new Map());
    setPaging((p) => ({ ...p, current: 1 }));
  };
  const setProviderId = (id: string) => {
    setProviderIdState(id);
    setFilterState({});
    setBatchNoText('');
    setCurrency(null);
    setRates({});
    reset();
  };
  const setFilter = (next: TFilter) => {
    setFilterState(next);
    reset();
  };
  // The invoice currency of a new provider: its account currency, else the currency of its claims.
  useEffect(() => {
    if (data && currency === null)
      setCurrency(data.accountCurrency ?? data.outstanding[0]?.currency ?? 'CNY');
  }, [data, currency]);

  const isChosen = (lineId: string) =>
    selection.mode === 'all' ? !selection.excluded.has(lineId) : selection.picked.has(lineId);
  const amountOf = (l: TPayableLine) => amounts.get(l.lineId)?.amount ?? l.outstanding;
  const choose = (changed: readonly TPayableLine[], on: boolean) => {
    const next = new Map(selection.mode === 'all' ? selection.excluded : selection.picked);
    const add = selection.mode === 'all' ? !on : on;
    for (const l of changed) {
      if (add) next.set(l.lineId, l);
      else next.delete(l.lineId);
    }
    setSelection(selection.mode === 'all' ? { mode: 'all', excluded: next } : { mode: 'some', picked: next });
  };

  // The claims chosen per claim currency (count and amount), whatever page they are on.
  const chosenSums = (() => {
    const sums = new Map<string, { count: number; cents: bigint }>();
    const add = (c: string, n: number, cents: bigint) => {
      const s = sums.get(c) ?? { count: 0, cents: 0n };
      sums.set(c, { count: s.count + n, cents: s.cents + cents });
    };
    if (selection.mode === 'all') {
      for (const o of data?.outstanding ?? []) add(o.currency, o.count, toCents(o.amount));
      for (const l of selection.excluded.values()) add(l.currency, -1, -toCents(l.outstanding));
      for (const { line, amount } of amounts.values())
        if (!selection.excluded.has(line.lineId) && MONEY.test(amount.trim()))
          add(line.currency, 0, toCents(amount.trim()) - toCents(line.outstanding));
    } else
      for (const l of selection.picked.values())
        add(l.currency, 1, MONEY.test(amountOf(l).trim()) ? toCents(amountOf(l).trim()) : 0n);
    return [...sums].filter(([, s]) => s.count > 0).sort(([a], [b]) => a.localeCompare(b));
  })();
  const count = chosenSums.reduce((n, [, s]) => n + s.count, 0);
  const tooMany = count > PAY_BATCH_MAX_ITEMS;
  const otherCurrencies = chosenSums.map(([c]) => c).filter((c) => c !== currency);
  const chosenTyped = [...amounts.values()].filter(({ line }) => isChosen(line.lineId));
  const problems = chosenTyped.map(({ line, amount }) => amountProblem(line, amount)).filter(Boolean);
  const ratesReady = otherCurrencies.every((c) => isRate(rates[c] ?? ''));
  // Picked lines are converted line by line, as the server will, and so is "all matching" when
  // every matching line is on the page; else per currency, so with a rate its total is an
  // estimate (the batch's lines are rounded one by one).
  const allOnPage = selection.mode === 'all' && data !== undefined && data.total === lines.length;
  const approximate = selection.mode === 'all' && !allOnPage && otherCurrencies.length > 0;
  const preview = (() => {
    // Sums of another filter or page still on screen while the new one loads: wait for it.
    if (payable.isPlaceholderData) return null;
    if (!currency || count === 0 || tooMany || problems.length > 0 || !ratesReady) return null;
    const known =
      selection.mode === 'some'
        ? [...selection.picked.values()]
        : allOnPage
          ? lines.filter((l) => isChosen(l.lineId))
          : null;
    const parts = known
      ? known.map((l) => ({ currency: l.currency, amount: amountOf(l).trim() }))
      : chosenSums.map(([c, s]) => ({ currency: c, amount: fromCents(s.cents) }));
    const result = batchAmounts(
      parts,
      currency,
      Object.fromEntries(otherCurrencies.map((c) => [c, rates[c]])),
    );
    return 'total' in result ? result : null;
  })();

  const submit = async () => {
    if (!providerId || !currency || !preview) return;
    const rateList = otherCurrencies.map((c) => ({ currency: c, rate: (rates[c] ?? '').trim() }));
    const input: TPayBillSave =
      selection.mode === 'some'
        ? {
            providerId,
            invoiceCurrency: currency,
            items: [...selection.picked.values()].map((l) => ({
              lineId: l.lineId,
              amount: amountOf(l).trim(),
            })),
            rates: rateList,
            remark,
          }
        : {
            providerId,
            invoiceCurrency: currency,
            items: chosenTyped.map(({ line, amount }) => ({ lineId: line.lineId, amount: amount.trim() })),
            matching: {
              ...filter,
              excludeLineIds: [...selection.excluded.keys()],
              expected: {
                count,
                amounts: chosenSums.map(([c, s]) => ({ currency: c, amount: fromCents(s.cents) })),
              },
            },
            rates: rateList,
            remark,
          };
    const parsed = ZPayBillSave.safeParse(input);
    if (!parsed.success) {
      feedback.error(issueText(parsed.error.issues[0]?.message ?? ''));
      return;
    }
    const total = money(currency, preview.total);
    const yes = await feedback.confirm({
      title: t('build.confirmTitle'),
      content: t(approximate ? 'build.confirmContentApprox' : 'build.confirmContent', { count, total }),
      okText: t('build.submit'),
      cancelText: t('detail.cancelDialog'),
    });
    if (!yes) return;
    try {
      const detail = await build.mutateAsync(input);
      feedback.success(t('build.built', { payBatchNo: detail.batch.payBatchNo }));
      navigate(`/claim/acc/detail?payBatchNo=${encodeURIComponent(detail.batch.payBatchNo)}`);
    } catch {
      // The message is shown by the client; the lines may have changed (409): show them again.
      await client.invalidateQueries({ queryKey: [...ACCOUNTING_KEY, 'payable'] });
    }
  };

  return (
    <Card title={t('build.title')}>
      <Form layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item label={t('fields.provider')} required>
          <AccProviderSelect
            style={{ width: 280 }}
            aria-label={t('fields.provider')}
            placeholder={t('build.chooseProvider')}
            value={providerId}
            onChange={(id) => id && setProviderId(id)}
          />
        </Form.Item>
        <Form.Item label={t('fields.invoiceCurrency')} required>
          <Select
            showSearch
            style={{ width: 140 }}
            aria-label={t('fields.invoiceCurrency')}
            disabled={!providerId}
            value={currency}
            onChange={setCurrency}
            options={(currencies.data ?? []).map((o) => ({ value: o.code, label: o.code }))}
          />
        </Form.Item>
        <Form.Item label={t('build.claimCurrency')}>
          <Select
            allowClear
            style={{ width: 160 }}
            aria-label={t('build.claimCurrency')}
            placeholder={t('list.allCurrencies')}
            disabled={!providerId}
            value={filter.currency ?? null}
            onChange={(v: string | null | undefined) => setFilter({ ...filter, currency: v ?? undefined })}
            options={(currencies.data ?? []).map((o) => ({ value: o.code, label: o.code }))}
          />
        </Form.Item>
        <Form.Item label={t('fields.claimBatchNo')}>
          <Input.Search
            allowClear
            style={{ width: 220 }}
            maxLength={32}
            aria-label={t('fields.claimBatchNo')}
            disabled={!providerId}
            value={batchNoText}
            onChange={(e) => setBatchNoText(e.target.value)}
            onSearch={(v) => setFilter({ ...filter, claimBatchNo: v.trim() || undefined })}
          />
        </Form.Item>
      </Form>
      {!providerId ? (
        <Empty description={t('build.pickProvider')} />
      ) : (
        <>
          {(data?.awaitingInvoice.length ?? 0) > 0 && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 12 }}
              title={t('build.awaitingInvoice', {
                amounts: amountsText(data?.awaitingInvoice ?? []),
              })}
            />
          )}
          {data && data.total > 0 && (
            <Flex align="center" gap={8} wrap style={{ marginBottom: 8 }}>
              <Typography.Text>
                {selection.mode === 'all'
                  ? t('build.chosenAll', { count, total: data.total })
                  : t('build.chosenSome', { count, total: data.total })}
              </Typography.Text>
              {(selection.mode === 'some' || selection.excluded.size > 0) && (
                <Button size="small" onClick={() => setSelection(ALL)}>
                  {t('build.chooseAll', { total: data.total })}
                </Button>
              )}
              {count > 0 && (
                <Button size="small" onClick={() => setSelection({ mode: 'some', picked: new Map() })}>
                  {t('build.chooseNone')}
                </Button>
              )}
            </Flex>
          )}
          {tooMany && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              title={t('build.tooMany', { count, max: PAY_BATCH_MAX_ITEMS })}
            />
          )}
          <Table<TPayableLine>
            rowKey="lineId"
            size="small"
            loading={payable.isFetching}
            dataSource={lines}
            scroll={{ x: 'max-content' }}
            pagination={{
              current: paging.current,
              pageSize: paging.size,
              total: data?.total ?? 0,
              pageSizeOptions: PAYABLE_PAGE_SIZES.map(String),
              showSizeChanger: true,
              hideOnSinglePage: (data?.total ?? 0) <= 10,
              onChange: (current, size) => setPaging({ current: size === paging.size ? current : 1, size }),
            }}
            locale={{
              emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('build.nothing')} />,
            }}
            rowSelection={{
              selectedRowKeys: lines.filter((l) => isChosen(l.lineId)).map((l) => l.lineId),
              onSelect: (l, on) => choose([l], on),
              onSelectAll: (on, _rows, changed) => choose(changed, on),
              getCheckboxProps: (l) => ({
                'aria-label': t('detail.selectLine', { batchNo: l.claimBatchNo, row: l.rowNo }),
              }),
            }}
            columns={[
              { title: t('fields.claimBatchNo'), dataIndex: 'claimBatchNo' },
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
              { title: t('fields.visitDate'), dataIndex: 'visitDate' },
              { title: t('fields.item'), dataIndex: 'itemName' },
              {
                title: t('fields.payable'),
                align: 'right',
                render: (_, l) => money(l.currency, l.payableAmount),
              },
              { title: t('fields.paid'), align: 'right', render: (_, l) => money(l.currency, l.paidAmount) },
              { title: t('fields.held'), align: 'right', render: (_, l) => money(l.currency, l.heldAmount) },
              {
                title: t('fields.outstanding'),
                align: 'right',
                render: (_, l) => money(l.currency, l.outstanding),
              },
              {
                title: t('build.toPay'),
                render: (_, l) => {
                  const problem = isChosen(l.lineId) ? amountProblem(l, amountOf(l)) : null;
                  return (
                    <Space orientation="vertical" size={0}>
                      <Input
                        size="small"
                        style={{ width: 140 }}
                        prefix={l.currency}
                        inputMode="decimal"
                        aria-label={t('build.toPayLine', { batchNo: l.claimBatchNo, row: l.rowNo })}
                        status={problem ? 'error' : undefined}
                        disabled={!isChosen(l.lineId)}
                        value={amountOf(l)}
                        onChange={(e) =>
                          setAmounts(new Map(amounts).set(l.lineId, { line: l, amount: e.target.value }))
                        }
                      />
                      {problem && (
                        <Typography.Text type="danger" style={{ fontSize: 12 }}>
                          {t(problem === 'over' ? 'build.over' : 'build.format', {
                            max: money(l.currency, l.outstanding),
                          })}
                        </Typography.Text>
                      )}
                    </Space>
                  );
                },
              },
            ]}
          />
          {otherCurrencies.length > 0 && (
            <Card size="small" title={t('build.rates')} style={{ marginTop: 12 }}>
              <Space wrap>
                {otherCurrencies.map((c) => (
                  <Input
                    key={c}
                    style={{ width: 260 }}
                    prefix={`1 ${c} =`}
                    suffix={currency}
                    inputMode="decimal"
                    aria-label={t('build.rateOf', { currency: c, invoiceCurrency: currency })}
                    status={rates[c] && !isRate(rates[c]) ? 'error' : undefined}
                    value={rates[c] ?? ''}
                    onChange={(e) => setRates({ ...rates, [c]: e.target.value })}
                  />
                ))}
              </Space>
              <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
                {t('build.rateHint')}
              </Typography.Paragraph>
            </Card>
          )}
          <Descriptions
            size="small"
            column={{ xs: 1, md: 3 }}
            style={{ marginTop: 16 }}
            items={[
              { key: 'count', label: t('fields.claims'), children: count },
              {
                key: 'total',
                label: t('fields.totalAmount'),
                children:
                  preview && currency ? (
                    <>
                      {approximate && <span title={t('build.approxHint')}>≈ </span>}
                      <strong>{money(currency, preview.total)}</strong>
                      {approximate && (
                        <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                          {t('build.approxHint')}
                        </Typography.Text>
                      )}
                    </>
                  ) : (
                    '-'
                  ),
              },
            ]}
          />
          <Input.TextArea
            rows={2}
            maxLength={500}
            showCount
            placeholder={t('build.remark')}
            aria-label={t('fields.remark')}
            value={remark}
            onChange={(e) => setRemark(e.target.value)}
            style={{ margin: '8px 0 16px' }}
          />
          <Space>
            <Button type="primary" disabled={!preview} loading={build.isPending} onClick={submit}>
              {t('build.submit')}
            </Button>
            <Button onClick={() => navigate('/claim/acc')}>{t('build.back')}</Button>
          </Space>
        </>
      )}
    </Card>
  );
}
