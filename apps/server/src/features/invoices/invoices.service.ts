/**
 * Invoice recognition (decision 0041): an uploaded file is checked against the invoice rules
 * (type and size, what its bytes really are, an image's pixel size), then read: a PDF's text
 * layer, or a picture through OCR; the number, code, total and currency are found in the text.
 */
import { checkInvoiceFile, checkInvoiceImage, INVOICE_MAX_BYTES } from '@portal/domain/invoices/rules';
import type { TActor } from '../../platform/auth/access.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { getFileForActor, openFile } from '../files/files.service.ts';
import type { TFileRow } from '../files/files.tables.ts';
import { inspectInvoiceBytes, kindOfExtension } from './invoice-bytes.ts';
import { recognizeImage } from './invoice-ocr.ts';
import { pdfText } from './invoice-pdf.ts';
import { readInvoiceText, type TTextMatch } from './invoice-text.ts';

export interface TRecognition {
  invoiceNo: string;
  invoiceCode: string | null;
  amount: string;
  currency: string | null;
  source: 'pdf-text' | 'ocr';
  /** 0-1: how much to trust the values (label or shape, and the OCR's own confidence). */
  confidence: number;
  matched: TTextMatch[];
}

/** A labelled value in a text layer is as good as printed; OCR and shapes less so. */
const PDF_LABEL_CONFIDENCE = 0.95;
const LABEL_WEIGHT = 0.9;
const SHAPE_WEIGHT = 0.6;

async function invoiceFile(p: TPlatform, actor: TActor, fileId: string): Promise<TFileRow> {
  try {
    return await getFileForActor(p, { actor, id: fileId });
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw new AppError('INVOICE_FILE_NOT_FOUND');
    throw error;
  }
}

async function bytesOf(p: TPlatform, row: TFileRow): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of await openFile(p, row)) {
    total += chunk.length;
    if (total > INVOICE_MAX_BYTES) throw new AppError('INVOICE_FILE_TOO_LARGE');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The bytes are what the extension says, and a picture has the allowed pixel size. */
function assertInvoiceContent(row: TFileRow, bytes: Buffer): 'image' | 'pdf' {
  const content = inspectInvoiceBytes(bytes);
  if (content.kind === 'unknown' || content.kind !== kindOfExtension(row.extension)) {
    throw new AppError('INVOICE_FILE_CONTENT', { params: { extension: row.extension } });
  }
  if (content.kind === 'pdf') return 'pdf';
  const issue = checkInvoiceImage(content);
  if (issue) throw new AppError(issue.error, { params: issue.params });
  return 'image';
}

/**
 * An uploaded file the actor may see, checked against the invoice rules from its bytes (type,
 * size, content matching the extension, an image's pixel size).
 */
export async function checkedInvoiceFile(p: TPlatform, actor: TActor, fileId: string) {
  const row = await invoiceFile(p, actor, fileId);
  const issue = checkInvoiceFile({ extension: row.extension, size: row.size });
  if (issue) throw new AppError(issue.error, { params: issue.params });
  const bytes = await bytesOf(p, row);
  return { row, bytes, kind: assertInvoiceContent(row, bytes) };
}

async function readText(p: TPlatform, kind: 'image' | 'pdf', bytes: Buffer) {
  try {
    if (kind === 'pdf') return { text: await pdfText(bytes), confidence: 100 };
    return await recognizeImage(bytes);
  } catch (error) {
    if (error instanceof AppError) throw error;
    p.log.warn({ err: error }, 'invoice text could not be read');
    throw new AppError('INVOICE_RECOGNITION_FAILED');
  }
}

function confidenceOf(source: TRecognition['source'], ocrConfidence: number, matched: TTextMatch[]): number {
  const byShape = matched.some((m) => m.by === 'shape');
  if (source === 'pdf-text') return byShape ? SHAPE_WEIGHT : PDF_LABEL_CONFIDENCE;
  const weight = byShape ? SHAPE_WEIGHT : LABEL_WEIGHT;
  return Math.round((ocrConfidence / 100) * weight * 100) / 100;
}

/** The number, code, total and currency of an uploaded invoice file, for the user to confirm. */
export async function recognizeInvoice(
  p: TPlatform,
  { actor, fileId }: { actor: TActor; fileId: string },
): Promise<TRecognition> {
  const { kind, bytes } = await checkedInvoiceFile(p, actor, fileId);
  const { text, confidence } = await readText(p, kind, bytes);
  const reading = readInvoiceText(text);
  if (!reading) throw new AppError('INVOICE_RECOGNITION_FAILED');
  const source = kind === 'pdf' ? 'pdf-text' : 'ocr';
  return { ...reading, source, confidence: confidenceOf(source, confidence, reading.matched) };
}
