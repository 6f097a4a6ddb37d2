/**
 * Message-centre notices of claim appeals (decision 0049): a submission reaches the operators,
 * a decision the provider, under code 13 (claim messages), in the message centre only. Written in
 * the step's transaction; the live channel is told after the commit.
 */
import { MSG_TYPE_INBOX, type TMsgRecipientKind } from '@portal/domain/messages/codes';
import type { TDbOrTx } from '../../platform/db/client.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { publishMessagesChanged } from '../messages/messages.live.ts';
import { insertMessage } from '../messages/messages.service.ts';

const CLAIM_MSG_CODE = '13';

interface TNoticeAppeal {
  tenantId: string;
  appealNo: string;
  providerId: string;
  batchNo: string;
  rowNo: number;
  currency: string;
}

export type TAppealNotice = 'submitted' | 'resubmitted' | 'returned' | 'rejected' | 'approved' | 'closed';
type TText = { name: string; nameEn: string; content: string; enContent: string };

/** The notice text of a step, with the reason or note when there is one. */
export function appealNotice(row: TNoticeAppeal, kind: TAppealNotice, remark = '', amount = ''): TText {
  const line = {
    zh: `批次 ${row.batchNo} 第 ${row.rowNo} 行`,
    en: `row ${row.rowNo} of batch ${row.batchNo}`,
  };
  const why = remark ? `：${remark}` : '';
  const whyEn = remark ? `: ${remark}` : '';
  switch (kind) {
    case 'submitted':
    case 'resubmitted': {
      const again = kind === 'resubmitted';
      return {
        name: `理赔申诉 ${row.appealNo} ${again ? '已重新提交' : '待审核'}`,
        nameEn: `Claim appeal ${row.appealNo} ${again ? 'resubmitted' : 'to audit'}`,
        content: `医疗机构 ${row.providerId} 对${line.zh}${again ? '重新' : ''}提出申诉，申诉金额 ${row.currency} ${amount}`,
        enContent: `Provider ${row.providerId} ${again ? 'resubmitted its' : 'submitted an'} appeal on ${line.en} for ${row.currency} ${amount}`,
      };
    }
    case 'returned':
      return {
        name: `理赔申诉 ${row.appealNo} 已退回`,
        nameEn: `Claim appeal ${row.appealNo} returned`,
        content: `${line.zh}的申诉已退回，请修改后重新提交${why}`,
        enContent: `The appeal on ${line.en} was returned; change it and resubmit${whyEn}`,
      };
    case 'rejected':
      return {
        name: `理赔申诉 ${row.appealNo} 已拒绝`,
        nameEn: `Claim appeal ${row.appealNo} rejected`,
        content: `${line.zh}的申诉已被拒绝${why}`,
        enContent: `The appeal on ${line.en} was rejected${whyEn}`,
      };
    case 'approved':
      return {
        name: `理赔申诉 ${row.appealNo} 已批准`,
        nameEn: `Claim appeal ${row.appealNo} approved`,
        content: `${line.zh}的申诉已批准，${row.currency} ${amount} 将在下一付款批次中支付${why}`,
        enContent: `The appeal on ${line.en} was approved; ${row.currency} ${amount} is paid in the next payment batch${whyEn}`,
      };
    case 'closed':
      return {
        name: `理赔申诉 ${row.appealNo} 已撤回关闭`,
        nameEn: `Claim appeal ${row.appealNo} withdrawn`,
        content: `医疗机构 ${row.providerId} 撤回了${line.zh}的申诉${why}`,
        enContent: `Provider ${row.providerId} withdrew its appeal on ${line.en}${whyEn}`,
      };
  }
}

/** Writes a notice to the provider's staff or to all operator staff; answers its id. */
export async function writeAppealNotice(
  tx: TDbOrTx,
  {
    row,
    to,
    text,
    sender,
  }: {
    row: TNoticeAppeal;
    to: 'provider' | 'operator';
    text: TText;
    sender: { id: string | null; name: string; nameEn: string };
  },
): Promise<string> {
  const recipient: { kind: TMsgRecipientKind; target?: string } =
    to === 'provider' ? { kind: 'provider', target: row.providerId } : { kind: 'allOperators' };
  return insertMessage(tx, {
    tenantId: row.tenantId,
    ...text,
    msgType: MSG_TYPE_INBOX,
    msgLevel: '01',
    code: CLAIM_MSG_CODE,
    validFrom: new Date(),
    validTo: null,
    sender,
    recipients: [recipient],
  });
}

/** Tells the live channel that notices appeared (after the commit). */
export async function announceAppealNotices(p: TPlatform, tenantId: string, ids: string[]) {
  if (ids.length > 0) await publishMessagesChanged(p, tenantId, { kind: 'appeared', ids });
}
