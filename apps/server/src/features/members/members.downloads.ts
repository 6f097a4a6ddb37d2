/**
 * The two benefit downloads of spec section 7 (downloadBenefitUsedList, downloadBenefitRider)
 * as .xlsx through the shared exporter. The policy is found (and refused with the JSON
 * envelope) before the file starts, so a member the caller may not see never yields a file.
 */
import { formatMoney } from '@portal/domain/members/benefits';
import {
  coverageLabel,
  USAGE_STATUS,
  type ZBenefitUsedBody,
  type ZPolicyRefBody,
} from '@portal/domain/members/rules';
import type { z } from 'zod';
import type { TActor } from '../../platform/auth/access.ts';
import {
  chinaDay,
  pick,
  type TExportFile,
  type TLang,
  writeSheet,
  XLSX_TYPE,
} from '../../platform/http/xlsx-export.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { getBenefitUsedInfo, readRiders, refPolicy, type TPolicyRow } from './members.enquiry.ts';

const UNLIMITED = { zh: '不限', en: 'Unlimited' };

async function* once<T>(rows: T[]): AsyncGenerator<T[]> {
  if (rows.length > 0) yield rows;
}

const who = (policy: TPolicyRow, lang: TLang) =>
  `${lang === 'zh' ? policy.name : policy.nameEn || policy.name} (${policy.memberId}) · ${policy.grpPlanCode} · ${policy.validFrom} ~ ${policy.validTo}`;

/** POST /smartportal/download/downloadBenefitUsedList: each coverage's balance, then the lines used and pending. */
export async function buildBenefitUsedExport(
  p: TPlatform,
  input: z.output<typeof ZBenefitUsedBody> & { actor: TActor; lang: TLang },
): Promise<TExportFile> {
  const { lang, actor } = input;
  const info = await getBenefitUsedInfo(p, input);
  const amount = (v: string | null) => (v === null ? pick(lang, UNLIMITED) : formatMoney(v));
  const summaryRows = info.summaries.map((s) => [
    pick(lang, { zh: s.coverageName, en: s.coverageNameEn }),
    s.currency,
    pick(lang, { zh: '额度汇总', en: 'Balance' }),
    '',
    amount(s.annualLimit),
    formatMoney(s.used),
    formatMoney(s.pending),
    amount(s.remaining),
    '',
  ]);
  const lineRows = info.lines.map((l) => [
    pick(lang, coverageLabel(l.coverageCode)),
    l.currency,
    l.visitDate,
    l.providerId,
    '',
    l.status === 'used' ? formatMoney(l.amount) : '',
    l.status === 'pending' ? formatMoney(l.amount) : '',
    '',
    `${pick(lang, USAGE_STATUS[l.status as keyof typeof USAGE_STATUS] ?? { zh: l.status, en: l.status })}${l.remark ? ` · ${l.remark}` : ''}`,
  ]);
  return {
    contentType: XLSX_TYPE,
    fileName:
      lang === 'zh'
        ? `福利使用明细-${info.memberId}-${chinaDay(new Date())}.xlsx`
        : `benefit-usage-${info.memberId}-${chinaDay(new Date())}.xlsx`,
    write: (out) =>
      writeSheet(out, {
        creator: actor.name,
        frame: {
          name: lang === 'zh' ? '福利使用' : 'Benefit usage',
          title: lang === 'zh' ? '福利使用明细' : 'Benefit usage',
          subtitle: who(info.policy, lang),
          columns: [
            { header: lang === 'zh' ? '保障项目' : 'Coverage', width: 14 },
            { header: lang === 'zh' ? '币种' : 'Currency', width: 10 },
            { header: lang === 'zh' ? '就诊日期' : 'Visit date', width: 14 },
            { header: lang === 'zh' ? '医疗机构' : 'Provider', width: 12 },
            { header: lang === 'zh' ? '年度限额' : 'Annual limit', width: 16 },
            { header: lang === 'zh' ? '已使用' : 'Used', width: 16 },
            { header: lang === 'zh' ? '预留中' : 'Pending', width: 16 },
            { header: lang === 'zh' ? '剩余额度' : 'Remaining', width: 16 },
            { header: lang === 'zh' ? '说明' : 'Remark', width: 36 },
          ],
        },
        batches: once([...summaryRows, ...lineRows]),
        rows: (batch) => batch,
      }),
  };
}

/** POST /smartportal/download/downloadBenefitRider: the policy's riders. */
export async function buildRiderExport(
  p: TPlatform,
  input: z.output<typeof ZPolicyRefBody> & { actor: TActor; lang: TLang },
): Promise<TExportFile> {
  const { lang, actor } = input;
  const policy = await refPolicy(p, actor, input);
  const riders = await readRiders(p, policy);
  return {
    contentType: XLSX_TYPE,
    fileName:
      lang === 'zh'
        ? `附加险-${policy.memberId}-${chinaDay(new Date())}.xlsx`
        : `benefit-riders-${policy.memberId}-${chinaDay(new Date())}.xlsx`,
    write: (out) =>
      writeSheet(out, {
        creator: actor.name,
        frame: {
          name: lang === 'zh' ? '附加险' : 'Riders',
          title: lang === 'zh' ? '附加险' : 'Benefit riders',
          subtitle: who(policy, lang),
          columns: [
            { header: lang === 'zh' ? '附加险代码' : 'Rider code', width: 16 },
            { header: lang === 'zh' ? '名称' : 'Name', width: 28 },
            { header: lang === 'zh' ? '保障项目' : 'Coverage', width: 14 },
            { header: lang === 'zh' ? '币种' : 'Currency', width: 10 },
            { header: lang === 'zh' ? '限额' : 'Limit', width: 16 },
            { header: lang === 'zh' ? '生效日期' : 'Valid from', width: 14 },
            { header: lang === 'zh' ? '截止日期' : 'Valid to', width: 14 },
          ],
        },
        batches: once(riders),
        rows: (batch) =>
          batch.map((r) => [
            r.riderCode,
            lang === 'zh' ? r.name : r.nameEn || r.name,
            r.coverageCode ? pick(lang, coverageLabel(r.coverageCode)) : '',
            r.currency,
            r.limitAmount === null ? pick(lang, UNLIMITED) : formatMoney(r.limitAmount),
            r.validFrom,
            r.validTo,
          ]),
      }),
  };
}
