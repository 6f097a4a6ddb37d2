import { chinaSecond, EMPTY_TEXT } from '@portal/domain/format/format';
import type { TInvoiceSlot } from '@portal/domain/invoices/calls';
import { INVOICE_TAB, invoiceTabOf } from '@portal/domain/invoices/rules';
import { formatMoney } from '@portal/domain/members/benefits';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../../lib/session-store.ts';
import { isProviderUser } from '../../../lib/user-group.ts';
import { catalogueMessage, type TIssue } from '../invoice-rows.ts';

export const useLang = (): 'zh' | 'en' => (useTranslation().i18n.language === 'en' ? 'en' : 'zh');

/** Provider staff upload their own provider's invoices; operators read every provider's. */
export function useIsProviderStaff(): boolean {
  return isProviderUser(useSessionStore((s) => s.user));
}

/** The tab of a slot (to be uploaded, uploaded) as a tag. */
export function SlotStatusTag({ status }: { status: string }) {
  const lang = useLang();
  const tab = invoiceTabOf(status);
  if (!tab) return <Tag>{status}</Tag>;
  return <Tag color={tab === 'uploaded' ? 'success' : 'processing'}>{INVOICE_TAB[tab][lang]}</Tag>;
}

/** 'CNY 1,250.50'. */
export const money = (currency: string, amount: string | null | undefined) =>
  `${currency} ${formatMoney(amount ?? '0')}`;

/** An instant of the server in China time, '-' when there is none. */
export const at = (iso: string | null | undefined) => (iso ? chinaSecond(new Date(iso)) : EMPTY_TEXT);

/** The provider of a slot in the reader's language. */
export const providerName = (slot: TInvoiceSlot, lang: 'zh' | 'en') =>
  (lang === 'en' ? slot.providerEnName || slot.providerCnName : slot.providerCnName || slot.providerEnName) ||
  slot.providerId;

/** The text of an issue in the current language, prefixed with its file when it has one. */
export function useIssueText() {
  const { t } = useTranslation('invoices');
  const lang = useLang();
  return (issue: TIssue) => {
    const message =
      issue.kind === 'error' ? catalogueMessage(issue.error, issue.params)[lang] : t(`issues.${issue.key}`);
    return issue.fileName ? `${issue.fileName}: ${message}` : message;
  };
}
