/**
 * Message-centre notices of cost-control measures (decision 0047): a proposal (or an automatic
 * acceptance) and a withdrawal reach the provider; an acceptance or a disagreement the
 * operators; code 13 (claim messages), in the message centre only.
 */
import { MSG_TYPE_INBOX, type TMsgRecipientKind } from '@portal/domain/messages/codes';
import type { TDbOrTx } from '../../platform/db/client.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { publishMessagesChanged } from '../messages/messages.live.ts';
import { insertMessage } from '../messages/messages.service.ts';

const CLAIM_MSG_CODE = '13';

interface TNoticeMeasure {
  tenantId: string;
  measureNo: string;
  providerId: string;
  proportion: string;
  validFrom: string;
  validTo: string;
}

export type TCostNotice = 'proposed' | 'autoAccepted' | 'withdrawn' | 'accepted' | 'disagreed';

/** The notice text of a step, with the reason or remark when there is one. */
export function costNotice(m: TNoticeMeasure, kind: TCostNotice, remark = '') {
  const terms = {
    zh: `扣减比例 ${m.proportion}%，期间 ${m.validFrom} 至 ${m.validTo}`,
    en: `a deduction of ${m.proportion}% for visits from ${m.validFrom} to ${m.validTo}`,
  };
  const why = remark ? `：${remark}` : '';
  const whyEn = remark ? `: ${remark}` : '';
  switch (kind) {
    case 'proposed':
      return {
        name: `费用管控措施 ${m.measureNo} 待确认`,
        nameEn: `Cost-control measure ${m.measureNo} awaits your answer`,
        content: `运营方提出费用管控措施 ${m.measureNo}：${terms.zh}，请接受或提出异议`,
        enContent: `The operator proposes cost-control measure ${m.measureNo}: ${terms.en}. Please accept it or disagree`,
      };
    case 'autoAccepted':
      return {
        name: `费用管控措施 ${m.measureNo} 已自动确认`,
        nameEn: `Cost-control measure ${m.measureNo} accepted automatically`,
        content: `按贵机构的自动确认设置，费用管控措施 ${m.measureNo} 已生效：${terms.zh}`,
        enContent: `Under your auto-confirm setting, cost-control measure ${m.measureNo} applies: ${terms.en}`,
      };
    case 'withdrawn':
      return {
        name: `费用管控措施 ${m.measureNo} 已撤回`,
        nameEn: `Cost-control measure ${m.measureNo} withdrawn`,
        content: `运营方已撤回费用管控措施 ${m.measureNo}${why}`,
        enContent: `The operator withdrew cost-control measure ${m.measureNo}${whyEn}`,
      };
    case 'accepted':
      return {
        name: `费用管控措施 ${m.measureNo} 已接受`,
        nameEn: `Cost-control measure ${m.measureNo} accepted`,
        content: `医疗机构 ${m.providerId} 已接受费用管控措施 ${m.measureNo}：${terms.zh}`,
        enContent: `Provider ${m.providerId} accepted cost-control measure ${m.measureNo}: ${terms.en}`,
      };
    case 'disagreed':
      return {
        name: `费用管控措施 ${m.measureNo} 有异议`,
        nameEn: `Cost-control measure ${m.measureNo} disputed`,
        content: `医疗机构 ${m.providerId} 对费用管控措施 ${m.measureNo} 提出异议${why}`,
        enContent: `Provider ${m.providerId} disagrees with cost-control measure ${m.measureNo}${whyEn}`,
      };
  }
}

/** Writes a notice to the provider's staff or to all operator staff, in the caller's transaction. */
export async function writeCostNotice(
  tx: TDbOrTx,
  {
    m,
    to,
    kind,
    remark,
    sender,
  }: {
    m: TNoticeMeasure;
    to: 'provider' | 'operator';
    kind: TCostNotice;
    remark?: string;
    sender: { id: string | null; name: string; nameEn: string };
  },
): Promise<string> {
  const recipient: { kind: TMsgRecipientKind; target?: string } =
    to === 'provider' ? { kind: 'provider', target: m.providerId } : { kind: 'allOperators' };
  return insertMessage(tx, {
    tenantId: m.tenantId,
    ...costNotice(m, kind, remark),
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
export async function announceCostNotices(p: TPlatform, tenantId: string, ids: string[]) {
  if (ids.length > 0) await publishMessagesChanged(p, tenantId, { kind: 'appeared', ids });
}
