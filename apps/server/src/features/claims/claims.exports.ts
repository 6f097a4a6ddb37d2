/**
 * The claim schedule as .xlsx (decision 0040): every line of the filtered batches with its batch,
 * status and amounts, read in keyset batches (batch number, row) and streamed.
 */

import type { Writable } from 'node:stream';
import {
  CLAIM_BATCH_STATUS,
  CLAIM_LINE_STATUS,
  CLAIM_REASON,
  codeName,
  type ZScheduleBody,
} from '@portal/domain/claims/rules';
import { formatMoney } from '@portal/domain/members/benefits';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TActor } from '../../platform/auth/access.ts';
import { chinaMinute, keysetBatches, type TLang, writeSheet } from '../../platform/http/xlsx-export.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { scheduleColumns, scheduleWhere, toScheduleRow } from './claims.service.ts';
import { claimBatches, claimLines } from './claims.tables.ts';

const HEADERS: [string, string, number][] = [
  ['批次号', 'Batch no.', 16],
  ['批次状态', 'Batch status', 14],
  ['行号', 'Row', 6],
  ['会员编号', 'Member ID', 14],
  ['会员姓名', 'Member', 16],
  ['就诊日期', 'Visit date', 12],
  ['保障项目', 'Coverage', 10],
  ['诊断编码', 'ICD-10', 10],
  ['项目', 'Item', 24],
  ['币种', 'Currency', 8],
  ['申请金额', 'Claimed', 14],
  ['赔付金额', 'Payable', 14],
  ['理赔状态', 'Claim status', 12],
  ['原因', 'Reasons', 24],
  ['提交时间', 'Submitted', 18],
];

/** Writes the schedule of the filter to `out`. */
export async function writeScheduleExport(
  p: TPlatform,
  {
    actor,
    filter,
    lang,
    out,
  }: { actor: TActor; filter: z.output<typeof ZScheduleBody>['model']; lang: TLang; out: Writable },
) {
  const where = scheduleWhere(actor, filter);
  const read = (after: [string, number] | null, limit: number) =>
    p.db
      .select(scheduleColumns)
      .from(claimLines)
      .innerJoin(claimBatches, eq(claimBatches.id, claimLines.batchRef))
      .where(
        and(
          where,
          after
            ? sql`(${claimBatches.batchNo}, ${claimLines.rowNo}) > (${after[0]}, ${after[1]})`
            : undefined,
        ) as SQL,
      )
      .orderBy(asc(claimBatches.batchNo), asc(claimLines.rowNo))
      .limit(limit);
  const zh = lang === 'zh';
  await writeSheet(out, {
    creator: actor.account,
    frame: {
      name: zh ? '理赔明细' : 'Claim schedule',
      title: zh ? '理赔明细表' : 'Claim schedule',
      subtitle: `${zh ? '导出时间' : 'Exported'} ${chinaMinute(new Date())}`,
      columns: HEADERS.map(([cn, en, width]) => ({ header: zh ? cn : en, width })),
    },
    batches: keysetBatches(read, (r): [string, number] => [r.batchNo, r.line.rowNo]),
    rows: (batch) =>
      batch
        .map(toScheduleRow)
        .map((r) => [
          r.batchNo,
          codeName(CLAIM_BATCH_STATUS, r.batchStatus, lang),
          r.rowNo,
          r.memberId,
          zh ? r.memberName : r.memberNameEn || r.memberName,
          r.visitDate,
          r.coverageCode,
          r.icdCode,
          `${r.itemCode} ${r.itemName}`,
          r.currency,
          formatMoney(r.amount),
          formatMoney(r.payableAmount),
          codeName(CLAIM_LINE_STATUS, r.status, lang),
          r.reasonCodes.map((c) => codeName(CLAIM_REASON, c, lang)).join('; '),
          r.submitTime,
        ]),
  });
}
