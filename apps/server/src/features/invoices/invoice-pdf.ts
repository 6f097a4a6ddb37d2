/**
 * The text layer of a PDF invoice, through unpdf (pdf.js packaged for Node, no native build).
 * Loaded on first use: pdf.js is a large module most processes never need.
 */

/** The text of every page, pages separated by a line break; '' when the PDF has no text layer. */
export async function pdfText(bytes: Buffer): Promise<string> {
  const { extractText } = await import('unpdf');
  // Given bytes (not a document), unpdf opens the document and destroys it afterwards.
  const { text } = await extractText(new Uint8Array(bytes), { mergePages: true });
  return text;
}
