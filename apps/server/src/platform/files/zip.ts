import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';

/**
 * A streaming ZIP writer for downloads of several files. Entries are stored (no compression:
 * the files are pictures, PDFs and Office packages, already compressed); sizes and CRC-32
 * are known in advance (kept at upload), so every header is complete and no data
 * descriptors are needed. Names are UTF-8 (flag bit 11). ZIP64 records are written when a
 * size, an offset or the entry count passes the classic limits.
 */
export interface TZipEntry {
  name: string;
  size: number;
  crc32: number;
  modified: Date;
  /** Opens the entry's bytes; called when the entry's turn comes. */
  open(): Promise<Readable>;
}

const MAX32 = 0xffffffff;
const MAX16 = 0xffff;
const UTF8_FLAG = 0x0800;

function dosDateTime(date: Date): { time: number; date: number } {
  const year = Math.min(Math.max(date.getFullYear(), 1980), 2107);
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

interface TWritten {
  name: Buffer;
  size: number;
  crc32: number;
  offset: number;
  dos: { time: number; date: number };
  zip64: boolean;
}

function localHeader(entry: TWritten): Buffer {
  const extra = entry.zip64 ? Buffer.alloc(20) : Buffer.alloc(0);
  if (entry.zip64) {
    extra.writeUInt16LE(0x0001, 0);
    extra.writeUInt16LE(16, 2);
    extra.writeBigUInt64LE(BigInt(entry.size), 4);
    extra.writeBigUInt64LE(BigInt(entry.size), 12);
  }
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(entry.zip64 ? 45 : 20, 4);
  header.writeUInt16LE(UTF8_FLAG, 6);
  header.writeUInt16LE(0, 8);
  header.writeUInt16LE(entry.dos.time, 10);
  header.writeUInt16LE(entry.dos.date, 12);
  header.writeUInt32LE(entry.crc32 >>> 0, 14);
  header.writeUInt32LE(entry.zip64 ? MAX32 : entry.size, 18);
  header.writeUInt32LE(entry.zip64 ? MAX32 : entry.size, 22);
  header.writeUInt16LE(entry.name.length, 26);
  header.writeUInt16LE(extra.length, 28);
  return Buffer.concat([header, entry.name, extra]);
}

function centralHeader(entry: TWritten): Buffer {
  const extra = entry.zip64 ? Buffer.alloc(28) : Buffer.alloc(0);
  if (entry.zip64) {
    extra.writeUInt16LE(0x0001, 0);
    extra.writeUInt16LE(24, 2);
    extra.writeBigUInt64LE(BigInt(entry.size), 4);
    extra.writeBigUInt64LE(BigInt(entry.size), 12);
    extra.writeBigUInt64LE(BigInt(entry.offset), 20);
  }
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  // made by: Unix host (3), spec 4.5; regular file rw-r--r-- in the external attributes
  header.writeUInt16LE((3 << 8) | 45, 4);
  header.writeUInt16LE(entry.zip64 ? 45 : 20, 6);
  header.writeUInt16LE(UTF8_FLAG, 8);
  header.writeUInt16LE(0, 10);
  header.writeUInt16LE(entry.dos.time, 12);
  header.writeUInt16LE(entry.dos.date, 14);
  header.writeUInt32LE(entry.crc32 >>> 0, 16);
  header.writeUInt32LE(entry.zip64 ? MAX32 : entry.size, 20);
  header.writeUInt32LE(entry.zip64 ? MAX32 : entry.size, 24);
  header.writeUInt16LE(entry.name.length, 28);
  header.writeUInt16LE(extra.length, 30);
  // comment length, disk number and internal attributes stay 0
  header.writeUInt32LE((0o100644 << 16) >>> 0, 38);
  header.writeUInt32LE(entry.zip64 ? MAX32 : entry.offset, 42);
  return Buffer.concat([header, entry.name, extra]);
}

function endRecords(count: number, centralOffset: number, centralSize: number, forceZip64: boolean): Buffer {
  const zip64 = forceZip64 || count >= MAX16 || centralOffset >= MAX32 || centralSize >= MAX32;
  const parts: Buffer[] = [];
  if (zip64) {
    const record = Buffer.alloc(56);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(44n, 4);
    record.writeUInt16LE(45, 12);
    record.writeUInt16LE(45, 14);
    record.writeBigUInt64LE(BigInt(count), 24);
    record.writeBigUInt64LE(BigInt(count), 32);
    record.writeBigUInt64LE(BigInt(centralSize), 40);
    record.writeBigUInt64LE(BigInt(centralOffset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(centralOffset + centralSize), 8);
    locator.writeUInt32LE(1, 16);
    parts.push(record, locator);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(zip64 ? MAX16 : count, 8);
  end.writeUInt16LE(zip64 ? MAX16 : count, 10);
  end.writeUInt32LE(zip64 ? MAX32 : centralSize, 12);
  end.writeUInt32LE(zip64 ? MAX32 : centralOffset, 16);
  parts.push(end);
  return Buffer.concat(parts);
}

/**
 * The archive as a stream. Fails (destroying the stream) when an entry's bytes do not match
 * its recorded size or CRC-32, rather than sending a corrupt archive.
 */
export function zipStream(
  entries: Iterable<TZipEntry> | AsyncIterable<TZipEntry>,
  options: { forceZip64?: boolean } = {},
): Readable {
  async function* generate(): AsyncGenerator<Buffer> {
    const written: TWritten[] = [];
    let offset = 0;
    for await (const entry of entries) {
      const record: TWritten = {
        name: Buffer.from(entry.name, 'utf8'),
        size: entry.size,
        crc32: entry.crc32 >>> 0,
        offset,
        dos: dosDateTime(entry.modified),
        zip64: Boolean(options.forceZip64) || entry.size >= MAX32 || offset >= MAX32,
      };
      const header = localHeader(record);
      yield header;
      offset += header.length;
      let seen = 0;
      let crc = 0;
      for await (const chunk of await entry.open()) {
        const bytes = chunk as Buffer;
        seen += bytes.length;
        if (seen > entry.size) throw new Error(`zip: ${entry.name} is longer than recorded`);
        crc = crc32(bytes, crc);
        yield bytes;
      }
      if (seen !== entry.size || crc >>> 0 !== record.crc32) {
        throw new Error(`zip: ${entry.name} does not match its recorded size or checksum`);
      }
      offset += seen;
      written.push(record);
    }
    const centralOffset = offset;
    let centralSize = 0;
    for (const record of written) {
      const header = centralHeader(record);
      centralSize += header.length;
      yield header;
    }
    yield endRecords(written.length, centralOffset, centralSize, Boolean(options.forceZip64));
  }
  return Readable.from(generate(), { objectMode: false });
}

/** 'a.pdf', 'a.pdf' -> 'a.pdf', 'a (1).pdf': entry names must be unique inside an archive. */
export function uniqueNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((raw) => {
    const name = raw.replaceAll('\\', '_').replaceAll('/', '_') || 'file';
    if (!used.has(name.toLowerCase())) {
      used.add(name.toLowerCase());
      return name;
    }
    const dot = name.lastIndexOf('.');
    const stem = dot > 0 ? name.slice(0, dot) : name;
    const ext = dot > 0 ? name.slice(dot) : '';
    for (let n = 1; ; n++) {
      const candidate = `${stem} (${n})${ext}`;
      if (!used.has(candidate.toLowerCase())) {
        used.add(candidate.toLowerCase());
        return candidate;
      }
    }
  });
}
