/**
 * The appointment downloads (decision 0038): the direct-billing claim form and the claim bill as
 * PDFs (pdfkit, Noto Sans SC embedded and subset: the font ships with `npm ci` from
 * @expo-google-fonts/noto-sans-sc, SIL OFL 1.1), and the appointment lists as .xlsx.
 */
import { createRequire } from 'node:module';
import {
  appointmentStatusName,
  BILLABLE_STATUSES,
  dbFormCountAllowed,
  type TAppointment,
  type TAppointmentBill,
} from '@portal/domain/appointments/rules';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
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
import { providers } from '../hospital-tasks/hospital-tasks.tables.ts';
import { customers, groupPlans, members, policies, policyCoverages } from '../members/members.tables.ts';
import {
  appointmentBatches,
  appointmentRow,
  appointmentWhere,
  billOf,
  chinaSecond,
  providerScope,
  statusNotAllowed,
} from './appointments.service.ts';
import { appointments } from './appointments.tables.ts';

const require = createRequire(import.meta.url);
/** The CJK font embedded in every PDF (resolved from node_modules, never downloaded at run time). */
export const PDF_FONT = require.resolve(
  '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
);
export const PDF_FONT_BOLD = require.resolve(
  '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
);
export const PDF_TYPE = 'application/pdf';

type TDoc = InstanceType<typeof PDFDocument>;

function newDocument(title: string): TDoc {
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: title, Creator: 'Portal' } });
  doc.registerFont('cjk', PDF_FONT);
  doc.registerFont('cjk-bold', PDF_FONT_BOLD);
  doc.font('cjk');
  return doc;
}

function finish(doc: TDoc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

const LEFT = 48;
const WIDTH = 595.28 - 96;

function heading(doc: TDoc, zh: string, en: string) {
  doc.font('cjk-bold').fontSize(18).fillColor('#F89000').text(zh, { align: 'center' });
  doc.font('cjk').fontSize(11).fillColor('#333333').text(en, { align: 'center' });
  doc.moveDown(0.8);
}

function section(doc: TDoc, zh: string, en: string) {
  doc.moveDown(0.4);
  const y = doc.y;
  doc.rect(LEFT, y, WIDTH, 18).fill('#FDEBD3');
  doc
    .fillColor('#000000')
    .font('cjk-bold')
    .fontSize(10)
    .text(`${zh}  ${en}`, LEFT + 6, y + 3);
  doc.font('cjk').moveDown(0.5);
}

/** Label/value pairs in two columns. */
function fields(doc: TDoc, pairs: [string, string][]) {
  doc.fontSize(9).fillColor('#000000');
  const col = WIDTH / 2;
  for (let i = 0; i < pairs.length; i += 2) {
    const y = doc.y;
    let bottom = y;
    for (let j = 0; j < 2 && i + j < pairs.length; j++) {
      const [label, value] = pairs[i + j];
      const x = LEFT + j * col;
      doc.fillColor('#666666').text(label, x, y, { width: 130 });
      doc.fillColor('#000000').text(value || '-', x + 132, y, { width: col - 140 });
      bottom = Math.max(bottom, doc.y);
    }
    doc.y = bottom + 4;
  }
  doc.x = LEFT;
}

interface TFormData {
  a: typeof appointments.$inferSelect;
  provider: typeof providers.$inferSelect | null;
  member: typeof members.$inferSelect;
  policy: typeof policies.$inferSelect;
  plan: typeof groupPlans.$inferSelect;
  customer: typeof customers.$inferSelect;
  coverage: typeof policyCoverages.$inferSelect;
}

const money = (v: string | null) => (v === null ? '-' : v);

function claimFormPage(doc: TDoc, d: TFormData) {
  heading(doc, '直付理赔申请表', 'Direct-Billing Claim Form');
  doc.fontSize(9).text(`预约编号 Appointment No.: ${d.a.appointNo}`, { align: 'right' });
  section(doc, '医疗机构', 'Provider');
  fields(doc, [
    ['机构名称 Name', d.provider?.providerCnName ?? ''],
    ['英文名称 English name', d.provider?.providerEnName ?? ''],
    ['机构编号 Provider ID', d.a.providerId],
    ['地址 Address', d.provider?.hospitalCAddress ?? ''],
  ]);
  section(doc, '会员', 'Member');
  fields(doc, [
    ['姓名 Name', d.member.name],
    ['英文名 English name', d.member.nameEn],
    ['会员编号 Member ID', d.member.memberId],
    ['出生日期 Birthday', d.member.birthday],
    ['会员卡号 Card No.', d.member.cardNumber],
    ['员工编号 Employee ID', d.member.employeeId],
  ]);
  section(doc, '保单', 'Policy');
  fields(doc, [
    ['保险客户 Customer', `${d.customer.name} (${d.customer.customerId})`],
    ['团体计划 Group plan', `${d.plan.name} (${d.plan.grpPlanCode})`],
    ['保单号 Policy No.', d.policy.policyNo],
    ['有效期 Valid', `${d.policy.validFrom} ~ ${d.policy.validTo}`],
  ]);
  section(doc, '保障项目', 'Coverage');
  fields(doc, [
    ['保障项目 Coverage', d.coverage.coverageCode],
    ['币种 Currency', d.coverage.currency],
    ['每次限额 Per-visit limit', money(d.coverage.perVisitLimit)],
    ['年度限额 Annual limit', money(d.coverage.annualLimit)],
    ['自付比例 Co-pay %', d.coverage.coPayPercent],
    ['免赔额 Deductible', d.coverage.deductible],
  ]);
  section(doc, '就诊', 'Visit');
  fields(doc, [
    ['就诊日期 Visit date', `${d.a.visitDate} ${d.a.visitTime}`.trim()],
    ['科室 Department', d.a.department],
    ['医生 Doctor', d.a.doctor],
    ['诊断 Diagnosis', d.a.diagnosis],
    ['账单金额 Bill amount', d.a.billAmount ? `${d.a.currency} ${d.a.billAmount}` : '-'],
    ['状态 Status', `${appointmentStatusName(d.a.status, 'zh')} ${appointmentStatusName(d.a.status, 'en')}`],
  ]);
  section(doc, '声明与签名', 'Declaration and signatures');
  doc
    .fontSize(8)
    .fillColor('#333333')
    .text(
      '本人确认以上就诊信息真实无误，并授权医疗机构将本次就诊费用直接向保险方结算。\nI confirm that the visit above is true and authorise the provider to bill the insurer directly for it.',
      { width: WIDTH },
    );
  doc.moveDown(1);
  const y = doc.y;
  const box = (WIDTH - 20) / 3;
  const labels = [
    ['患者签名', 'Patient signature'],
    ['医生签名', 'Doctor signature'],
    ['医疗机构盖章', 'Provider stamp'],
  ];
  labels.forEach(([zh, en], i) => {
    const x = LEFT + i * (box + 10);
    doc.rect(x, y, box, 60).strokeColor('#999999').stroke();
    doc
      .fontSize(8)
      .fillColor('#666666')
      .text(`${zh} ${en}`, x + 4, y + 64, { width: box });
  });
  doc.fontSize(8).text('日期 Date: ____________', LEFT, y + 84);
  doc.x = LEFT;
}

/** The rows a claim form needs, for the ids the actor may see, in the order given. */
async function formData(p: TPlatform, actor: TActor, ids: string[]): Promise<TFormData[]> {
  const scope = providerScope(actor);
  const rows = await p.db
    .select({
      a: appointments,
      provider: providers,
      member: members,
      policy: policies,
      plan: groupPlans,
      customer: customers,
      coverage: policyCoverages,
    })
    .from(appointments)
    .leftJoin(
      providers,
      and(eq(providers.tenantId, appointments.tenantId), eq(providers.providerId, appointments.providerId)),
    )
    .innerJoin(members, eq(members.id, appointments.memberRef))
    .innerJoin(policies, eq(policies.id, appointments.policyRef))
    .innerJoin(groupPlans, eq(groupPlans.id, appointments.planRef))
    .innerJoin(customers, eq(customers.id, groupPlans.customerRef))
    .innerJoin(policyCoverages, eq(policyCoverages.id, appointments.coverageRef))
    .where(
      and(
        eq(appointments.tenantId, actor.tenantId),
        inArray(appointments.id, ids),
        scope === null ? undefined : eq(appointments.providerId, scope),
      ) as SQL,
    );
  const byId = new Map(rows.map((r) => [r.a.id, r]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row) throw new AppError('APPOINT_NOT_FOUND');
    return row;
  });
}

/**
 * downloadDBClaimForm: one page per appointment, for at least 1 and fewer than 50 visits that
 * took place (confirmed or finished); 40220 otherwise, 40410 for an id the actor may not see,
 * 40925 for a visit not confirmed.
 */
export async function claimFormPdf(
  p: TPlatform,
  { actor, ids }: { actor: TActor; ids: string[] },
): Promise<{ fileName: string; body: Buffer }> {
  const unique = [...new Set(ids)];
  if (!dbFormCountAllowed(unique.length)) throw new AppError('APPOINT_DB_FORM_COUNT');
  const data = await formData(p, actor, unique);
  for (const d of data) {
    if (!BILLABLE_STATUSES.includes(d.a.status as never)) throw statusNotAllowed(d.a, 'claimForm');
  }
  const doc = newDocument('直付理赔申请表 Direct-Billing Claim Form');
  data.forEach((d, i) => {
    if (i > 0) doc.addPage();
    claimFormPage(doc, d);
  });
  const name = unique.length === 1 ? data[0].a.appointNo : `${unique.length}-${chinaDay(new Date())}`;
  return { fileName: `直付理赔申请表-${name}.pdf`, body: await finish(doc) };
}

/** downloadClaimBill: the bill of one confirmed or finished visit, split between plan and member. */
export async function claimBillPdf(
  p: TPlatform,
  { actor, id }: { actor: TActor; id: string },
): Promise<{ fileName: string; body: Buffer }> {
  const row = await appointmentRow(p.db, actor, id);
  const bill: TAppointmentBill = await billOf(p.db, row);
  const [provider] = await p.db
    .select()
    .from(providers)
    .where(and(eq(providers.tenantId, row.tenantId), eq(providers.providerId, row.providerId)));
  const doc = newDocument('就诊账单 Claim Bill');
  heading(doc, '就诊账单', 'Claim Bill');
  section(doc, '就诊', 'Visit');
  fields(doc, [
    ['预约编号 Appointment No.', row.appointNo],
    ['医疗机构 Provider', `${provider?.providerCnName ?? ''} (${row.providerId})`],
    ['会员 Member', `${row.memberName} ${row.memberNameEn} (${row.memberId})`],
    ['出生日期 Birthday', row.patientBirthday],
    ['保单号 Policy No.', row.policyNo],
    ['保障项目 Coverage', `${row.coverageCode} ${row.currency}`],
    ['就诊日期 Visit date', row.visitDate],
    ['诊断 Diagnosis', row.diagnosis],
  ]);
  section(doc, '费用', 'Amounts');
  fields(doc, [
    ['账单金额 Bill amount', `${bill.currency} ${bill.billAmount}`],
    ['自付比例 Co-pay %', bill.coPayPercent],
    ['自付金额 Co-pay', `${bill.currency} ${bill.coPayAmount}`],
    ['超限额 Over limit', `${bill.currency} ${bill.overLimitAmount}`],
    ['计划支付 Payable by plan', `${bill.currency} ${bill.payableByPlan}`],
    ['会员支付 Payable by member', `${bill.currency} ${bill.payableByMember}`],
  ]);
  doc
    .moveDown(1)
    .fontSize(8)
    .fillColor('#666666')
    .text(`打印时间 Printed: ${chinaSecond(new Date())}`);
  return { fileName: `就诊账单-${row.appointNo}.pdf`, body: await finish(doc) };
}

const COLUMNS = [
  { zh: '预约编号', en: 'Appointment No.', width: 16 },
  { zh: '状态', en: 'Status', width: 12 },
  { zh: '医疗机构编号', en: 'Provider ID', width: 12 },
  { zh: '医疗机构', en: 'Provider', width: 26 },
  { zh: '会员编号', en: 'Member ID', width: 14 },
  { zh: '会员姓名', en: 'Member name', width: 16 },
  { zh: '出生日期', en: 'Birthday', width: 12 },
  { zh: '团体计划', en: 'Group plan', width: 14 },
  { zh: '保障项目', en: 'Coverage', width: 10 },
  { zh: '就诊日期', en: 'Visit date', width: 16 },
  { zh: '科室', en: 'Department', width: 14 },
  { zh: '医生', en: 'Doctor', width: 12 },
  { zh: '创建时间', en: 'Created', width: 20 },
];

function rowsOf(batch: TAppointment[], lang: TLang): string[][] {
  return batch.map((a) => [
    a.appointNo,
    appointmentStatusName(a.status, lang),
    a.providerId,
    lang === 'zh' ? a.providerCnName || a.providerEnName : a.providerEnName || a.providerCnName,
    a.memberId,
    lang === 'zh' ? a.memberName : a.memberNameEn || a.memberName,
    a.patientBirthday,
    a.grpPlanCode,
    a.coverageCode,
    `${a.visitDate} ${a.visitTime}`.trim(),
    a.department,
    a.doctor,
    a.createTime,
  ]);
}

function listExport(where: SQL, p: TPlatform, actor: TActor, lang: TLang, subtitle: string): TExportFile {
  const title = pick(lang, { zh: '预约列表', en: 'Appointments' });
  return {
    contentType: XLSX_TYPE,
    fileName: `${title}-${chinaDay(new Date())}.xlsx`,
    write: (out) =>
      writeSheet(out, {
        creator: actor.account,
        frame: {
          name: title,
          title,
          subtitle,
          columns: COLUMNS.map((c) => ({ header: pick(lang, c), width: c.width })),
        },
        batches: appointmentBatches(p.db, where),
        rows: (batch) => rowsOf(batch, lang),
      }),
  };
}

/** downloadAppointmentList: the filtered list as .xlsx. */
export function appointmentListExport(
  p: TPlatform,
  { actor, filter, lang }: { actor: TActor; filter: Parameters<typeof appointmentWhere>[1]; lang: TLang },
): TExportFile {
  const stamp = pick(lang, { zh: '导出时间', en: 'Exported' });
  return listExport(appointmentWhere(actor, filter), p, actor, lang, `${stamp} ${chinaSecond(new Date())}`);
}

/** downloadAppointInfoList: the chosen appointments as .xlsx (at least one; at most 1000). */
export function appointmentInfoExport(
  p: TPlatform,
  { actor, ids, lang }: { actor: TActor; ids: string[]; lang: TLang },
): TExportFile {
  if (ids.length === 0) throw new AppError('NO_DATA_SELECTED');
  const scope = providerScope(actor);
  const where = and(
    eq(appointments.tenantId, actor.tenantId),
    inArray(appointments.id, ids),
    scope === null ? undefined : eq(appointments.providerId, scope),
  ) as SQL;
  const count = pick(lang, { zh: `已选 ${ids.length} 条`, en: `${ids.length} selected` });
  return listExport(where, p, actor, lang, `${count} · ${chinaSecond(new Date())}`);
}
