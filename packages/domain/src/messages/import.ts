/**
 * The message import (decision 0035): the template's columns and the check of one row against
 * every rule of the compose form (decision 0032), with the row's problems per column in both
 * languages. The tenant's checks (unknown providers and areas, no provider matched) are the
 * server's; this file needs no database.
 */
import { z } from 'zod';
import type { TBilingual } from '../i18n/bilingual.ts';
import { parseBilingual } from '../i18n/bilingual.ts';
import { MSG_LEVELS, MSG_TYPES } from './codes.ts';
import {
  hasRecipients,
  MSG_RULE_MESSAGES,
  type MSG_SEND_TYPES,
  validityIssues,
  ZMsgFields,
} from './compose.ts';

/** The template's columns, in order; each header is written `中文 / English`. */
export const MSG_IMPORT_COLUMNS = [
  { key: 'name', zh: '消息名称', en: 'Name' },
  { key: 'nameEn', zh: '英文名称', en: 'English name' },
  { key: 'msgType', zh: '消息类型', en: 'Type' },
  { key: 'msgLevel', zh: '消息级别', en: 'Level' },
  { key: 'content', zh: '中文内容', en: 'Content (Chinese)' },
  { key: 'enContent', zh: '英文内容', en: 'Content (English)' },
  { key: 'validFrom', zh: '开始时间', en: 'Validity start' },
  { key: 'validTo', zh: '失效时间', en: 'Validity end' },
  { key: 'searchType', zh: '收信范围', en: 'Recipient type' },
  { key: 'recipients', zh: '收信人', en: 'Recipients' },
] as const;
export type TMsgImportColumn = (typeof MSG_IMPORT_COLUMNS)[number]['key'];

/** Rows of one import file at most: each row is a send that may reach every provider. */
export const MSG_IMPORT_MAX_ROWS = 200;
/** Bytes of one import file at most. */
export const MSG_IMPORT_MAX_BYTES = 2 * 1024 * 1024;

/** Recipient types an import may use: area codes, provider ids, all providers (no persons in charge). */
export const MSG_IMPORT_SEARCH_TYPES = {
  '01': { zh: '地区编码', en: 'Area codes' },
  '02': { zh: '医疗机构编号', en: 'Provider ids' },
  '04': { zh: '全部医疗机构', en: 'All providers' },
} as const;
export type TMsgImportSearchType = keyof typeof MSG_IMPORT_SEARCH_TYPES;

/** The row-level messages of the import, besides the compose form's own. */
export const MSG_IMPORT_MESSAGES = {
  typeUnknown: { zh: '消息类型应为 01（弹窗）或 02（滚动）', en: 'Type must be 01 (Pop-up) or 02 (Rolling)' },
  levelUnknown: {
    zh: '消息级别应为 01（普通）、02（重要）或 03（紧急）',
    en: 'Level must be 01 (Normal), 02 (High) or 03 (Urgent)',
  },
  searchTypeUnknown: {
    zh: '收信范围应为 01（地区编码）、02（医疗机构编号）或 04（全部医疗机构）',
    en: 'Recipient type must be 01 (area codes), 02 (provider ids) or 04 (all providers)',
  },
  dateInvalid: {
    zh: '时间格式应为 YYYY-MM-DD HH:mm（北京时间）',
    en: 'Write the time as YYYY-MM-DD HH:mm (China time)',
  },
} as const satisfies Record<string, TBilingual>;

/** One problem of one row: the row number, the column and the message in both languages. */
export interface TMsgImportIssue {
  row: number;
  column: TMsgImportColumn;
  msg: string;
  msg_en: string;
}

/** A row that passed every rule of the form: the fields to save and the recipient codes. */
export type TMsgImportValue = z.output<typeof ZMsgFields>;

/** A code cell: the code ('1' or '01'), or its Chinese or English label. */
function codeOf<K extends string>(value: string, table: Record<K, { zh: string; en: string }>): K | null {
  const v = value.trim();
  if (v === '') return null;
  const padded = /^\d$/.test(v) ? `0${v}` : v;
  for (const [code, label] of Object.entries(table) as [K, { zh: string; en: string }][]) {
    if (code === padded || label.zh === v || label.en.toLowerCase() === v.toLowerCase()) return code;
  }
  return null;
}

const DATE_TIME = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * A time written in China time (`YYYY-MM-DD HH:mm`, seconds optional, `/` allowed; a day alone
 * is its midnight) as an ISO instant with its offset; null when it is not such a time.
 */
export function parseChinaTime(value: string): string | null {
  const m = DATE_TIME.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h = '0', mi = '0', s = '0'] = m.slice(1);
  const parts = [Number(mo), Number(d), Number(h), Number(mi), Number(s)];
  const utc = Date.UTC(Number(y), parts[0] - 1, parts[1], parts[2], parts[3], parts[4]);
  const check = new Date(utc);
  // 2026-02-30 or 25:00 roll over: not a time anybody meant.
  if (
    check.getUTCMonth() !== parts[0] - 1 ||
    check.getUTCDate() !== parts[1] ||
    check.getUTCHours() !== parts[2] ||
    parts[3] > 59 ||
    parts[4] > 59
  )
    return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${y}-${pad(parts[0])}-${pad(parts[1])}T${pad(parts[2])}:${pad(parts[3])}:${pad(parts[4])}+08:00`;
}

/** The codes of a recipients cell, separated by commas, semicolons, 、 or white space (either width). */
export function splitCodes(value: string): string[] {
  return [
    ...new Set(
      value
        .split(/[\s,，;；、]+/)
        .map((v) => v.trim())
        .filter(Boolean),
    ),
  ];
}

const FIELD_COLUMN: Record<string, TMsgImportColumn> = {
  areaCodes: 'recipients',
  providerIds: 'recipients',
  personInChargeIds: 'recipients',
};

/**
 * Checks one row (every cell as text) at the instant `now` with the compose form's rules: name
 * 2-50 in both languages, type, level, content up to 2000 in both languages, start not earlier
 * than today, expiry at least 15 minutes ahead and after the start, recipients not empty. At
 * most one problem per column.
 */
export function checkMsgImportRow(
  row: number,
  cells: Record<TMsgImportColumn, string>,
  now: Date,
): { value: TMsgImportValue | null; issues: TMsgImportIssue[] } {
  const issues: TMsgImportIssue[] = [];
  const add = (column: TMsgImportColumn, message: TBilingual) => {
    if (!issues.some((i) => i.column === column))
      issues.push({ row, column, msg: message.zh, msg_en: message.en });
  };
  const sendTypes: Record<(typeof MSG_SEND_TYPES)[number], { zh: string; en: string }> = {
    '01': MSG_TYPES['01'],
    '02': MSG_TYPES['02'],
  };
  const msgType = codeOf(cells.msgType, sendTypes);
  if (!msgType) add('msgType', MSG_IMPORT_MESSAGES.typeUnknown);
  const msgLevel = codeOf(cells.msgLevel, MSG_LEVELS);
  if (!msgLevel) add('msgLevel', MSG_IMPORT_MESSAGES.levelUnknown);
  const searchType = codeOf(cells.searchType, MSG_IMPORT_SEARCH_TYPES);
  if (!searchType) add('searchType', MSG_IMPORT_MESSAGES.searchTypeUnknown);
  const validFrom = cells.validFrom.trim() === '' ? null : parseChinaTime(cells.validFrom);
  const validTo = cells.validTo.trim() === '' ? null : parseChinaTime(cells.validTo);
  if (cells.validFrom.trim() === '') add('validFrom', MSG_RULE_MESSAGES.validityRequired);
  else if (!validFrom) add('validFrom', MSG_IMPORT_MESSAGES.dateInvalid);
  if (cells.validTo.trim() === '') add('validTo', MSG_RULE_MESSAGES.validityRequired);
  else if (!validTo) add('validTo', MSG_IMPORT_MESSAGES.dateInvalid);

  const codes = splitCodes(cells.recipients);
  const parsed = ZMsgFields.safeParse({
    name: cells.name,
    nameEn: cells.nameEn,
    msgType: msgType ?? '01',
    msgLevel: msgLevel ?? '01',
    content: cells.content,
    enContent: cells.enContent,
    validFrom,
    validTo,
    searchType: searchType ?? '04',
    areaCodes: searchType === '01' ? codes : [],
    providerIds: searchType === '02' ? codes : [],
    personInChargeIds: [],
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      const column = (FIELD_COLUMN[field] ?? field) as TMsgImportColumn;
      add(column, parseBilingual(issue.message));
    }
  }
  if (validFrom && validTo) {
    for (const issue of validityIssues({ validFrom, validTo }, now))
      add(issue.path as TMsgImportColumn, issue.message);
  }
  if (
    searchType &&
    !hasRecipients({ searchType, areaCodes: codes, providerIds: codes, personInChargeIds: [] })
  )
    add('recipients', MSG_RULE_MESSAGES.providersEmpty);
  issues.sort(
    (a, b) =>
      MSG_IMPORT_COLUMNS.findIndex((c) => c.key === a.column) -
      MSG_IMPORT_COLUMNS.findIndex((c) => c.key === b.column),
  );
  return { value: issues.length === 0 && parsed.success ? parsed.data : null, issues };
}

/** One checked row as the preview shows it. */
export const ZMsgImportRowView = z.object({
  row: z.number().int(),
  name: z.string(),
  nameEn: z.string(),
  msgType: z.string(),
  msgLevel: z.string(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  searchType: z.string(),
  /** Providers the row reaches (0 while it has errors). */
  recipients: z.number().int(),
  /** Whether the row has no problem. */
  ok: z.boolean(),
});
export type TMsgImportRowView = z.infer<typeof ZMsgImportRowView>;

export const ZMsgImportIssue = z.object({
  row: z.number().int(),
  column: z.string(),
  msg: z.string(),
  msg_en: z.string(),
});

/** POST /msg/msg/import?dryRun=true: the report; without dryRun the same checks, then the commit. */
export const ZMsgImportReport = z.object({
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  errors: z.array(ZMsgImportIssue),
  rows: z.array(ZMsgImportRowView),
  /** Messages created: 0 for a dry run. */
  created: z.number().int(),
});
export type TMsgImportReport = z.infer<typeof ZMsgImportReport>;

export const ZMsgImportQuery = z.object({
  dryRun: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  ts: z.string().optional(),
});
