import { PassThrough, type Writable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A file ready to stream: whatever can refuse it was checked before `write` exists. */
export interface TStreamedFile {
  contentType: string;
  fileName: string;
  write: (out: Writable) => Promise<void>;
}

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

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
 * Streams a file: the headers go first, the body follows as it is written. A failure after the
 * first byte can only cut the answer short; it is logged without the query's values.
 */
export function sendFile(request: FastifyRequest, reply: FastifyReply, file: TStreamedFile) {
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
