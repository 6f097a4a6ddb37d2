import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';

/** Reads an .xlsx answer back: every row's values as text (title, subtitle, header, data rows). */
export async function sheetRows(res: LightMyRequestResponse): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    const values = (row.values as unknown[])
      .slice(1)
      .map((v) => (v === null || v === undefined ? '' : String(v)));
    rows.push(values);
  });
  return rows;
}

/** A multipart upload of one file in the field `file`, as the import routes take it. */
export function xlsxUpload(bytes: Buffer, filename = 'import.xlsx') {
  const boundary = `----portal${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
