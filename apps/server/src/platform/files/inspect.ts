import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';

export interface TInspected {
  size: number;
  sha256: string;
  crc32: number;
}

/**
 * Wraps an incoming file stream on its way to storage: holds back the first `sniffBytes`
 * until `checkHead` has accepted them (the real type is read from them), counts every byte and
 * fails the stream the moment more than `maxBytes` have arrived, and hashes as it goes.
 * The failure travels down the pipe, so the store drops the partial object.
 */
export function inspectUpload(
  source: AsyncIterable<Buffer>,
  options: {
    maxBytes: number;
    sniffBytes: number;
    /** Throws to refuse the file; gets the first bytes (all of them for a short file). */
    checkHead(head: Buffer): Promise<void>;
    /** The error to fail with when the limit is passed. */
    tooLarge(): Error;
  },
): { stream: Readable; result(): TInspected } {
  const hash = createHash('sha256');
  let size = 0;
  let crc = 0;
  let done = false;

  async function* generate(): AsyncGenerator<Buffer> {
    let head: Buffer[] = [];
    let headLength = 0;
    let checked = false;
    for await (const chunk of source) {
      size += chunk.length;
      if (size > options.maxBytes) throw options.tooLarge();
      hash.update(chunk);
      crc = crc32(chunk, crc);
      if (checked) {
        yield chunk;
        continue;
      }
      head.push(chunk);
      headLength += chunk.length;
      if (headLength >= options.sniffBytes) {
        const bytes = Buffer.concat(head, headLength);
        head = [];
        await options.checkHead(bytes.subarray(0, options.sniffBytes));
        checked = true;
        yield bytes;
      }
    }
    if (!checked) {
      const bytes = Buffer.concat(head, headLength);
      await options.checkHead(bytes);
      if (bytes.length > 0) yield bytes;
    }
    done = true;
  }

  return {
    stream: Readable.from(generate(), { objectMode: false }),
    result() {
      if (!done) throw new Error('inspectUpload: the stream has not been read to the end');
      return { size, sha256: hash.digest('hex'), crc32: crc >>> 0 };
    },
  };
}
