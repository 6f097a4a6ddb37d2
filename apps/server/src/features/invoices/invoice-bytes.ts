/**
 * What an invoice file really is, read from its bytes: PNG (IHDR), JPEG (the SOFn frame header,
 * baseline or progressive) or PDF, and an image's pixel size. The extension only says what the
 * bytes must be.
 */

export type TInvoiceContent =
  | { kind: 'png' | 'jpeg'; width: number; height: number }
  | { kind: 'pdf' }
  | { kind: 'unknown' };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');
/** The PDF header may follow up to 1024 bytes of junk (PDF 32000-1, annex H). */
const PDF_HEADER_WINDOW = 1024;

/** The kind an extension stands for. */
export function kindOfExtension(extension: string): 'png' | 'jpeg' | 'pdf' | null {
  const ext = extension.toLowerCase();
  if (ext === 'png') return 'png';
  if (ext === 'jpg' || ext === 'jpeg') return 'jpeg';
  if (ext === 'pdf') return 'pdf';
  return null;
}

/** PNG: the signature, then the IHDR chunk with width and height as 32-bit big-endian numbers. */
function pngContent(bytes: Buffer): TInvoiceContent | null {
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') return { kind: 'unknown' };
  return { kind: 'png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** SOF0-SOF15 carry the frame size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not. */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/** Markers that stand alone, without a length: TEM, RST0-7, SOI. */
function isStandalone(marker: number): boolean {
  return marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8);
}

/** JPEG: walk the marker segments from SOI to the first SOFn; the scan must not come first. */
function jpegContent(bytes: Buffer): TInvoiceContent | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let offset = 2;
  while (offset + 1 < bytes.length) {
    if (bytes[offset] !== 0xff) return { kind: 'unknown' };
    const marker = bytes[offset + 1];
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (isStandalone(marker)) {
      offset += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda || offset + 4 > bytes.length) return { kind: 'unknown' };
    const length = bytes.readUInt16BE(offset + 2);
    if (isStartOfFrame(marker)) {
      if (offset + 9 > bytes.length) return { kind: 'unknown' };
      const height = bytes.readUInt16BE(offset + 5);
      const width = bytes.readUInt16BE(offset + 7);
      // A height of 0 is defined later by a DNL segment: too unusual for an invoice picture.
      return height === 0 || width === 0 ? { kind: 'unknown' } : { kind: 'jpeg', width, height };
    }
    if (length < 2) return { kind: 'unknown' };
    offset += 2 + length;
  }
  return { kind: 'unknown' };
}

function pdfContent(bytes: Buffer): TInvoiceContent | null {
  const at = bytes.subarray(0, PDF_HEADER_WINDOW + PDF_MAGIC.length).indexOf(PDF_MAGIC);
  return at >= 0 ? { kind: 'pdf' } : null;
}

/** The file's real kind and, for pictures, its size in pixels. */
export function inspectInvoiceBytes(bytes: Buffer): TInvoiceContent {
  return pngContent(bytes) ?? jpegContent(bytes) ?? pdfContent(bytes) ?? { kind: 'unknown' };
}
