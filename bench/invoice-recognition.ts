// Invoice recognition bench (issue 18, decision 0041): the cost of reading an invoice, without
// HTTP or database: the generated PDF through its text layer (unpdf) and the committed e-invoice
// picture through OCR (tesseract.js, English data from node_modules). Prints the first (cold:
// module load, worker start, language data) and the warm recognitions, and the process RSS.
// Asserts only that every recognition finds the printed number and amount.
//
// Usage: npm run bench:invoice-recognition           ROUNDS (5) warm rounds of each
//        unshare -rn npm run bench:invoice-recognition   the same with no network at all

import {
  IMAGE_INVOICE,
  invoiceImage,
  invoicePdf,
  PDF_INVOICE,
} from '../apps/server/src/features/invoices/fixtures/invoice-fixtures.ts';
import { closeOcr, recognizeImage } from '../apps/server/src/features/invoices/invoice-ocr.ts';
import { pdfText } from '../apps/server/src/features/invoices/invoice-pdf.ts';
import { readInvoiceText } from '../apps/server/src/features/invoices/invoice-text.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function timed(read: () => Promise<string>, expected: { invoiceNo: string; amount: string }) {
  const start = performance.now();
  const reading = readInvoiceText(await read());
  const ms = performance.now() - start;
  if (reading?.invoiceNo !== expected.invoiceNo || reading.amount !== expected.amount) {
    throw new Error(`wrong reading: ${JSON.stringify(reading)}`);
  }
  return ms;
}

async function bench(
  name: string,
  read: () => Promise<string>,
  expected: { invoiceNo: string; amount: string },
) {
  const cold = await timed(read, expected);
  const warm: number[] = [];
  for (let i = 0; i < ROUNDS; i++) warm.push(await timed(read, expected));
  warm.sort((a, b) => a - b);
  const median = warm[Math.floor(warm.length / 2)];
  console.log(
    `${name.padEnd(10)} cold ${cold.toFixed(0).padStart(6)} ms   warm median ${median.toFixed(0).padStart(5)} ms` +
      `   (min ${warm[0].toFixed(0)}, max ${warm.at(-1)?.toFixed(0)}; ${ROUNDS} rounds)   rss ${mb(process.memoryUsage().rss)}`,
  );
}

const [pdf, png] = await Promise.all([invoicePdf(), invoiceImage()]);
console.log(
  `node ${process.version}; PDF ${pdf.length} bytes, PNG ${png.length} bytes; rss at start ${mb(process.memoryUsage().rss)}`,
);
await bench('pdf-text', () => pdfText(pdf), PDF_INVOICE);
await bench('ocr', async () => (await recognizeImage(png)).text, IMAGE_INVOICE);
await closeOcr();
console.log(`rss after closing the OCR worker ${mb(process.memoryUsage().rss)}`);
