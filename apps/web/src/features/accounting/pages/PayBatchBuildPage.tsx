import { batchAmounts, isRate, type TPayableLine, ZPayBillSave } from '@portal/domain/accounting/rules';
import { toCents } from '@portal/domain/members/benefits';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  Form,
  Input,
  Select,
  Space,
  Table,
  Typography,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { feedback } from '../../../lib/feedback.ts';
import { pickLanguage } from '../../../lib/i18n.ts';
import { issueText } from '../../../lib/zod-form.ts';
import { MemberNameCell } from '../../members/components/MemberMasked.tsx';
import { useBuildPayBatch } from '../api/pay-actions.ts';
import { useAccOptions, usePayable } from '../api/pay-batches.ts';
import { amountsText, money } from '../components/status.tsx';

const MONEY = /^\d{1,12}(\.\d{1,2})?$/;

/** Whether an amount to pay is valid for the line: more than zero, two decimals, at most what is left. */
export function amountProblem(line: TPayableLine, amount: string): 'format' | 'over' | null {
  const text = amount.trim();
  if (!MONEY.test(text) || toCents(text) <= 0n) return 'format';
  return toCents(text) > toCents(line.outstanding) ? 'over' : null;
}

/** /claim/acc/build: the operator picks a provider's outstanding, invoiced claims and builds a payment batch. */
export function PayBatchBuildPage() {
  const { t } = useTranslation('accounting');
  const navigate = useNavigate();
  const providers = useAccOptions('provider');
  const currencies = useAccOptions('currency');
  // ?providerId= opens the page on a provider (links from the monthly bills and the board).
  const [providerId, setProviderId] = useState<string | null>(useSearchParams()[0].get('providerId'));
  const payable = usePayable(providerId);
  const build = useBuildPayBatch();
  const [currency, setCurrency] = useState<string | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [amounts, setAmounts] = useState<Record<string, string>>({});
  const [rates, setRates] = useState<Record<string, string>>({});
  const [remark, setRemark] = useState('');
  const lines = payable.data?.lines ?? [];

  // A new provider: its account currency (else the currency of its claims), every claim chosen in full.
  useEffect(() => {
    if (!payable.data) return;
    setCurrency(payable.data.accountCurrency ?? payable.data.lines[0]?.currency ?? 'CNY');
    setSelected(payable.data.lines.map((l) => l.lineId));
    setAmounts(Object.fromEntries(payable.data.lines.map((l) => [l.lineId, l.outstanding])));
    setRates({});
  }, [payable.data]);

  const chosen = lines.filter((l) => selected.includes(l.lineId));
  const otherCurrencies = [...new Set(chosen.map((l) => l.currency))].filter((c) => c !== currency).sort();
  const problems = chosen.map((l) => amountProblem(l, amounts[l.lineId] ?? '')).filter(Boolean);
  const ratesReady = otherCurrencies.every((c) => isRate(rates[c] ?? ''));
  const preview = useMemo(() => {
    if (!currency || chosen.length === 0 || problems.length > 0 || !ratesReady) return null;
    const result = batchAmounts(
      chosen.map((l) => ({ currency: l.currency, amount: (amounts[l.lineId] ?? '').trim() })),
      currency,
      Object.fromEntries(otherCurrencies.map((c) => [c, rates[c]])),
    );
    return 'total' in result ? result : null;
  }, [currency, chosen, problems.length, ratesReady, amounts, otherCurrencies, rates]);

  const submit = async () => {
    if (!providerId || !currency || !preview) return;
    const input = {
      providerId,
      invoiceCurrency: currency,
      items: chosen.map((l) => ({ lineId: l.lineId, amount: (amounts[l.lineId] ?? '').trim() })),
      rates: otherCurrencies.map((c) => ({ currency: c, rate: (rates[c] ?? '').trim() })),
      remark,
    };
    const parsed = ZPayBillSave.safeParse(input);
    if (!parsed.success) {
      feedback.error(issueText(parsed.error.issues[0]?.message ?? ''));
      return;
    }
    const yes = await feedback.confirm({
      title: t('build.confirmTitle'),
      content: t('build.confirmContent', { count: chosen.length, total: money(currency, preview.total) }),
      okText: t('build.submit'),
      cancelText: t('detail.cancelDialog'),
    });
    if (!yes) return;
    const detail = await build.mutateAsync(input);
    feedback.success(t('build.built', { payBatchNo: detail.batch.payBatchNo }));
    navigate(`/claim/acc/detail?payBatchNo=${encodeURIComponent(detail.batch.payBatchNo)}`);
  };

  return (
    <Card title={t('build.title')}>
      <Form layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item label={t('fields.provider')} required>
          <Select
            showSearch
            optionFilterProp="label"
            style={{ width: 280 }}
            aria-label={t('fields.provider')}
            placeholder={t('build.chooseProvider')}
            value={providerId}
            onChange={setProviderId}
            loading={providers.isPending}
            options={(providers.data ?? []).map((o) => ({
              value: o.code,
              label: `${o.code} ${pickLanguage(o.label, o.labelEn)}`,
            }))}
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
      </Form>
      {!providerId ? (
        <Empty description={t('build.pickProvider')} />
      ) : (
        <>
          {(payable.data?.awaitingInvoice.length ?? 0) > 0 && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 12 }}
              title={t('build.awaitingInvoice', {
                amounts: amountsText(payable.data?.awaitingInvoice ?? []),
              })}
            />
          )}
          <Table<TPayableLine>
            rowKey="lineId"
            size="small"
            loading={payable.isFetching}
            dataSource={lines}
            scroll={{ x: 'max-content' }}
            pagination={{ pageSize: 50, hideOnSinglePage: true }}
            locale={{
              emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('build.nothing')} />,
            }}
            rowSelection={{
              selectedRowKeys: selected,
              onChange: (keys) => setSelected(keys.map(String)),
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
                  const problem = selected.includes(l.lineId)
                    ? amountProblem(l, amounts[l.lineId] ?? '')
                    : null;
                  return (
                    <Space orientation="vertical" size={0}>
                      <Input
                        size="small"
                        style={{ width: 140 }}
                        prefix={l.currency}
                        inputMode="decimal"
                        aria-label={t('build.toPayLine', { batchNo: l.claimBatchNo, row: l.rowNo })}
                        status={problem ? 'error' : undefined}
                        disabled={!selected.includes(l.lineId)}
                        value={amounts[l.lineId] ?? ''}
                        onChange={(e) => setAmounts({ ...amounts, [l.lineId]: e.target.value })}
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
              { key: 'count', label: t('fields.claims'), children: chosen.length },
              {
                key: 'total',
                label: t('fields.totalAmount'),
                children: preview && currency ? <strong>{money(currency, preview.total)}</strong> : '-',
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
