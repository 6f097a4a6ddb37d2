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
