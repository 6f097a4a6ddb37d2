/**
 * The remittance advice of a payment batch (decision 0045; the 835 of DOMAIN.md): who pays whom,
 * when, under which bank reference, the rates, and every claim line with its amount in the claim
 * currency and in the invoice currency, with the total. Bilingual, as a PDF (pdfkit with the
 * embedded Noto Sans SC of the appointment forms) and as .xlsx. A batch not yet confirmed prints
 * as a draft.
 */
import { accName, ITEM_STATUS, PAY_STATUS, type TPayDetail } from '@portal/domain/accounting/rules';
import { formatAmount } from '@portal/domain/format/format';
import { maskPersonalData } from '@portal/domain/personal-data/rules';
import { and, eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import type { TActor } from '../../platform/auth/access.ts';
import { type TExportFile, writeSheet, XLSX_TYPE } from '../../platform/http/xlsx-export.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { tenants } from '../../platform/tenancy/tenancy.tables.ts';
import { PDF_FONT, PDF_FONT_BOLD } from '../appointments/appointments.documents.ts';
import { chinaSecond } from '../appointments/appointments.service.ts';
import { providers } from '../hospital-tasks/hospital-tasks.tables.ts';
import { payBatchDetail } from './accounting.service.ts';

type TDoc = InstanceType<typeof PDFDocument>;
const PAGE_WIDTH = 841.89;
const PAGE_HEIGHT = 595.28;
const LEFT = 40;
const WIDTH = PAGE_WIDTH - 2 * LEFT;

function finish(doc: TDoc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

interface TAdvice {
  detail: TPayDetail;
  payer: { name: string; nameEn: string };
  bank: { bankName: string; accountName: string; accountNo: string };
}

async function adviceOf(p: TPlatform, actor: TActor, payBatchNo: string): Promise<TAdvice> {
  const detail = await payBatchDetail(p, { actor, payBatchNo });
  const [tenant] = await p.db.select().from(tenants).where(eq(tenants.id, actor.tenantId));
  const [provider] = await p.db
    .select({
      bankName: providers.bankName,
      bank: providers.bank,
      accountName: providers.accountName,
      accountNo: providers.accountNo,
    })
    .from(providers)
    .where(and(eq(providers.tenantId, actor.tenantId), eq(providers.providerId, detail.batch.providerId)));
  return {
    detail,
    payer: { name: tenant?.name ?? '', nameEn: tenant?.nameEn ?? '' },
    bank: {
      bankName: provider?.bankName || provider?.bank || '',
      accountName: provider?.accountName ?? '',
      // The advice travels by mail and print: the account shows its last four digits only.
      accountNo: maskPersonalData('accountNo', provider?.accountNo ?? ''),
    },
  };
}

const money = (currency: string, amount: string) => `${currency} ${formatAmount(amount)}`;
const draft = (d: TPayDetail) => d.batch.payStatus !== PAY_STATUS.CONFIRMED.code;
const both = (table: Record<string, { code: string; zh: string; en: string }>, code: string) =>
  `${accName(table, code, 'zh')} ${accName(table, code, 'en')}`;

/** The advice's header facts, label (zh en) and value. */
function facts({ detail, payer, bank }: TAdvice): [string, string][] {
  const b = detail.batch;
  return [
    ['付款批次号 Payment batch No.', b.payBatchNo],
    ['状态 Status', `${both(PAY_STATUS, b.payStatus)}`],
    ['付款方 Payer', `${payer.name} ${payer.nameEn}`.trim()],
    ['收款医疗机构 Payee', `${b.providerCnName} ${b.providerEnName} (${b.providerId})`],
    ['开户行 Bank', bank.bankName],
    ['账户 Account', `${bank.accountName} ${bank.accountNo}`.trim()],
    ['发票币种 Invoice currency', b.invoiceCurrency],
    [
      '汇率 Exchange rates',
      b.rates.map((r) => `1 ${r.currency} = ${r.rate} ${b.invoiceCurrency}`).join('; ') || '-',
    ],
    ['付款日期 Paid date', b.paidDate ?? '-'],
    ['银行流水号 Bank reference', b.bankReference || '-'],
    ['理赔笔数 Claims', String(b.itemCount)],
    ['付款总额 Total paid', money(b.invoiceCurrency, b.totalAmount)],
  ];
}

const COLUMNS = [
  { zh: '理赔批次', en: 'Claim batch', width: 80 },
  { zh: '行', en: 'Row', width: 30 },
  { zh: '会员编号', en: 'Member ID', width: 72 },
  { zh: '就诊日期', en: 'Visit date', width: 62 },
  { zh: '项目', en: 'Item', width: 140 },
  { zh: '理赔币种金额', en: 'Claim currency amount', width: 100 },
  { zh: '汇率', en: 'Rate', width: 62 },
  { zh: '付款金额', en: 'Amount paid', width: 100 },
  { zh: '对账状态', en: 'Reconciliation', width: 115 },
] as const;

function itemCells(d: TPayDetail): string[][] {
  return d.items.map((i) => [
    i.claimBatchNo,
    String(i.rowNo),
    i.memberId,
    i.visitDate,
    i.itemName,
    money(i.claimCurrency, i.claimAmount),
    i.rate,
    money(d.batch.invoiceCurrency, i.amount),
    both(ITEM_STATUS, i.status),
  ]);
}

function tableHeader(doc: TDoc) {
  const y = doc.y;
  doc.rect(LEFT, y, WIDTH, 24).fill('#FDEBD3');
  let x = LEFT;
  doc.font('cjk-bold').fontSize(7.5).fillColor('#000000');
  for (const c of COLUMNS) {
    doc.text(`${c.zh}\n${c.en}`, x + 3, y + 3, { width: c.width - 6 });
    x += c.width;
  }
  doc.font('cjk');
  doc.y = y + 26;
}

/** GET /claim/acc/remittance/pdf?payBatchNo=: the remittance advice as a bilingual PDF. */
export async function remittancePdf(
  p: TPlatform,
  { actor, payBatchNo }: { actor: TActor; payBatchNo: string },
): Promise<{ fileName: string; body: Buffer }> {
  const advice = await adviceOf(p, actor, payBatchNo);
  const d = advice.detail;
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: LEFT,
    info: { Title: `付款通知书 Remittance Advice ${d.batch.payBatchNo}`, Creator: 'Portal' },
  });
  doc.registerFont('cjk', PDF_FONT);
  doc.registerFont('cjk-bold', PDF_FONT_BOLD);
  doc.font('cjk-bold').fontSize(18).fillColor('#F89000').text('付款通知书', { align: 'center' });
  doc.font('cjk').fontSize(11).fillColor('#333333').text('Remittance Advice', { align: 'center' });
  if (draft(d))
    doc
      .fontSize(10)
      .fillColor('#CF1322')
      .text('草稿：尚未确认付款  Draft: payment not yet confirmed', { align: 'center' });
  doc.moveDown(0.6);
  const pairs = facts(advice);
  const col = WIDTH / 2;
  doc.fontSize(8.5);
  for (let i = 0; i < pairs.length; i += 2) {
    const y = doc.y;
    let bottom = y;
    for (let j = 0; j < 2 && i + j < pairs.length; j++) {
      const [label, value] = pairs[i + j];
      const x = LEFT + j * col;
      doc.fillColor('#666666').text(label, x, y, { width: 150 });
      doc.fillColor('#000000').text(value || '-', x + 152, y, { width: col - 160 });
      bottom = Math.max(bottom, doc.y);
    }
    doc.y = bottom + 3;
  }
  doc.moveDown(0.5);
  tableHeader(doc);
  doc.fontSize(7.5);
  for (const cells of itemCells(d)) {
    if (doc.y > PAGE_HEIGHT - LEFT - 40) {
      doc.addPage();
      tableHeader(doc);
      doc.fontSize(7.5);
    }
    const y = doc.y;
    let x = LEFT;
    let bottom = y;
    cells.forEach((text, i) => {
      const c = COLUMNS[i];
      const right = i === 5 || i === 6 || i === 7;
      doc.fillColor('#000000').text(text, x + 3, y, { width: c.width - 6, align: right ? 'right' : 'left' });
      bottom = Math.max(bottom, doc.y);
      x += c.width;
    });
    doc
      .moveTo(LEFT, bottom + 2)
      .lineTo(LEFT + WIDTH, bottom + 2)
      .strokeColor('#E5E5E5')
      .stroke();
    doc.y = bottom + 4;
  }
  doc.moveDown(0.3);
  doc
    .font('cjk-bold')
    .fontSize(9)
    .fillColor('#000000')
    .text(`合计 Total: ${money(d.batch.invoiceCurrency, d.batch.totalAmount)}`, LEFT, doc.y, {
      width: WIDTH,
      align: 'right',
    });
  doc.font('cjk').moveDown(0.8);
  doc
    .fontSize(8)
    .fillColor('#333333')
    .text(
      '请按行核对上述款项；如有不符，请在门户“理赔财务”中对该行提出争议。金额按行以四舍五入折算至分，合计为各行之和。',
      LEFT,
      doc.y,
      { width: WIDTH },
    )
    .text(
      'Please reconcile the lines above; where one differs, dispute it under Claim finance in the portal. Each line is converted and rounded half up to the cent; the total is the sum of the lines.',
      { width: WIDTH },
    );
  doc
    .moveDown(0.6)
    .fontSize(8)
    .fillColor('#666666')
    .text(`打印时间 Printed: ${chinaSecond(new Date())}`);
  return { fileName: `付款通知书-${d.batch.payBatchNo}.pdf`, body: await finish(doc) };
}

/** GET /claim/acc/remittance/xlsx?payBatchNo=: the same advice as .xlsx (bilingual headers). */
export async function remittanceXlsx(
  p: TPlatform,
  { actor, payBatchNo }: { actor: TActor; payBatchNo: string },
): Promise<TExportFile> {
  const advice = await adviceOf(p, actor, payBatchNo);
  const d = advice.detail;
  const subtitle = facts(advice)
    .map(([label, value]) => `${label}: ${value}`)
    .join(' | ');
  async function* batches() {
    yield [
      ...itemCells(d),
      ['', '', '', '', '合计 Total', '', '', money(d.batch.invoiceCurrency, d.batch.totalAmount), ''],
    ];
  }
  return {
    contentType: XLSX_TYPE,
    fileName: `付款通知书-${d.batch.payBatchNo}.xlsx`,
    write: (out) =>
      writeSheet(out, {
        creator: actor.account,
        frame: {
          name: d.batch.payBatchNo,
          title: `付款通知书 Remittance Advice ${d.batch.payBatchNo}${draft(d) ? '（草稿 Draft）' : ''}`,
          subtitle,
          columns: COLUMNS.map((c) => ({ header: `${c.zh} / ${c.en}`, width: Math.round(c.width / 5) })),
        },
        batches: batches(),
        rows: (batch) => batch,
      }),
  };
}
