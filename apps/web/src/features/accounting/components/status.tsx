import {
  accName,
  ITEM_STATUS,
  PAY_STATUS,
  RECONCILE_STATUS,
  type TCurrencyAmount,
  type TPayBatch,
} from '@portal/domain/accounting/rules';
import { formatAmount } from '@portal/domain/format/format';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

export const useLang = (): 'zh' | 'en' => (useTranslation().i18n.language === 'en' ? 'en' : 'zh');

const PAY_COLOURS: Record<string, string> = {
  [PAY_STATUS.TO_BE_CONFIRMED.code]: 'processing',
  [PAY_STATUS.CONFIRMED.code]: 'success',
  [PAY_STATUS.CANCELLED.code]: 'default',
};
const RECONCILE_COLOURS: Record<string, string> = {
  [RECONCILE_STATUS.TO_BE_RECONCILED.code]: 'warning',
  [RECONCILE_STATUS.RECONCILED.code]: 'success',
};
const ITEM_COLOURS: Record<string, string> = {
  [ITEM_STATUS.TO_BE_RECONCILED.code]: 'warning',
  [ITEM_STATUS.RECONCILED.code]: 'success',
  [ITEM_STATUS.DISPUTED.code]: 'error',
  [ITEM_STATUS.RESOLVED.code]: 'processing',
};

export function PayStatusTag({ status }: { status: string }) {
  const lang = useLang();
  return <Tag color={PAY_COLOURS[status] ?? 'default'}>{accName(PAY_STATUS, status, lang)}</Tag>;
}

/** The provider's side of a batch: shown once the operator has confirmed it. */
export function ReconcileStatusTag({
  batch,
}: {
  batch: Pick<TPayBatch, 'payStatus' | 'reconcileStatus' | 'openDisputes'>;
}) {
  const lang = useLang();
  const { t } = useTranslation('accounting');
  if (batch.payStatus !== PAY_STATUS.CONFIRMED.code) return <>-</>;
  return (
    <Space size={4} wrap>
      <Tag color={RECONCILE_COLOURS[batch.reconcileStatus] ?? 'default'}>
        {accName(RECONCILE_STATUS, batch.reconcileStatus, lang)}
      </Tag>
      {batch.openDisputes > 0 && <Tag color="error">{t('list.disputes', { count: batch.openDisputes })}</Tag>}
    </Space>
  );
}

export function ItemStatusTag({ status }: { status: string }) {
  const lang = useLang();
  return <Tag color={ITEM_COLOURS[status] ?? 'default'}>{accName(ITEM_STATUS, status, lang)}</Tag>;
}

/** 'CNY 1,234.50' (the spec's amount format; '-' when missing). */
export const money = (currency: string, amount: string | null | undefined) =>
  amount === null || amount === undefined || amount === '' ? '-' : `${currency} ${formatAmount(amount)}`;

/** 'CNY 1,234.50; HKD 20.00', or '-' when there is nothing. */
export const amountsText = (amounts: readonly TCurrencyAmount[]) =>
  amounts.length === 0 ? '-' : amounts.map((a) => money(a.currency, a.amount)).join('; ');
