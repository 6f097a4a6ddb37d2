/**
 * The member file import (decision 0036): the way insurers deliver members, as .xlsx (sheet
 * "members", one row per member and policy, and sheet "coverages", the coverages of each plan,
 * given to every policy of that plan in the file) or as .csv (the members sheet alone). The file
 * is read row by row (members.xlsx-reader.ts for .xlsx). Preview and commit read the same file: the preview answers
 * the row-level report (row, column, both languages) and saves nothing; the commit checks again
 * and writes everything in one transaction or nothing, through the batch API's set-based upserts
 * (members.upsert.ts), so an import repeated adds no rows.
 */
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { parseBilingual } from '@portal/domain/i18n/bilingual';
import {
  type TItemError,
  type TMemberItem,
  type TPolicyItem,
  ZCoverageItem,
  ZMemberItem,
  ZPolicyItem,
} from '@portal/domain/members/rules';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { analyzeSoon } from '../../platform/db/maintenance.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TPlatform } from '../../platform/platform.ts';
import {
  checkMembers,
  existingMembers,
  type TFoundMembers,
  upsertPolicies,
  writeMembers,
} from './members.batch.ts';
import { readWorkbook } from './members.xlsx-reader.ts';

/** Errors returned in one report (the count says how many there are in all). */
export const REPORT_MAX_ERRORS = 1000;

/** The members sheet's columns: the key, then the header's Chinese and English. */
export const MEMBER_COLUMNS = [
  ['customerId', '客户编号', 'Customer ID'],
  ['customerName', '客户名称', 'Customer name'],
  ['customerNameEn', '客户英文名称', 'Customer English name'],
  ['memberId', '会员编号', 'Member ID'],
  ['employeeId', '员工编号', 'Employee ID'],
  [
    'relation',
    '关系(01本人 02配偶 03子女 04父母 05其他)',
    'Relation (01 employee 02 spouse 03 child 04 parent 05 other)',
  ],
  ['name', '姓名', 'Name'],
  ['nameEn', '英文名', 'English name'],
  ['birthday', '出生日期', 'Birthday'],
  ['sex', '性别(01男 02女)', 'Sex (01 male 02 female)'],
  ['idType', '证件类型(01身份证 02护照 03其他)', 'ID type (01 ID card 02 passport 03 other)'],
  ['idNumber', '证件号码', 'ID number'],
  ['cardNumber', '卡号', 'Card number'],
  ['phone', '电话', 'Phone'],
  ['email', '邮箱', 'Email'],
  ['policyNo', '保单号', 'Policy no.'],
  ['grpPlanCode', '计划代码', 'Plan code'],
  ['planName', '计划名称', 'Plan name'],
  ['planNameEn', '计划英文名称', 'Plan English name'],
  ['validFrom', '生效日期', 'Valid from'],
  ['validTo', '截止日期', 'Valid to'],
  ['policyStatus', '保单状态(01有效 02失效 03退保)', 'Policy status (01 in force 02 lapsed 03 cancelled)'],
] as const;

export const COVERAGE_COLUMNS = [
  ['grpPlanCode', '计划代码', 'Plan code'],
  [
    'coverageCode',
    '保障项目(OP门诊 IP住院 DT牙科 MT生育…)',
    'Coverage (OP outpatient IP inpatient DT dental MT maternity…)',
  ],
  ['currency', '币种', 'Currency'],
  ['perVisitLimit', '每次限额(空为不限)', 'Per-visit limit (empty: unlimited)'],
  ['annualLimit', '年度限额(空为不限)', 'Annual limit (empty: unlimited)'],
  ['coPayPercent', '自付比例%', 'Co-pay %'],
  ['deductible', '免赔额', 'Deductible'],
  ['directBilling', '可直付(Y/N)', 'Direct billing (Y/N)'],
] as const;

type TMemberKey = (typeof MEMBER_COLUMNS)[number][0];
type TCoverageKey = (typeof COVERAGE_COLUMNS)[number][0];

/** Header text of a column: 'Chinese / English [key]'; the key in brackets is what is read back. */
const header = ([key, zh, en]: readonly [string, string, string]) => `${zh} / ${en} [${key}]`;
const keyOfHeader = (text: string) => /\[([A-Za-z]+)\]\s*$/.exec(text.trim())?.[1] ?? '';

/** The template: both sheets with their headers and an example row each. */
export async function memberImportTemplate(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const members = workbook.addWorksheet('members');
  members.columns = MEMBER_COLUMNS.map((c) => ({ header: header(c), key: c[0], width: 20 }));
  members.getRow(1).font = { bold: true };
  members.addRow({
    customerId: 'C0001',
    customerName: '华东示范科技有限公司',
    customerNameEn: 'East China Demo Technology Co., Ltd.',
    memberId: 'M0001001',
    employeeId: 'M0001001',
    relation: '01',
    name: '张伟',
    nameEn: 'Zhang Wei',
    birthday: '1985-03-12',
    sex: '01',
    idType: '01',
    idNumber: '110101198503120019',
    cardNumber: '6200010010001',
    phone: '13800138001',
    email: '',
    policyNo: 'POL-GP-DEMO-01-M0001001',
    grpPlanCode: 'GP-DEMO-01',
    planName: '员工及家属医疗计划',
    planNameEn: 'Employee and Family Medical Plan',
    validFrom: '2026-01-01',
    validTo: '2026-12-31',
    policyStatus: '01',
  });
  const coverages = workbook.addWorksheet('coverages');
  coverages.columns = COVERAGE_COLUMNS.map((c) => ({ header: header(c), key: c[0], width: 22 }));
  coverages.getRow(1).font = { bold: true };
  coverages.addRow({
    grpPlanCode: 'GP-DEMO-01',
    coverageCode: 'OP',
    currency: 'CNY',
    perVisitLimit: '2000.00',
    annualLimit: '20000.00',
    coPayPercent: '10',
    deductible: '0',
    directBilling: 'Y',
  });
  // Text cells: dates and codes stay as typed (no Excel date or number conversion).
  for (const sheet of [members, coverages]) for (const col of sheet.columns) col.numFmt = '@';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

interface TRawRow {
  sheet: 'members' | 'coverages';
  row: number;
  cells: Record<string, string>;
}

function checkHeader(
  sheet: string,
  keys: string[],
  expected: readonly (readonly [string, string, string])[],
) {
  const missing = expected.filter((c) => !keys.includes(c[0]));
  if (missing.length > 0)
    throw new AppError('MEMBER_IMPORT_HEADER', {
      params: { columns: `${sheet}: ${missing.map((c) => c[0]).join(', ')}` },
    });
}

/**
 * Reads an .xlsx: the members sheet and, when present, the coverages sheet. The upload is held
 * as bytes (a zip is read from its end); each sheet is inflated and scanned as a stream.
 */
async function* readXlsx(input: Readable): AsyncGenerator<TRawRow> {
  try {
    const parts: Buffer[] = [];
    for await (const chunk of input) parts.push(chunk as Buffer);
    const sheets = readWorkbook(Buffer.concat(parts));
    let sheetNo = 0;
    for (const worksheet of sheets) {
      sheetNo++;
      const sheet: 'members' | 'coverages' | null =
        /coverage/i.test(worksheet.name) || sheetNo === 2 ? 'coverages' : sheetNo === 1 ? 'members' : null;
      if (!sheet) continue;
      let keys: string[] | null = null;
      for await (const { row, values } of worksheet.rows()) {
        if (keys === null) {
          keys = values.map(keyOfHeader);
          checkHeader(sheet, keys, sheet === 'members' ? MEMBER_COLUMNS : COVERAGE_COLUMNS);
          continue;
        }
        const cells: Record<string, string> = {};
        let empty = true;
        for (let i = 0; i < keys.length; i++) {
          const key = keys[i];
          if (!key) continue;
          const value = values[i] ?? '';
          cells[key] = value;
          if (value !== '') empty = false;
        }
        if (empty) continue;
        yield { sheet, row, cells };
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('MEMBER_IMPORT_UNREADABLE');
  }
}

/** One CSV line split into fields (RFC 4180 quotes; a quoted field may not span lines here). */
function splitCsv(line: string): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      out.push(field);
      field = '';
    } else field += ch;
  }
  out.push(field);
  return out.map((f) => f.trim());
}

/** Reads a .csv (UTF-8, BOM allowed) as a stream: the members sheet's columns. */
async function* readCsv(input: Readable): AsyncGenerator<TRawRow> {
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  let keys: string[] | null = null;
  let row = 0;
  for await (const raw of lines) {
    row++;
    const line = row === 1 ? raw.replace(/^\uFEFF/, '') : raw;
    const values = splitCsv(line);
    if (keys === null) {
      keys = values.map(keyOfHeader);
      checkHeader('csv', keys, MEMBER_COLUMNS);
      continue;
    }
    if (values.every((v) => v === '')) continue;
    const cells: Record<string, string> = {};
    keys.forEach((key, i) => {
      if (key) cells[key] = values[i] ?? '';
    });
    yield { sheet: 'members', row, cells };
  }
}

export interface TImportRowError extends TItemError {
  sheet: string;
  row: number;
}

export interface TImportReport {
  total: number;
  members: number;
  policies: number;
  errorCount: number;
  errors: TImportRowError[];
}

interface TParsed {
  members: Map<string, { row: number; item: TMemberItem }>;
  policies: { row: number; item: TPolicyItem }[];
  total: number;
  errors: TImportRowError[];
}

const rowError = (
  sheet: string,
  row: number,
  key: string,
  field: string,
  message: string,
): TImportRowError => {
  const pair = parseBilingual(message);
  return { sheet, row, index: row, key, field, msg: pair.zh, msg_en: pair.en };
};

const nullable = (v: string | undefined) => (v ? v : null);

/** Reads and checks every row; nothing is written. */
export async function parseFile(input: Readable, kind: 'xlsx' | 'csv'): Promise<TParsed> {
  const errors: TImportRowError[] = [];
  const members = new Map<string, { row: number; item: TMemberItem }>();
  const policyRows: { row: number; cells: Record<TMemberKey, string> }[] = [];
  const coverages = new Map<string, z.output<typeof ZCoverageItem>[]>();
  const coverageKeys = new Set<string>();
  const policyKeys = new Set<string>();
  let total = 0;
  for await (const raw of kind === 'xlsx' ? readXlsx(input) : readCsv(input)) {
    if (raw.sheet === 'coverages') {
      const c = raw.cells as Record<TCoverageKey, string>;
      const parsed = ZCoverageItem.safeParse({
        coverageCode: c.coverageCode,
        currency: c.currency?.toUpperCase(),
        perVisitLimit: nullable(c.perVisitLimit),
        annualLimit: nullable(c.annualLimit),
        coPayPercent: c.coPayPercent || '0',
        deductible: c.deductible || '0',
        directBilling: !/^(n|no|否|false|0)$/i.test(c.directBilling ?? ''),
      });
      if (!parsed.success) {
        for (const issue of parsed.error.issues)
          errors.push(
            rowError('coverages', raw.row, c.grpPlanCode ?? '', String(issue.path[0] ?? ''), issue.message),
          );
        continue;
      }
      const key = `${c.grpPlanCode}/${parsed.data.coverageCode}/${parsed.data.currency}`;
      if (coverageKeys.has(key)) {
        errors.push(
          rowError(
            'coverages',
            raw.row,
            c.grpPlanCode,
            'coverageCode',
            JSON.stringify({ zh: `${key} 重复`, en: `${key} appears twice` }),
          ),
        );
        continue;
      }
      coverageKeys.add(key);
      coverages.set(c.grpPlanCode, [...(coverages.get(c.grpPlanCode) ?? []), parsed.data]);
      continue;
    }
    total++;
    const c = raw.cells as Record<TMemberKey, string>;
    const member = ZMemberItem.safeParse({
      customerId: c.customerId,
      customerName: c.customerName,
      customerNameEn: c.customerNameEn,
      memberId: c.memberId,
      employeeId: c.employeeId || undefined,
      relation: c.relation || undefined,
      name: c.name,
      nameEn: c.nameEn,
      birthday: c.birthday,
      sex: c.sex,
      idType: c.idType || undefined,
      idNumber: c.idNumber,
      cardNumber: c.cardNumber,
      phone: c.phone,
      email: c.email,
    });
    if (!member.success) {
      for (const issue of member.error.issues)
        errors.push(
          rowError('members', raw.row, c.memberId ?? '', String(issue.path[0] ?? ''), issue.message),
        );
    } else {
      const seen = members.get(member.data.memberId);
      // One member on several rows (several policies) must read the same each time.
      if (seen && JSON.stringify(seen.item) !== JSON.stringify(member.data))
        errors.push(
          rowError(
            'members',
            raw.row,
            member.data.memberId,
            'memberId',
            JSON.stringify({
              zh: `会员 ${member.data.memberId} 在第 ${seen.row} 行的资料与本行不同`,
              en: `Member ${member.data.memberId} reads differently on row ${seen.row}`,
            }),
          ),
        );
      else if (!seen) members.set(member.data.memberId, { row: raw.row, item: member.data });
    }
    if (c.policyNo) {
      const key = `${c.policyNo}\u0000${c.memberId}`;
      if (policyKeys.has(key))
        errors.push(
          rowError(
            'members',
            raw.row,
            c.policyNo,
            'policyNo',
            JSON.stringify({ zh: `保单 ${c.policyNo} 重复`, en: `Policy ${c.policyNo} appears twice` }),
          ),
        );
      policyKeys.add(key);
      policyRows.push({ row: raw.row, cells: c });
    }
  }
  const policies: { row: number; item: TPolicyItem }[] = [];
  for (const { row, cells: c } of policyRows) {
    const parsed = ZPolicyItem.safeParse({
      policyNo: c.policyNo,
      memberId: c.memberId,
      customerId: c.customerId,
      grpPlanCode: c.grpPlanCode,
      planName: c.planName,
      planNameEn: c.planNameEn,
      validFrom: c.validFrom,
      validTo: c.validTo,
      status: c.policyStatus || undefined,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        errors.push(rowError('members', row, c.policyNo, String(issue.path[0] ?? ''), issue.message));
    }
    // The plan's coverages, checked once above, are shared by every policy of the plan.
    else policies.push({ row, item: { ...parsed.data, coverages: coverages.get(c.grpPlanCode) ?? [] } });
  }
  return { members, policies, total, errors };
}

function report(parsed: TParsed, errors: TImportRowError[]): TImportReport {
  const sorted = errors.sort((a, b) => a.sheet.localeCompare(b.sheet) || a.row - b.row);
  return {
    total: parsed.total,
    members: parsed.members.size,
    policies: parsed.policies.length,
    errorCount: sorted.length,
    errors: sorted.slice(0, REPORT_MAX_ERRORS),
  };
}

/** Batch errors (by position in a chunk) back to the file's rows. */
function toRowErrors(error: unknown, rows: number[]): TImportRowError[] {
  if (!(error instanceof AppError) || error.code !== 40201) throw error;
  const items = (error.data as { items: TItemError[] }).items;
  return items.map((e) => ({ ...e, sheet: 'members', row: rows[e.index] ?? 0 }));
}

/**
 * The checks that need the database (members moving customer) in one bulk read, then, when
 * writing, every member and then every policy through the batch API's set-based writer (a few
 * thousand rows per statement). A refusal of the writer (plans of another customer, members
 * unknown) comes back as row errors.
 */
async function checkAndWrite(
  tx: TDbOrTx,
  actor: TActor,
  parsed: TParsed,
  write: boolean,
): Promise<{ errors: TImportRowError[]; created: number; updated: number }> {
  const memberList = [...parsed.members.values()];
  const items = memberList.map((m) => m.item);
  const errors = [...parsed.errors];
  const found = await existingMembers(
    tx,
    actor.tenantId,
    items.map((m) => m.memberId),
  );
  const refused = await checkMembers(tx, actor.tenantId, items, 0, found);
  errors.push(...refused.map((e) => ({ ...e, sheet: 'members', row: memberList[e.index].row })));
  if (errors.length > 0 || !write) return { errors, created: 0, updated: 0 };
  let created = 0;
  let updated = 0;
  let members: TFoundMembers;
  try {
    const r = await writeMembers(tx, { tenantId: actor.tenantId, actor, items, found });
    created += r.result.created;
    updated += r.result.updated;
    members = r.members;
  } catch (error) {
    return {
      errors: toRowErrors(
        error,
        memberList.map((m) => m.row),
      ),
      created,
      updated,
    };
  }
  try {
    const r = await upsertPolicies(tx, {
      tenantId: actor.tenantId,
      actor,
      items: parsed.policies.map((p) => p.item),
      members,
    });
    created += r.created;
    updated += r.updated;
  } catch (error) {
    errors.push(
      ...toRowErrors(
        error,
        parsed.policies.map((p) => p.row),
      ),
    );
  }
  return { errors, created, updated };
}

/** Rolls the transaction back (after the report is taken) when a row was refused. */
class Refused extends Error {}

/** The preview: every row checked, the report in both languages; nothing is saved. */
export async function previewMemberImport(
  p: TPlatform,
  { actor, input, kind }: { actor: TActor; input: Readable; kind: 'xlsx' | 'csv' },
): Promise<TImportReport> {
  const parsed = await parseFile(input, kind);
  if (parsed.total === 0) throw new AppError('MEMBER_IMPORT_EMPTY');
  const { errors } = await checkAndWrite(p.db, actor, parsed, false);
  return report(parsed, errors);
}

/**
 * The commit: the same checks, then every member and policy written in one transaction; any
 * refused row refuses the file (40201 with the report) and nothing stays written.
 */
export async function commitMemberImport(
  p: TPlatform,
  { actor, input, kind }: { actor: TActor; input: Readable; kind: 'xlsx' | 'csv' },
): Promise<TImportReport & { created: number; updated: number }> {
  const parsed = await parseFile(input, kind);
  if (parsed.total === 0) throw new AppError('MEMBER_IMPORT_EMPTY');
  let result: { errors: TImportRowError[]; created: number; updated: number } = {
    errors: [],
    created: 0,
    updated: 0,
  };
  try {
    await p.db.transaction(async (tx) => {
      result = await checkAndWrite(tx, actor, parsed, true);
      if (result.errors.length > 0) throw new Refused();
    });
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    const r = report(parsed, result.errors);
    throw new AppError('MEMBER_BATCH_INVALID', { params: { count: r.errorCount }, data: r });
  }
  await analyzeSoon(p, result.created + result.updated);
  return { ...report(parsed, []), created: result.created, updated: result.updated };
}
