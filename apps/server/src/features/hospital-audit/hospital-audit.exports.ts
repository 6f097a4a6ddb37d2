import {
  CONTACT_SHOW,
  CONTACT_TYPE,
  PROVIDER_ACCOUNT_STATUS,
  TASK_TYPE,
} from '@portal/domain/dictionaries/codes';
import {
  canExportTask,
  type TAnnounceQuery,
  type TNewsLetterBody,
} from '@portal/domain/hospital-audit/rules';
import { LABELS } from '@portal/domain/hospital-tasks/rules';
import ExcelJS from 'exceljs';
import type { TActor } from '../../platform/auth/access.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { findTask } from '../change-tasks/change-tasks.store.ts';
import { hospitalTaskKind, toForm } from '../hospital-tasks/hospital-tasks.kind.ts';
import { findProviderRecord, listProviderRecords } from '../hospital-tasks/hospital-tasks.records.ts';
import type { THospitalTaskRow, TProviderRow } from '../hospital-tasks/hospital-tasks.tables.ts';
import { createValueFormatter, type TLang } from './hospital-audit.format.ts';
import { approvedDecisions, latestApproval } from './hospital-audit.service.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An export ready to send: bytes, content type and the file name. */
export interface TExportFile {
  body: Buffer;
  contentType: string;
  fileName: string;
}

const UTC_OFFSET = '+08:00';
const DAY_MS = 86_400_000;
/** A day (or instant) in China time as YYYY-MM-DD, the portal's date format. */
const chinaDay = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
const dayStart = (day: string) => new Date(`${day}T00:00:00${UTC_OFFSET}`);
const pick = (lang: TLang, label: { zh: string; en: string }) => (lang === 'zh' ? label.zh : label.en);

const BRAND = 'FFF89000';
const HEADER_FILL = 'FFFDEBD3';

/** A sheet with a title row, a subtitle row and a header row; column widths in characters. */
function startSheet(
  workbook: ExcelJS.Workbook,
  input: { name: string; title: string; subtitle: string; columns: { header: string; width: number }[] },
) {
  const sheet = workbook.addWorksheet(input.name, { views: [{ state: 'frozen', ySplit: 3 }] });
  sheet.columns = input.columns.map((c) => ({ width: c.width }));
  const last = input.columns.length;
  sheet.mergeCells(1, 1, 1, last);
  sheet.mergeCells(2, 1, 2, last);
  const title = sheet.getCell(1, 1);
  title.value = input.title;
  title.font = { bold: true, size: 16, color: { argb: BRAND } };
  title.alignment = { horizontal: 'center', vertical: 'middle' };
  sheet.getRow(1).height = 28;
  const subtitle = sheet.getCell(2, 1);
  subtitle.value = input.subtitle;
  subtitle.alignment = { horizontal: 'center' };
  subtitle.font = { color: { argb: 'FF666666' } };
  const header = sheet.getRow(3);
  header.values = input.columns.map((c) => c.header);
  header.eachCell((cell) => {
    cell.font = { bold: true };
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: HEADER_FILL } };
    cell.alignment = { vertical: 'middle', wrapText: true };
    cell.border = { bottom: { style: 'thin', color: { argb: BRAND } } };
  });
  return sheet;
}

function addRows(sheet: ExcelJS.Worksheet, rows: (string | number)[][]) {
  for (const values of rows) {
    const row = sheet.addRow(values);
    row.alignment = { vertical: 'top', wrapText: true };
  }
}

async function toBuffer(workbook: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function newWorkbook(actor: TActor) {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = actor.name;
  workbook.created = new Date();
  return workbook;
}

/** Phones shown to patients only: the announcement is public. */
function publicPhones(record: TProviderRow): string {
  return record.contacts
    .filter(
      (c) => c.contactType === CONTACT_TYPE.PHONE.code && c.show === CONTACT_SHOW.REVEALED.code && c.tel,
    )
    .map((c) => c.tel)
    .join(', ');
}

/**
 * Which approved hospitals an announcement lists, with their publicity dates. taskNo: that
 * task's hospital, refused (409) unless the task is approved, which is how 'a hospital
 * creation task can be exported only in a passed state' is enforced; providerId: that record,
 * refused (409) without one; a period: hospitals approved in it; nothing: every approved record.
 */
async function announcedHospitals(
  p: TPlatform,
  actor: TActor,
  query: TAnnounceQuery,
): Promise<{ record: TProviderRow; publicity: Date | null }[]> {
  const tenantId = actor.tenantId;
  if (query.taskNo) {
    const task = await findTask<THospitalTaskRow>(p.db, hospitalTaskKind, {
      tenantId,
      idOrTaskNo: query.taskNo,
    });
    if (!canExportTask(task.status))
      throw new AppError('TASK_NOT_EXPORTABLE', {
        params: { taskNo: task.taskNo },
        data: { status: task.status },
      });
    const decision = await latestApproval(p.db, { tenantId, taskId: task.id });
    const providerId = decision?.providerId ?? task.providerId;
    const record = await findProviderRecord(p.db, { tenantId, providerId });
    if (!record) throw new AppError('PROVIDER_NOT_EXPORTABLE', { params: { providerId } });
    return [{ record, publicity: task.publicityDate }];
  }
  if (query.providerId) {
    const record = await findProviderRecord(p.db, { tenantId, providerId: query.providerId });
    if (!record) throw new AppError('PROVIDER_NOT_EXPORTABLE', { params: { providerId: query.providerId } });
    return [{ record, publicity: record.approvedAt }];
  }
  if (query.startDate || query.endDate) {
    const decisions = await approvedDecisions(p.db, {
      tenantId,
      from: query.startDate ? dayStart(query.startDate) : undefined,
      to: query.endDate ? new Date(dayStart(query.endDate).getTime() + DAY_MS) : undefined,
    });
    const latest = new Map<string, Date>();
    for (const d of decisions) latest.set(d.providerId, d.auditedAt);
    const records = await listProviderRecords(p.db, { tenantId, providerIds: [...latest.keys()] });
    return records.map((record) => ({
      record,
      publicity: latest.get(record.providerId) ?? record.approvedAt,
    }));
  }
  const records = await listProviderRecords(p.db, { tenantId });
  return records
    .filter((r) => r.status === PROVIDER_ACCOUNT_STATUS.VALID.code)
    .map((record) => ({ record, publicity: record.approvedAt }));
}

const ANNOUNCE_FIELDS = [
  'medicalType',
  'providerPro',
  'providerLeval',
  'directPayType',
  'dbFlag',
  'languages',
  'country',
  'provinceCity',
  'hospitalCAddress',
  'hospitalEAddress',
] as const;

/** downloadAnnounce: the announcement of approved network hospitals as an .xlsx workbook. */
export async function buildAnnouncement(
  p: TPlatform,
  { actor, query, lang }: { actor: TActor; query: TAnnounceQuery; lang: TLang },
): Promise<TExportFile> {
  const hospitals = await announcedHospitals(p, actor, query);
  const format = await createValueFormatter(p, actor.tenantId, lang);
  const today = chinaDay(new Date());
  const t = (zh: string, en: string) => (lang === 'zh' ? zh : en);
  const workbook = newWorkbook(actor);
  const columns = [
    { header: t('序号', 'No.'), width: 6 },
    { header: pick(lang, LABELS.providerId), width: 12 },
    { header: pick(lang, LABELS.providerCnName), width: 28 },
    { header: pick(lang, LABELS.providerEnName), width: 36 },
    ...ANNOUNCE_FIELDS.map((f) => ({
      header: pick(lang, LABELS[f]),
      width: f.startsWith('hospital') ? 36 : 16,
    })),
    { header: t('对外电话', 'Public phone'), width: 22 },
    { header: pick(lang, LABELS.webAddr), width: 28 },
    { header: pick(lang, LABELS.publicityDate), width: 14 },
  ];
  const scope = query.taskNo
    ? t(`任务 ${query.taskNo}`, `task ${query.taskNo}`)
    : query.providerId
      ? t(`医院 ${query.providerId}`, `hospital ${query.providerId}`)
      : query.startDate || query.endDate
        ? t(
            `审核通过期间 ${query.startDate || '…'} 至 ${query.endDate || '…'}`,
            `approved ${query.startDate || '…'} to ${query.endDate || '…'}`,
          )
        : t('全部审核通过的医院', 'all approved hospitals');
  const sheet = startSheet(workbook, {
    name: t('医院公告', 'Announcement'),
    title: t('网络医院公告', 'Network Hospital Announcement'),
    subtitle: t(
      `${scope}，共 ${hospitals.length} 家，导出日期 ${today}`,
      `${scope}: ${hospitals.length} hospital(s), exported ${today}`,
    ),
    columns,
  });
  addRows(
    sheet,
    hospitals.map(({ record, publicity }, i) => {
      const form = toForm(record) as unknown as Record<string, unknown>;
      return [
        i + 1,
        record.providerId,
        record.providerCnName || '-',
        record.providerEnName || '-',
        ...ANNOUNCE_FIELDS.map((f) => format(f, form[f])),
        publicPhones(record) || '-',
        record.webAddr || '-',
        publicity ? chinaDay(publicity) : '-',
      ];
    }),
  );
  const single = hospitals.length === 1 ? `-${hospitals[0].record.providerId}` : '';
  return {
    body: await toBuffer(workbook),
    contentType: XLSX_TYPE,
    fileName: `${t('医院公告', 'hospital-announcement')}${single}-${today.replaceAll('-', '')}.xlsx`,
  };
}

/**
 * downloadNewsLetter: the approved changes of a period as an .xlsx workbook: every approved
 * update with one row per changed field (label, approved value before, new value), and every
 * new hospital with its main data. Built from the decisions, so it shows what was approved.
 */
export async function buildNewsletter(
  p: TPlatform,
  { actor, body, lang }: { actor: TActor; body: TNewsLetterBody; lang: TLang },
): Promise<TExportFile> {
  const decisions = await approvedDecisions(p.db, {
    tenantId: actor.tenantId,
    from: dayStart(body.startDate),
    to: new Date(dayStart(body.endDate).getTime() + DAY_MS),
  });
  const format = await createValueFormatter(p, actor.tenantId, lang);
  const t = (zh: string, en: string) => (lang === 'zh' ? zh : en);
  const types = new Map(Object.values(TASK_TYPE).map((e) => [e.code as string, e]));
  const rows: (string | number)[][] = [];
  let changes = 0;
  for (const d of decisions) {
    const base = [
      chinaDay(d.auditedAt),
      d.taskNo,
      types.has(d.taskType) ? pick(lang, types.get(d.taskType)!) : d.taskType,
      d.providerId,
      lang === 'zh' ? d.providerCnName || d.providerEnName : d.providerEnName || d.providerCnName,
    ];
    if (d.taskType === TASK_TYPE.ADD_HOSPITAL.code) {
      const values = new Map(d.changes.map((c) => [c.field, c.newValue]));
      const summary = (
        ['providerCnName', 'providerEnName', 'medicalType', 'hospitalCAddress', 'hospitalEAddress'] as const
      )
        .map((f) => `${pick(lang, LABELS[f])}${t('：', ': ')}${format(f, values.get(f))}`)
        .join('\n');
      rows.push([...base, t('新增医院', 'New hospital'), '-', summary]);
      changes += 1;
      continue;
    }
    for (const c of d.changes) {
      const label = (LABELS as Record<string, { zh: string; en: string }>)[c.field];
      rows.push([
        ...base,
        label ? pick(lang, label) : c.field,
        format(c.field, c.oldValue),
        format(c.field, c.newValue),
      ]);
      changes += 1;
    }
  }
  const workbook = newWorkbook(actor);
  const sheet = startSheet(workbook, {
    name: t('变更简报', 'Newsletter'),
    title: t('网络医院变更简报', 'Network Hospital Newsletter'),
    subtitle: t(
      `${body.startDate} 至 ${body.endDate}：审核通过 ${decisions.length} 个任务，${changes} 项变更`,
      `${body.startDate} to ${body.endDate}: ${decisions.length} approved task(s), ${changes} change(s)`,
    ),
    columns: [
      { header: t('序号', 'No.'), width: 6 },
      { header: t('审核通过日期', 'Approved on'), width: 14 },
      { header: pick(lang, LABELS.taskNo), width: 18 },
      { header: pick(lang, LABELS.taskType), width: 14 },
      { header: pick(lang, LABELS.providerId), width: 12 },
      { header: t('医院名称', 'Hospital'), width: 30 },
      { header: t('变更项', 'Changed field'), width: 22 },
      { header: t('原值', 'Old value'), width: 40 },
      { header: t('新值', 'New value'), width: 40 },
    ],
  });
  addRows(
    sheet,
    rows.map((r, i) => [i + 1, ...r]),
  );
  return {
    body: await toBuffer(workbook),
    contentType: XLSX_TYPE,
    fileName: `${t('医院变更简报', 'hospital-newsletter')}-${body.startDate.replaceAll('-', '')}-${body.endDate.replaceAll('-', '')}.xlsx`,
  };
}
