/**
 * The message import (decision 0035): the bilingual template, and POST /msg/msg/import, which
 * reads an uploaded .xlsx, checks every row with the compose form's rules and the tenant's
 * providers and areas, and answers the row-level report. With dryRun it stops there (the
 * preview); without, a file with any error is refused whole and a clean one becomes sent
 * messages in one transaction (all or nothing). The file travels twice instead of a preview
 * kept on the server: at 200 rows it is small, and nothing is left to expire.
 */

import { ERRORS, formatMessage } from '@portal/domain/errors/catalogue';
import { MSG_LEVELS, MSG_TYPES } from '@portal/domain/messages/codes';
import { MSG_RULE_MESSAGES } from '@portal/domain/messages/compose';
import {
  checkMsgImportRow,
  MSG_IMPORT_COLUMNS,
  MSG_IMPORT_MAX_ROWS,
  MSG_IMPORT_SEARCH_TYPES,
  type TMsgImportColumn,
  type TMsgImportIssue,
  type TMsgImportReport,
  type TMsgImportRowView,
  type TMsgImportValue,
} from '@portal/domain/messages/import';
import { and, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { analyzeSoon } from '../../platform/db/maintenance.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { importHeader, readImportSheet } from '../../platform/http/xlsx-import.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { areas } from '../dictionaries/dictionaries.tables.ts';
import { providers } from '../hospital-tasks/hospital-tasks.tables.ts';
import { publishMessagesChanged } from './messages.live.ts';
import { countRecipients, createSentMessages } from './messages.sending.ts';

const CHINA_OFFSET_MS = 8 * 3_600_000;
const pad = (n: number) => String(n).padStart(2, '0');
/** An instant as China wall time, the way the template asks for it. */
const chinaTime = (at: Date) => {
  const d = new Date(at.getTime() + CHINA_OFFSET_MS);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
};

/** The template: the header, one example row (tomorrow 09:00 for a week, to all providers), and the codes. */
export async function messageImportTemplate(now = new Date()): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('messages');
  sheet.columns = MSG_IMPORT_COLUMNS.map((c) => ({
    header: importHeader(c),
    key: c.key,
    width: c.key === 'content' || c.key === 'enContent' ? 40 : 22,
  }));
  sheet.getRow(1).font = { bold: true };
  const tomorrow = new Date(now.getTime() + 24 * 3_600_000);
  const day = chinaTime(tomorrow).slice(0, 10);
  const weekLater = chinaTime(new Date(tomorrow.getTime() + 7 * 24 * 3_600_000)).slice(0, 10);
  sheet.addRow({
    name: '系统维护通知',
    nameEn: 'Maintenance notice',
    msgType: '02',
    msgLevel: '01',
    content: '本周六 22:00 至 24:00 系统维护，期间暂停服务。',
    enContent: 'The portal is down for maintenance on Saturday from 22:00 to 24:00.',
    validFrom: `${day} 09:00`,
    validTo: `${weekLater} 09:00`,
    searchType: '04',
    recipients: '',
  });
  // Every cell is text, so Excel keeps the codes' leading zeros and the times as written.
  for (let c = 1; c <= MSG_IMPORT_COLUMNS.length; c++) sheet.getColumn(c).numFmt = '@';
  const codes = workbook.addWorksheet('codes');
  codes.columns = [
    { header: '列 / Column', width: 28 },
    { header: '编码 / Code', width: 14 },
    { header: '中文 / Chinese', width: 30 },
    { header: '英文 / English', width: 44 },
  ];
  codes.getRow(1).font = { bold: true };
  const header = (key: TMsgImportColumn) => importHeader(MSG_IMPORT_COLUMNS.find((c) => c.key === key)!);
  for (const code of ['01', '02'] as const)
    codes.addRow([header('msgType'), code, MSG_TYPES[code].zh, MSG_TYPES[code].en]);
  for (const [code, l] of Object.entries(MSG_LEVELS)) codes.addRow([header('msgLevel'), code, l.zh, l.en]);
  for (const [code, l] of Object.entries(MSG_IMPORT_SEARCH_TYPES))
    codes.addRow([header('searchType'), code, l.zh, l.en]);
  codes.addRow([
    `${header('validFrom')}, ${header('validTo')}`,
    '',
    'YYYY-MM-DD HH:mm（北京时间）；开始不早于今天，失效至少晚于现在 15 分钟',
    'YYYY-MM-DD HH:mm (China time); start not earlier than today, expiry at least 15 minutes from now',
  ]);
  codes.addRow([
    header('recipients'),
    '',
    '收信范围 01 填地区编码、02 填医疗机构编号，多个用逗号分隔；04 留空',
    'Type 01: area codes, 02: provider ids, several separated by commas; 04: leave empty',
  ]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const issueOf = (row: number, column: TMsgImportColumn, zh: string, en: string): TMsgImportIssue => ({
  row,
  column,
  msg: zh,
  msg_en: en,
});

/** The tenant's active providers and its areas among the codes the rows name. */
async function knownCodes(db: TDbOrTx, tenantId: string, values: TMsgImportValue[]) {
  const providerIds = [...new Set(values.flatMap((v) => v.providerIds))];
  const areaCodes = [...new Set(values.flatMap((v) => v.areaCodes))];
  const [p, a] = await Promise.all([
    providerIds.length === 0
      ? []
      : db
          .select({ id: providers.providerId })
          .from(providers)
          .where(
            and(
              eq(providers.tenantId, tenantId),
              eq(providers.status, '01'),
              inArray(providers.providerId, providerIds),
            ),
          ),
    areaCodes.length === 0
      ? []
      : db
          .select({ code: areas.code })
          .from(areas)
          .where(and(eq(areas.tenantId, tenantId), inArray(areas.code, areaCodes))),
  ]);
  return { providers: new Set(p.map((r) => r.id)), areas: new Set(a.map((r) => r.code)) };
}

/** Checks every row: the form's rules, then unknown providers and areas, then who each row reaches. */
async function checkRows(db: TDbOrTx, tenantId: string, bytes: Buffer, now: Date) {
  const sheetRows = await readImportSheet(bytes, {
    columns: MSG_IMPORT_COLUMNS,
    maxRows: MSG_IMPORT_MAX_ROWS,
    errors: { empty: 'MSG_IMPORT_EMPTY', tooMany: 'MSG_IMPORT_TOO_MANY', badHeader: 'MSG_IMPORT_BAD_HEADER' },
  });
  const checked = sheetRows.map(({ row, cells }) => ({
    row,
    cells: cells as Record<TMsgImportColumn, string>,
    ...checkMsgImportRow(row, cells as Record<TMsgImportColumn, string>, now),
  }));
  const known = await knownCodes(
    db,
    tenantId,
    checked.flatMap((c) => (c.value ? [c.value] : [])),
  );
  const errors: TMsgImportIssue[] = [];
  const rows: TMsgImportRowView[] = [];
  const valid: TMsgImportValue[] = [];
  for (const c of checked) {
    const issues = [...c.issues];
    let recipients = 0;
    if (c.value) {
      const v = c.value;
      const unknownProviders = v.providerIds.filter((id) => !known.providers.has(id));
      const unknownAreas = v.areaCodes.filter((code) => !known.areas.has(code));
      if (unknownProviders.length > 0) {
        const e = ERRORS.MSG_IMPORT_PROVIDER_UNKNOWN;
        const params = { codes: unknownProviders.join(', ') };
        issues.push(issueOf(c.row, 'recipients', formatMessage(e.zh, params), formatMessage(e.en, params)));
      } else if (unknownAreas.length > 0) {
        const e = ERRORS.MSG_IMPORT_AREA_UNKNOWN;
        const params = { codes: unknownAreas.join(', ') };
        issues.push(issueOf(c.row, 'recipients', formatMessage(e.zh, params), formatMessage(e.en, params)));
      } else {
        recipients = await countRecipients(db, tenantId, v.searchType, v);
        if (recipients === 0) {
          const m = MSG_RULE_MESSAGES.providersEmpty;
          issues.push(issueOf(c.row, 'recipients', m.zh, m.en));
        }
      }
      if (issues.length === 0) valid.push(v);
    }
    errors.push(...issues);
    rows.push({
      row: c.row,
      name: c.value?.name ?? c.cells.name,
      nameEn: c.value?.nameEn ?? c.cells.nameEn,
      msgType: c.value?.msgType ?? c.cells.msgType,
      msgLevel: c.value?.msgLevel ?? c.cells.msgLevel,
      validFrom: c.value?.validFrom ?? null,
      validTo: c.value?.validTo ?? null,
      searchType: c.value?.searchType ?? c.cells.searchType,
      recipients: issues.length === 0 ? recipients : 0,
      ok: issues.length === 0,
    });
  }
  return { rows, errors, valid };
}

/**
 * POST /msg/msg/import: the report of an uploaded file; unless dryRun, then all its rows as sent
 * messages in one transaction, or nothing when any row has an error (400, 40135, the report in
 * `data`). The checks run again inside the transaction, so a provider deactivated between the
 * preview and the import is caught.
 */
export async function importMessages(
  p: TPlatform,
  { actor, bytes, dryRun }: { actor: TActor; bytes: Buffer; dryRun: boolean },
): Promise<TMsgImportReport> {
  const now = new Date();
  const report = (r: Awaited<ReturnType<typeof checkRows>>, created: number): TMsgImportReport => ({
    total: r.rows.length,
    valid: r.valid.length,
    invalid: r.rows.length - r.valid.length,
    errors: r.errors,
    rows: r.rows,
    created,
  });
  if (dryRun) return report(await checkRows(p.db, actor.tenantId, bytes, now), 0);
  const result = await p.db.transaction(async (tx) => {
    const checked = await checkRows(tx, actor.tenantId, bytes, now);
    if (checked.errors.length > 0) {
      throw new AppError('MSG_IMPORT_HAS_ERRORS', {
        params: { count: checked.rows.filter((r) => !r.ok).length },
        data: report(checked, 0),
      });
    }
    const created = await createSentMessages(tx, { actor, bodies: checked.valid, now });
    // Providers may have left between the check and the insert: then nothing is kept.
    const empty = created.findIndex((c) => c.recipients === 0);
    if (empty >= 0) throw new AppError('MSG_NO_PROVIDERS');
    const rows = created.reduce((n, c) => n + 1 + c.recipients, 0);
    return { report: report(checked, created.length), ids: created.map((c) => c.id), rows };
  });
  await publishMessagesChanged(p, actor.tenantId, { kind: 'appeared', ids: result.ids });
  await analyzeSoon(p, result.rows);
  return result.report;
}
