/**
 * Message-centre notices of claim investigations (decision 0046): each step reaches the other
 * side under code 13 (claim messages), in the message centre only. Written in the caller's
 * transaction; the live channel is told after the commit.
 */
import { MSG_TYPE_INBOX, type TMsgRecipientKind } from '@portal/domain/messages/codes';
import type { TDbOrTx } from '../../platform/db/client.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { publishMessagesChanged } from '../messages/messages.live.ts';
import { insertMessage } from '../messages/messages.service.ts';

const CLAIM_MSG_CODE = '13';

interface TNoticeCase {
  tenantId: string;
  caseNo: string;
  providerId: string;
  batchNo: string;
  rowNo: number;
  lastUploadDay: string;
}

export type TInvestigationNotice = 'opened' | 'answered' | 'completed' | 'cancelled' | 'timedOut';
type TText = { name: string; nameEn: string; content: string; enContent: string };

/** The notice text of a step, with the remark or reason when there is one. */
export function investigationNotice(row: TNoticeCase, kind: TInvestigationNotice, remark = ''): TText {
  const line = {
    zh: `批次 ${row.batchNo} 第 ${row.rowNo} 行`,
    en: `row ${row.rowNo} of batch ${row.batchNo}`,
  };
  const why = remark ? `：${remark}` : '';
  const whyEn = remark ? `: ${remark}` : '';
  switch (kind) {
    case 'opened':
      return {
        name: `理赔调查 ${row.caseNo}：请提供病历资料`,
        nameEn: `Claim investigation ${row.caseNo}: medical records requested`,
        content: `请为${line.zh}提供病历资料，最晚上传日 ${row.lastUploadDay}${why}`,
        enContent: `Please provide the medical records of ${line.en} by ${row.lastUploadDay}${whyEn}`,
      };
    case 'answered':
      return {
        name: `理赔调查 ${row.caseNo} 医院已回复`,
        nameEn: `Claim investigation ${row.caseNo} answered`,
        content: `医疗机构 ${row.providerId} 已回复${line.zh}的理赔调查`,
        enContent: `Provider ${row.providerId} answered the investigation of ${line.en}`,
      };
    case 'completed':
      return {
        name: `理赔调查 ${row.caseNo} 已完成`,
        nameEn: `Claim investigation ${row.caseNo} completed`,
        content: `${line.zh}的理赔调查已完成${why}`,
        enContent: `The investigation of ${line.en} is completed${whyEn}`,
      };
    case 'cancelled':
      return {
        name: `理赔调查 ${row.caseNo} 已取消`,
        nameEn: `Claim investigation ${row.caseNo} cancelled`,
        content: `${line.zh}的理赔调查已取消${why}`,
        enContent: `The investigation of ${line.en} was cancelled${whyEn}`,
      };
    case 'timedOut':
      return {
        name: `理赔调查 ${row.caseNo} 已超时终止`,
        nameEn: `Claim investigation ${row.caseNo} timed out`,
        content: `${line.zh}的理赔调查已过最晚上传日 ${row.lastUploadDay}，案件已超时终止`,
        enContent: `The investigation of ${line.en} passed its last upload day ${row.lastUploadDay}: case timed out and terminated`,
      };
  }
}

/** Writes a notice to the provider's staff or to all operator staff; answers its id. */
export async function writeInvestigationNotice(
  tx: TDbOrTx,
  {
    row,
    to,
    text,
    sender,
  }: {
    row: TNoticeCase;
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
export async function announceInvestigationNotices(p: TPlatform, tenantId: string, ids: string[]) {
  if (ids.length > 0) await publishMessagesChanged(p, tenantId, { kind: 'appeared', ids });
}
