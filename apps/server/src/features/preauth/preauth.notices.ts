/**
 * Message-centre notices of a case (decision 0039, notices): a decision (approved, rejected,
 * documents required) reaches the case's provider, a message left on the case reaches the other
 * side, under code 02 (pre-authorisation messages), in the message centre only. The notice is
 * written in the caller's transaction; the live channel is told after the commit.
 */
import { MSG_TYPE_INBOX, type TMsgRecipientKind } from '@portal/domain/messages/codes';
import { PREAUTH_STATUS } from '@portal/domain/preauth/rules';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { publishMessagesChanged } from '../messages/messages.live.ts';
import { insertMessage } from '../messages/messages.service.ts';

const PREAUTH_MSG_CODE = '02';

interface TNoticeCase {
  tenantId: string;
  caseNo: string;
  providerId: string;
  currency: string;
}

type TNoticeText = { name: string; nameEn: string; content: string; enContent: string };

/** The notice text of a decision, or null for a transition the provider is not told of. */
export function decisionNotice(
  row: TNoticeCase,
  to: string,
  d: { remark: string; approvedAmount?: string | null; validUntil?: string | null },
): TNoticeText | null {
  const reason = d.remark ? `：${d.remark}` : '';
  const reasonEn = d.remark ? `: ${d.remark}` : '';
  switch (to) {
    case PREAUTH_STATUS.APPROVED.code:
      return {
        name: `预授权 ${row.caseNo} 已批准`,
        nameEn: `Pre-authorisation ${row.caseNo} approved`,
        content: `预授权 ${row.caseNo} 已批准，批准金额 ${row.currency} ${d.approvedAmount}，有效期至 ${d.validUntil}${reason}`,
        enContent: `Pre-authorisation ${row.caseNo} was approved for ${row.currency} ${d.approvedAmount}, valid until ${d.validUntil}${reasonEn}`,
      };
    case PREAUTH_STATUS.REJECTED.code:
    case PREAUTH_STATUS.REOPEN_REJECTED.code:
      return {
        name: `预授权 ${row.caseNo} 已拒绝`,
        nameEn: `Pre-authorisation ${row.caseNo} rejected`,
        content: `预授权 ${row.caseNo} 已拒绝${reason}`,
        enContent: `Pre-authorisation ${row.caseNo} was rejected${reasonEn}`,
      };
    case PREAUTH_STATUS.DOCUMENTS_REQUIRED.code:
      return {
        name: `预授权 ${row.caseNo} 需补充资料`,
        nameEn: `Pre-authorisation ${row.caseNo}: documents required`,
        content: `预授权 ${row.caseNo} 需补充资料${reason}`,
        enContent: `Pre-authorisation ${row.caseNo} needs additional documents${reasonEn}`,
      };
    default:
      return null;
  }
}

/** The notice of a message left on the case. */
export function conversationNotice(row: TNoticeCase, author: TActor, content: string): TNoticeText {
  const excerpt = content.length > 200 ? `${content.slice(0, 200)}…` : content;
  return {
    name: `预授权 ${row.caseNo} 有新留言`,
    nameEn: `New message on pre-authorisation ${row.caseNo}`,
    content: `${author.name}：${excerpt || '（附件）'}`,
    enContent: `${author.nameEn || author.name}: ${excerpt || '(attachment)'}`,
  };
}

/**
 * Writes a notice to the provider's staff (`to: 'provider'`) or to the operator's staff, in the
 * given transaction; answers its id for the live channel.
 */
export async function writeNotice(
  tx: TDbOrTx,
  {
    actor,
    row,
    to,
    text,
  }: { actor: TActor; row: TNoticeCase; to: 'provider' | 'operator'; text: TNoticeText },
): Promise<string> {
  const recipient: { kind: TMsgRecipientKind; target?: string } =
    to === 'provider' ? { kind: 'provider', target: row.providerId } : { kind: 'allOperators' };
  return insertMessage(tx, {
    tenantId: row.tenantId,
    ...text,
    msgType: MSG_TYPE_INBOX,
    msgLevel: '01',
    code: PREAUTH_MSG_CODE,
    validFrom: new Date(),
    validTo: null,
    sender: { id: actor.userId, name: actor.name, nameEn: actor.nameEn || actor.name },
    recipients: [recipient],
  });
}

/** Tells the live channel that the notices appeared (after the commit). */
export async function announceNotices(p: TPlatform, tenantId: string, ids: string[]): Promise<void> {
  if (ids.length > 0) await publishMessagesChanged(p, tenantId, { kind: 'appeared', ids });
}
