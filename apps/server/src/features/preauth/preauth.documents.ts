/**
 * Pre-authorisation downloads (decision 0039, documents): the guarantee-of-payment letter of an
 * approved case as a bilingual PDF (pdfkit with the embedded Noto Sans SC of the appointment
 * forms), and the case list of the list's filter as .xlsx, streamed in batches.
 */
import { ERRORS, formatMessage } from '@portal/domain/errors/catalogue';
import { formatMoney } from '@portal/domain/members/benefits';
import { maskPersonalData } from '@portal/domain/personal-data/rules';
import {
  PREAUTH_STATUS,
  preauthStatusName,
  type TPreauthCase,
  visitTypeName,
} from '@portal/domain/preauth/rules';
import { and, eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import type { TActor } from '../../platform/auth/access.ts';
import { AppError } from '../../platform/http/app-error.ts';
import {
  chinaDay,
  pick,
  type TExportFile,
  type TLang,
  writeSheet,
  XLSX_TYPE,
} from '../../platform/http/xlsx-export.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { PDF_FONT, PDF_FONT_BOLD } from '../appointments/appointments.documents.ts';
import { chinaSecond } from '../appointments/appointments.service.ts';
import { providers } from '../hospital-tasks/hospital-tasks.tables.ts';
import { customers, groupPlans } from '../members/members.tables.ts';
import { caseBatches, getCase, type TPreauthFilter } from './preauth.service.ts';
import { preauthCases } from './preauth.tables.ts';

type TDoc = InstanceType<typeof PDFDocument>;
const LEFT = 56;
const WIDTH = 595.28 - 2 * LEFT;

function finish(doc: TDoc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

function section(doc: TDoc, zh: string, en: string) {
  doc.moveDown(0.5);
  const y = doc.y;
  doc.rect(LEFT, y, WIDTH, 18).fill('#FDEBD3');
  doc
    .fillColor('#000000')
    .font('cjk-bold')
    .fontSize(10)
    .text(`${zh}  ${en}`, LEFT + 6, y + 3);
  doc.font('cjk').moveDown(0.5);
}

function rows(doc: TDoc, pairs: [string, string][]) {
  doc.fontSize(9);
  for (const [label, value] of pairs) {
    const y = doc.y;
    doc.fillColor('#666666').text(label, LEFT, y, { width: 170 });
    const labelBottom = doc.y;
    doc.fillColor('#000000').text(value || '-', LEFT + 176, y, { width: WIDTH - 176 });
    doc.y = Math.max(labelBottom, doc.y) + 3;
  }
  doc.x = LEFT;
}

async function letterParties(p: TPlatform, c: TPreauthCase, tenantId: string) {
  const [provider] = await p.db
    .select()
    .from(providers)
    .where(and(eq(providers.tenantId, tenantId), eq(providers.providerId, c.providerId)));
  const [plan] = await p.db
    .select({ plan: groupPlans, customer: customers })
    .from(preauthCases)
    .innerJoin(groupPlans, eq(groupPlans.id, preauthCases.planRef))
    .innerJoin(customers, eq(customers.id, groupPlans.customerRef))
    .where(and(eq(preauthCases.tenantId, tenantId), eq(preauthCases.id, c.id)));
  return { provider, plan };
}

/**
 * The guarantee-of-payment letter of an approved case: the provider, the member (name and member
 * ID; the birthday masked), the policy, the diagnosis, the approved amount, currency and validity.
 * 40425 for a case the actor may not see, 40942 for a case not approved.
 */
export async function guaranteeLetterPdf(
  p: TPlatform,
  { actor, id }: { actor: TActor; id: string },
): Promise<{ fileName: string; body: Buffer }> {
  const c = await getCase(p, { actor, id });
  if (c.status !== PREAUTH_STATUS.APPROVED.code) {
    const entry = ERRORS.PREAUTH_LETTER_NOT_APPROVED;
    throw new AppError('PREAUTH_LETTER_NOT_APPROVED', {
      zh: formatMessage(entry.zh, { caseNo: c.caseNo, status: preauthStatusName(c.status, 'zh') }),
      en: formatMessage(entry.en, { caseNo: c.caseNo, status: preauthStatusName(c.status, 'en') }),
    });
  }
  const { provider, plan } = await letterParties(p, c, actor.tenantId);
  const approved = formatMoney(c.approvedAmount ?? '0');
  const doc = new PDFDocument({
    size: 'A4',
    margin: LEFT,
    info: { Title: `担保付款函 Guarantee of Payment ${c.caseNo}`, Creator: 'Portal' },
  });
  doc.registerFont('cjk', PDF_FONT);
  doc.registerFont('cjk-bold', PDF_FONT_BOLD);
  doc.font('cjk-bold').fontSize(18).fillColor('#F89000').text('担保付款函', { align: 'center' });
  doc.font('cjk').fontSize(11).fillColor('#333333').text('Guarantee of Payment', { align: 'center' });
  doc.moveDown(0.6);
  doc.fontSize(9).text(`预授权编号 Case No.: ${c.caseNo}`, { align: 'right' });
  doc.text(`出具日期 Date of issue: ${chinaDay(new Date())}`, { align: 'right' });
  section(doc, '致医疗机构', 'To the provider');
  rows(doc, [
    ['机构名称 Name', `${c.providerCnName} ${c.providerEnName}`.trim()],
    ['机构编号 Provider ID', c.providerId],
    ['地址 Address', provider?.hospitalCAddress ?? ''],
  ]);
  section(doc, '会员', 'Member');
  rows(doc, [
    ['姓名 Name', `${c.memberName} ${c.memberNameEn}`.trim()],
    ['会员编号 Member ID', c.memberId],
    ['出生日期 Birthday', maskPersonalData('birthday', c.patientBirthday)],
    ['保险客户 Customer', plan ? `${plan.customer.name} ${plan.customer.nameEn}`.trim() : c.customerId],
    ['团体计划 Group plan', c.grpPlanCode],
    ['保单号 Policy No.', c.policyNo],
    ['保障项目 Coverage', c.coverageCode],
  ]);
  section(doc, '就诊', 'Treatment');
  rows(doc, [
    ['就诊类型 Visit type', `${visitTypeName(c.visitType, 'zh')} ${visitTypeName(c.visitType, 'en')}`],
    ['就诊日期 Visit date', c.visitDate],
    ['住院天数 Length of stay', String(c.lengthOfStay)],
    ['科室 Department', c.department],
    ['医生 Doctor', c.doctor],
    ['ICD-10 诊断编码 Diagnosis codes', c.icdCodes.join(', ')],
  ]);
  section(doc, '担保', 'Guarantee');
  rows(doc, [
    ['申请金额 Requested', `${c.currency} ${formatMoney(c.estimatedCost)}`],
    ['批准金额 Approved amount', `${c.currency} ${approved}`],
    ['有效期至 Valid until', c.validUntil ?? ''],
    ['说明 Note', c.decisionRemark],
  ]);
  doc.moveDown(0.8);
  doc
    .fontSize(8.5)
    .fillColor('#333333')
    .text(
      `我方保证在上述有效期内，就上述会员在贵机构发生的、属于保单责任范围内的上述治疗费用，直接向贵机构支付，最高不超过批准金额 ${c.currency} ${approved}。超出批准金额、保单责任范围以外或有效期以外的费用，由会员自行承担。本函不可转让。`,
      { width: WIDTH },
    );
  doc.moveDown(0.4);
  doc.text(
    `We guarantee to pay the provider directly, up to the approved amount of ${c.currency} ${approved}, for the treatment above of the member named, within the validity and the cover of the policy. Charges above the approved amount, outside the cover or after the validity are the member's own. This letter is not transferable.`,
    { width: WIDTH },
  );
  doc.moveDown(1.2);
  doc
    .fontSize(8)
    .fillColor('#666666')
    .text(`打印时间 Printed: ${chinaSecond(new Date())}`);
  return { fileName: `担保付款函-${c.caseNo}.pdf`, body: await finish(doc) };
}

const COLUMNS = [
  { zh: '预授权编号', en: 'Case No.', width: 16 },
  { zh: '状态', en: 'Status', width: 14 },
  { zh: '医疗机构编号', en: 'Provider ID', width: 12 },
  { zh: '医疗机构', en: 'Provider', width: 26 },
  { zh: '会员编号', en: 'Member ID', width: 14 },
  { zh: '会员姓名', en: 'Member name', width: 16 },
  { zh: '团体计划', en: 'Group plan', width: 14 },
  { zh: '保障项目', en: 'Coverage', width: 10 },
  { zh: '就诊类型', en: 'Visit type', width: 12 },
  { zh: '就诊日期', en: 'Visit date', width: 12 },
  { zh: 'ICD-10', en: 'ICD-10', width: 16 },
  { zh: '币种', en: 'Currency', width: 8 },
  { zh: '申请金额', en: 'Requested', width: 12 },
  { zh: '批准金额', en: 'Approved', width: 12 },
  { zh: '有效期至', en: 'Valid until', width: 12 },
  { zh: '申请日期', en: 'Applied', width: 12 },
  { zh: '创建时间', en: 'Created', width: 20 },
];

function rowsOf(batch: TPreauthCase[], lang: TLang): string[][] {
  return batch.map((c) => [
    c.caseNo,
    preauthStatusName(c.status, lang),
    c.providerId,
    lang === 'zh' ? c.providerCnName || c.providerEnName : c.providerEnName || c.providerCnName,
    c.memberId,
    lang === 'zh' ? c.memberName : c.memberNameEn || c.memberName,
    c.grpPlanCode,
    c.coverageCode,
    visitTypeName(c.visitType, lang),
    c.visitDate,
    c.icdCodes.join(', '),
    c.currency,
    c.estimatedCost,
    c.approvedAmount ?? '',
    c.validUntil ?? '',
    c.applyDate ?? '',
    c.createTime,
  ]);
}

/** The cases of the list's filter as .xlsx (provider staff: their own provider's only). */
export function caseListExport(
  p: TPlatform,
  { actor, filter, lang }: { actor: TActor; filter: TPreauthFilter; lang: TLang },
): TExportFile {
  const title = pick(lang, { zh: '预授权列表', en: 'Pre-authorisations' });
  const stamp = pick(lang, { zh: '导出时间', en: 'Exported' });
  const batches = caseBatches(p, { actor, filter });
  return {
    contentType: XLSX_TYPE,
    fileName: `${title}-${chinaDay(new Date())}.xlsx`,
    write: (out) =>
      writeSheet(out, {
        creator: actor.account,
        frame: {
          name: title,
          title,
          subtitle: `${stamp} ${chinaSecond(new Date())}`,
          columns: COLUMNS.map((c) => ({ header: pick(lang, c), width: c.width })),
        },
        batches,
        rows: (batch) => rowsOf(batch, lang),
      }),
  };
}
