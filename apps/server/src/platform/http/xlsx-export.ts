/**
 * The pieces every .xlsx list export shares: the streamed answer (headers first, the workbook
 * as it is written), keyset batches, the sheet frame (title, subtitle, header row) and the
 * loop that writes batches while the client keeps up. Features build their rows; nothing here
 * knows a business rule.
 */
import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Rows read per query while an export streams. */
export const EXPORT_BATCH = 500;

/**
 * An export ready to send: its content type, file name and a writer that streams the workbook
 * to the answer. Whatever can refuse the export (400, 404, 409) is checked before the writer
 * exists, so a refusal is still the JSON envelope; the rows are read and written in batches, so
 * memory stays flat however many there are.
 */
export interface TExportFile {
  contentType: string;
  fileName: string;
  write: (out: Writable) => Promise<void>;
}

export type TLang = 'zh' | 'en';

export { chinaDay, chinaMinute } from '@portal/domain/format/format';
/** The label of a bilingual entry in the request's language. */
export const pick = (lang: TLang, label: { zh: string; en: string }) => (lang === 'zh' ? label.zh : label.en);

/**
 * Reads a table in batches by a unique, indexed key (keyset paging): `read(after, limit)`
 * answers the rows after the key `after` (null: from the start) in key order, at most `limit`;
 * `keyOf` gives a row's key. Each row comes once however the table changes between batches.
 */
export async function* keysetBatches<TRow, TKey>(
  read: (after: TKey | null, limit: number) => Promise<TRow[]>,
  keyOf: (row: TRow) => TKey,
  batch = EXPORT_BATCH,
): AsyncGenerator<TRow[]> {
  let after: TKey | null = null;
  for (;;) {
    const rows = await read(after, batch);
    if (rows.length > 0) yield rows;
    if (rows.length < batch) return;
    after = keyOf(rows[rows.length - 1]);
  }
}

const BRAND = 'FFF89000';
const HEADER_FILL = 'FFFDEBD3';

export interface TSheetFrame {
  /** The worksheet's tab name. */
  name: string;
  title: string;
  subtitle: string;
  /** Header texts and widths in characters. */
  columns: { header: string; width: number }[];
}

/** A sheet with a title row, a subtitle row and a header row (frozen above the data). */
function startSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, input: TSheetFrame) {
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

/** Lets the answer drain before the next batch when the client reads slower than we write. */
function drained(out: Writable): Promise<void> {
  if (!out.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

/**
 * Writes a one-sheet workbook straight to `out` (ExcelJS's streaming writer): the frame, then
 * the rows of each batch as they are read, waiting for the client between batches and stopping
 * when it has gone away.
 */
export async function writeSheet<T>(
  out: Writable,
  input: {
    creator: string;
    frame: TSheetFrame;
    batches: AsyncIterable<T[]>;
    rows: (batch: T[]) => (string | number)[][];
  },
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  workbook.creator = input.creator;
  workbook.created = new Date();
  const sheet = startSheet(workbook, input.frame);
  for await (const batch of input.batches) {
    for (const values of input.rows(batch)) {
      const row = sheet.addRow(values);
      row.alignment = { vertical: 'top', wrapText: true };
      row.commit();
    }
    await drained(out);
    if (out.destroyed) return; // the client went away: stop reading
  }
  sheet.commit();
  await workbook.commit();
}

/** Content-Disposition with an ASCII fallback and the RFC 5987 UTF-8 name (Chinese file names). */
export function attachment(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * Streams an export: the headers go first, the workbook follows as it is written. A failure
 * after the first byte can only cut the answer short; it is logged without the query's values.
 */
export function sendFile(request: FastifyRequest, reply: FastifyReply, file: TExportFile) {
  const out = new PassThrough();
  file.write(out).catch((error: unknown) => {
    request.log.error({ err: error }, 'export cut short');
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', attachment(file.fileName))
    .header('cache-control', 'private, no-store')
    .send(out);
}
