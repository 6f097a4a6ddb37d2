import { SMS_STATUS, type TSmsStatus } from '@portal/domain/sms/rules';
import { Tag } from 'antd';
import { currentLanguage } from '../../../lib/i18n.ts';

const COLOURS: Record<TSmsStatus, string> = {
  pending: 'default',
  sending: 'processing',
  sent: 'success',
  failed: 'error',
};

/** One recipient's delivery status: Pending, Sending, Sent or Send failure. */
export function SmsStatusTag({ status }: { status: TSmsStatus }) {
  const entry = Object.values(SMS_STATUS).find((s) => s.code === status);
  return <Tag color={COLOURS[status]}>{entry ? entry[currentLanguage()] : status}</Tag>;
}
