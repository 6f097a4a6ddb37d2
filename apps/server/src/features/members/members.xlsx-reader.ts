/**
 * A lean .xlsx reader for the member import (decision 0036): cell texts row by row, nothing else.
 * exceljs's streaming reader builds a Row and a Cell object per cell through a SAX parser, which
 * made reading 100,000 members (2.2 million cells) most of the preview. Here the zip's central
 * directory is read from the uploaded bytes, a sheet is inflated as a stream and its XML is
 * scanned a chunk of whole rows at a time; shared strings are read once. Styles, formulas (their
 * cached result is read), hyperlinks and everything else are ignored, as the import ignored them.
 */
import { StringDecoder } from 'node:string_decoder';
import { createInflateRaw, inflateRawSync } from 'node:zlib';

export interface TSheetRow {
  row: number;
  /** Cell texts by column (0 = A), trimmed; missing cells are ''. */
  values: string[];
}

export interface TSheet {
  name: string;
  rows: () => AsyncGenerator<TSheetRow>;
}

interface TEntry {
  method: number;
  compressedSize: number;
  dataStart: number;
}

/** The zip's entries by name, from its central directory. */
function zipEntries(zip: Buffer): Map<string, TEntry> {
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 65_557); i--)
    if (zip.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  if (eocd < 0) throw new Error('not a zip file');
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const entries = new Map<string, TEntry>();
  for (let n = 0; n < count; n++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory');
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    if (zip.readUInt32LE(local) !== 0x04034b50) throw new Error('bad local header');
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    entries.set(name, { method, compressedSize, dataStart });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function entryText(zip: Buffer, entry: TEntry): string {
  const data = zip.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
  if (entry.method === 0) return data.toString('utf8');
  if (entry.method === 8) return inflateRawSync(data).toString('utf8');
  throw new Error('unsupported compression');
}

async function* entryChunks(zip: Buffer, entry: TEntry): AsyncGenerator<string> {
  const data = zip.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
  const decoder = new StringDecoder('utf8');
  if (entry.method === 0) {
    yield decoder.write(data);
    return;
  }
  if (entry.method !== 8) throw new Error('unsupported compression');
  const inflate = createInflateRaw();
  inflate.end(data);
  for await (const chunk of inflate) yield decoder.write(chunk as Buffer);
  yield decoder.end();
}

const ENTITY = /&(?:#x([0-9a-fA-F]+)|#([0-9]+)|amp|lt|gt|quot|apos);/g;
const NAMED: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&apos;': "'",
};

/** XML text to a string (the five entities and character references). */
function unescapeXml(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (all, hex: string | undefined, dec: string | undefined) =>
    hex
      ? String.fromCodePoint(Number.parseInt(hex, 16))
      : dec
        ? String.fromCodePoint(Number(dec))
        : NAMED[all],
  );
}

const TEXT_RUN = /<(?:\w+:)?t(?:\s[^>]*)?>([^<]*)<\/(?:\w+:)?t>/g;
const PHONETIC = /<(?:\w+:)?rPh\b[\s\S]*?<\/(?:\w+:)?rPh>/g;

/** The text of a string item (`<si>` or `<is>`): its runs joined, phonetic guides left out. */
function itemText(xml: string): string {
  const body = xml.includes('rPh') ? xml.replace(PHONETIC, '') : xml;
  let out = '';
  for (const m of body.matchAll(TEXT_RUN)) out += m[1];
  return unescapeXml(out);
}

function sharedStrings(zip: Buffer, entry: TEntry | undefined): string[] {
  if (!entry) return [];
  const xml = entryText(zip, entry);
  const out: string[] = [];
  for (const m of xml.matchAll(/<(?:\w+:)?si>([\s\S]*?)<\/(?:\w+:)?si>|<(?:\w+:)?si\/>/g))
    out.push(m[1] ? itemText(m[1]) : '');
  return out;
}

/** An attribute's value in a tag's attribute text (which starts with the space after the name). */
function attr(attrs: string, name: string): string | undefined {
  const key = `${name}="`;
  let at = attrs.indexOf(key);
  while (at > 0 && !/\s/.test(attrs[at - 1])) at = attrs.indexOf(key, at + 1);
  if (at <= 0) return undefined;
  const start = at + key.length;
  return attrs.slice(start, attrs.indexOf('"', start));
}

/** Column index of a cell reference ('B7' -> 1). */
function columnOf(ref: string): number {
  let n = 0;
  for (let i = 0; i < ref.length; i++) {
    const code = ref.charCodeAt(i);
    if (code < 65 || code > 90) break;
    n = n * 26 + (code - 64);
  }
  return n - 1;
}

const ROW = /<(?:\w+:)?row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?row>)/g;
const CELL = /<(?:\w+:)?c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?c>)/g;
const VALUE = /<(?:\w+:)?v(?:\s[^>]*)?>([^<]*)<\/(?:\w+:)?v>/;

function cellValue(attrs: string, body: string, strings: string[]): string {
  const type = attr(attrs, 't') ?? 'n';
  if (type === 'inlineStr') return itemText(body);
  const raw = VALUE.exec(body)?.[1];
  if (raw === undefined) return '';
  switch (type) {
    case 's':
      return strings[Number(raw)] ?? '';
    case 'b':
      return raw === '1' ? 'true' : 'false';
    case 'n': {
      const n = Number(raw);
      return Number.isFinite(n) ? String(n) : raw;
    }
    case 'd':
      return raw.slice(0, 10);
    default:
      return unescapeXml(raw);
  }
}

/** End of the last complete row in `text` (after its closing tag), or -1. */
function lastRowEnd(text: string): number {
  let at = text.lastIndexOf('row>');
  while (at >= 0) {
    const lt = text.lastIndexOf('<', at);
    if (lt >= 0 && /^<\/(?:\w+:)?$/.test(text.slice(lt, at))) return at + 4;
    at = lt > 0 ? text.lastIndexOf('row>', lt - 1) : -1;
  }
  return -1;
}

async function* sheetRows(zip: Buffer, entry: TEntry, strings: string[]): AsyncGenerator<TSheetRow> {
  let carry = '';
  let last = 0;
  for await (const chunk of entryChunks(zip, entry)) {
    carry += chunk;
    const end = lastRowEnd(carry);
    if (end < 0) continue;
    const ready = carry.slice(0, end);
    carry = carry.slice(end);
    for (const m of ready.matchAll(ROW)) {
      const rowAttrs = m[1];
      const body = m[2];
      const r = attr(rowAttrs, 'r');
      const row = r ? Number(r) : last + 1;
      last = row;
      if (!body) continue;
      const values: string[] = [];
      let next = 0;
      for (const c of body.matchAll(CELL)) {
        const ref = attr(c[1], 'r');
        const col = ref ? columnOf(ref) : next;
        next = col + 1;
        while (values.length < col) values.push('');
        values[col] = c[2] ? cellValue(c[1], c[2], strings).trim() : '';
      }
      yield { row, values };
    }
  }
}

/** The workbook's sheets in their order, each readable row by row. */
export function readWorkbook(zip: Buffer): TSheet[] {
  const entries = zipEntries(zip);
  const workbook = entries.get('xl/workbook.xml');
  const rels = entries.get('xl/_rels/workbook.xml.rels');
  if (!workbook || !rels) throw new Error('not a workbook');
  const targets = new Map<string, string>();
  let stringsPath = 'xl/sharedStrings.xml';
  for (const m of entryText(zip, rels).matchAll(/<(?:\w+:)?Relationship\b([^>]*)>/g)) {
    const id = attr(m[1], 'Id');
    const target = attr(m[1], 'Target');
    if (!id || !target) continue;
    const path = target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
    targets.set(id, path);
    if (/\/sharedStrings$/.test(attr(m[1], 'Type') ?? '')) stringsPath = path;
  }
  const strings = sharedStrings(zip, entries.get(stringsPath));
  const sheets: TSheet[] = [];
  for (const m of entryText(zip, workbook).matchAll(/<(?:\w+:)?sheet\b([^>]*)>/g)) {
    const id = /(?:^|\s)[\w]+:id="([^"]*)"/.exec(m[1])?.[1] ?? '';
    const entry = entries.get(targets.get(id) ?? '');
    if (!entry) continue;
    sheets.push({ name: unescapeXml(attr(m[1], 'name') ?? ''), rows: () => sheetRows(zip, entry, strings) });
  }
  return sheets;
}
