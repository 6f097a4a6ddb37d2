import { SMS_DELIVERY, type TSmsDelivery } from '@portal/domain/sms/rules';
import { Tag } from 'antd';
import { currentLanguage } from '../../../lib/i18n.ts';

const COLOURS: Record<Exclude<TSmsDelivery, ''>, string> = {
  waiting: 'processing',
  delivered: 'success',
  undelivered: 'error',
  unknown: 'warning',
};

/** The carrier's receipt of a sent SMS: Awaiting receipt, Delivered, Not delivered or No receipt. */
export function SmsDeliveryTag({ delivery }: { delivery: TSmsDelivery }) {
  if (delivery === '') return <>-</>;
  const entry = Object.values(SMS_DELIVERY).find((s) => s.code === delivery);
  return <Tag color={COLOURS[delivery]}>{entry ? entry[currentLanguage()] : delivery}</Tag>;
}
