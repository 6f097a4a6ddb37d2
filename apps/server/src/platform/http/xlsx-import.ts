/**
 * The pieces every .xlsx import shares (the user import of decision 0026, the message import of
 * decision 0035): the upload (multipart field `file`, only .xlsx by name and by content, a size
 * limit), the template's bilingual header, and reading the first sheet's rows as text after
 * checking its header. Features check the rows; nothing here knows a business rule.
 */
import { Readable } from 'node:stream';
import type { TErrorKey } from '@portal/domain/errors/catalogue';
import ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

/** A column of an import template: its key and its header in both languages. */
export interface TImportColumn {
  key: string;
  zh: string;
  en: string;
}

/** The template's header of a column: both languages, so one file serves either reader. */
export const importHeader = (c: TImportColumn) => `${c.zh} / ${c.en}`;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A cell as the text a reader sees. A date cell (ExcelJS gives the written wall time as a UTC
 * instant) becomes `YYYY-MM-DD HH:mm`, or `YYYY-MM-DD` at midnight; a hyperlink its text.
 */
export function cellText(cell: ExcelJS.Cell): string {
  const v = cell.value;
  if (v === null || v === undefined) return '';
  if (v instanceof Date) {
    const day = `${v.getUTCFullYear()}-${pad(v.getUTCMonth() + 1)}-${pad(v.getUTCDate())}`;
    const h = v.getUTCHours();
    const m = v.getUTCMinutes();
    return h === 0 && m === 0 ? day : `${day} ${pad(h)}:${pad(m)}`;
  }
  if (typeof v === 'object' && 'text' in v && typeof v.text === 'string') return v.text.trim();
  return cell.text.trim();
}

/** The uploaded file of a multipart request (field `file`, a .xlsx name, at most maxBytes). */
export async function readXlsxUpload(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('ONLY_XLSX');
  const part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (part?.fieldname !== 'file') throw new AppError('ONLY_XLSX');
  if (!/\.xlsx$/i.test(part.filename)) throw new AppError('ONLY_XLSX');
  return part.toBuffer().catch((error: { code?: string }) => {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('FILE_TOO_LARGE');
    throw error;
  });
}

export interface TImportSheetRow {
  /** The spreadsheet's row number (the header is row 1). */
  row: number;
  cells: Record<string, string>;
}

/**
 * Reads an uploaded workbook's first sheet: a file ExcelJS cannot read is not .xlsx; the header
 * must be the template's (each column by its bilingual header or either language alone); blank
 * rows are skipped; more than maxRows or none at all is refused with the feature's error.
 */
export async function readImportSheet(
  bytes: Buffer,
  options: {
    columns: readonly TImportColumn[];
    maxRows: number;
    errors: { empty: TErrorKey; tooMany: TErrorKey; badHeader: TErrorKey };
  },
): Promise<TImportSheetRow[]> {
  const { columns, maxRows, errors } = options;
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.read(Readable.from(bytes));
  } catch {
    throw new AppError('ONLY_XLSX');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new AppError(errors.empty);
  const header = sheet.getRow(1);
  columns.forEach((c, i) => {
    const text = cellText(header.getCell(i + 1));
    if (![importHeader(c), c.zh, c.en].some((h) => h.toLowerCase() === text.toLowerCase()))
      throw new AppError(errors.badHeader);
  });
  const rows: TImportSheetRow[] = [];
  for (let n = 2; n <= sheet.rowCount; n++) {
    const r = sheet.getRow(n);
    const cells = Object.fromEntries(columns.map((c, i) => [c.key, cellText(r.getCell(i + 1))]));
    if (Object.values(cells).every((v) => v === '')) continue;
    rows.push({ row: n, cells });
    if (rows.length > maxRows) throw new AppError(errors.tooMany, { params: { max: maxRows } });
  }
  if (rows.length === 0) throw new AppError(errors.empty);
  return rows;
}
