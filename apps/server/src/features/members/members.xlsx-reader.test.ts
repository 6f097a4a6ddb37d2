import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readWorkbook } from './members.xlsx-reader.ts';

async function rowsOf(file: Buffer) {
  const out: Record<string, { row: number; values: string[] }[]> = {};
  for (const sheet of readWorkbook(file)) {
    out[sheet.name] = [];
    for await (const row of sheet.rows()) out[sheet.name].push(row);
  }
  return out;
}

describe('the member import .xlsx reader', () => {
  it('reads shared strings, rich text, numbers, booleans, formulas, escapes and gaps as exceljs wrote them', async () => {
    const book = new ExcelJS.Workbook();
    const a = book.addWorksheet('members & co');
    a.addRow(['名字 <a>', 'x"y\'z', 12.5, true]);
    a.getRow(3).values = ['', '', ' trimmed '];
    a.getCell('A4').value = { richText: [{ text: '粗' }, { text: 'fine', font: { bold: true } }] };
    a.getCell('B4').value = { formula: '1+1', result: 2 };
    a.getCell('C4').value = { formula: 'A1', result: 'text result' };
    book.addWorksheet('coverages').addRow(['OP']);
    const file = Buffer.from(await book.xlsx.writeBuffer());
    expect(await rowsOf(file)).toEqual({
      'members & co': [
        { row: 1, values: ['名字 <a>', 'x"y\'z', '12.5', 'true'] },
        { row: 3, values: ['', '', 'trimmed'] },
        { row: 4, values: ['粗fine', '2', 'text result'] },
      ],
      coverages: [{ row: 1, values: ['OP'] }],
    });
  });

  it('reads inline strings of a streamed workbook, many rows across inflate chunks', async () => {
    const out = new PassThrough();
    const parts: Buffer[] = [];
    out.on('data', (c: Buffer) => parts.push(c));
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false });
    const sheet = book.addWorksheet('members');
    for (let i = 1; i <= 3000; i++) sheet.addRow([`M${i}`, `名 ${i} &`, String(i)]).commit();
    sheet.commit();
    await book.commit();
    const rows = (await rowsOf(Buffer.concat(parts))).members;
    expect(rows).toHaveLength(3000);
    expect(rows[2999]).toEqual({ row: 3000, values: ['M3000', '名 3000 &', '3000'] });
    expect(rows.every((r, i) => r.row === i + 1 && r.values[0] === `M${i + 1}`)).toBe(true);
  });

  it('refuses what is not a zip', () => {
    expect(() => readWorkbook(Buffer.from('members,policies\n'))).toThrow();
  });
});
