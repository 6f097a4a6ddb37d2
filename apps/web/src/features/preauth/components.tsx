import { PREAUTH_STATUS, preauthActionName, preauthStatusName } from '@portal/domain/preauth/rules';
import { Tag } from 'antd';

const COLOURS: Record<string, string> = {
  [PREAUTH_STATUS.UNSUBMITTED.code]: 'default',
  [PREAUTH_STATUS.AUDITING.code]: 'processing',
  [PREAUTH_STATUS.DOCUMENTS_REQUIRED.code]: 'warning',
  [PREAUTH_STATUS.APPROVED.code]: 'success',
  [PREAUTH_STATUS.REJECTED.code]: 'error',
  [PREAUTH_STATUS.CANCELLED.code]: 'default',
  [PREAUTH_STATUS.EXPIRED.code]: 'default',
  [PREAUTH_STATUS.REOPEN_REJECTED.code]: 'error',
};

/** A case's status as a coloured tag in the current language. */
export function PreauthStatusTag({ status, lang }: { status: string; lang: 'zh' | 'en' }) {
  return <Tag color={COLOURS[status] ?? 'default'}>{preauthStatusName(status, lang)}</Tag>;
}

export const actionName = preauthActionName;
