import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { crc32 } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { type TZipEntry, uniqueNames, zipStream } from './zip.ts';

const dir = mkdtempSync(join(tmpdir(), 'zip-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const entry = (name: string, content: Buffer, modified = new Date(2026, 0, 15, 10, 30, 0)): TZipEntry => ({
  name,
  size: content.length,
  crc32: crc32(content),
  modified,
  open: async () => Readable.from([content.subarray(0, 3), content.subarray(3)]),
});

/** Entries read back from the central directory, the way unzip tools find them. */
function readCentral(zip: Buffer): { name: string; size: number; crc: number; offset: number }[] {
  let end = zip.length - 22;
  while (zip.readUInt32LE(end) !== 0x06054b50) end--;
  let count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  if (count === 0xffff) {
    const locator = end - 20;
    const record = Number(zip.readBigUInt64LE(locator + 8));
    count = Number(zip.readBigUInt64LE(record + 32));
    at = Number(zip.readBigUInt64LE(record + 48));
  }
  const out = [];
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    let size = zip.readUInt32LE(at + 24);
    let offset = zip.readUInt32LE(at + 42);
    if (extraLength > 0) {
      size = Number(zip.readBigUInt64LE(at + 46 + nameLength + 4));
      offset = Number(zip.readBigUInt64LE(at + 46 + nameLength + 20));
    }
    out.push({
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
      size,
      crc: zip.readUInt32LE(at + 16),
      offset,
    });
    at += 46 + nameLength + extraLength;
  }
  return out;
}

const unzip = (args: string[]) =>
  execFileSync('unzip', args, {
    encoding: 'utf8',
    env: { ...process.env, LC_ALL: 'C.UTF-8', LANG: 'C.UTF-8' },
  });
let hasUnzip = true;
try {
  execFileSync('unzip', ['-v']);
} catch {
  hasUnzip = false;
}

describe('zipStream', () => {
  const files = [
    entry('报告.pdf', Buffer.from('%PDF-1.4 first file')),
    entry('photo.png', Buffer.alloc(70_000, 7)),
    entry('empty.txt', Buffer.alloc(0)),
  ];

  for (const forceZip64 of [false, true]) {
    it(`writes an archive unzip accepts (zip64: ${forceZip64})`, async () => {
      const zip = await buffer(zipStream(files, { forceZip64 }));
      const central = readCentral(zip);
      expect(central.map((e) => e.name)).toEqual(['报告.pdf', 'photo.png', 'empty.txt']);
      expect(central[1]).toMatchObject({ size: 70_000, crc: crc32(Buffer.alloc(70_000, 7)) });
      // each local header sits where the central directory says
      for (const e of central) expect(zip.readUInt32LE(e.offset)).toBe(0x04034b50);
      if (!hasUnzip) return;
      const path = join(dir, `a-${forceZip64}.zip`);
      writeFileSync(path, zip);
      expect(unzip(['-t', path])).toContain('No errors detected');
      expect(unzip(['-l', path])).toContain('报告.pdf');
      const out = join(dir, `out-${forceZip64}`);
      unzip(['-q', path, '-d', out]);
      expect(readFileSync(join(out, '报告.pdf'), 'utf8')).toBe('%PDF-1.4 first file');
    });
  }

  it('writes an empty archive', async () => {
    const zip = await buffer(zipStream([]));
    expect(zip.length).toBe(22);
    expect(readCentral(zip)).toEqual([]);
  });

  it('fails instead of sending an entry whose bytes do not match the record', async () => {
    const bad = { ...entry('x.pdf', Buffer.from('abcdef')), crc32: 1234 };
    await expect(buffer(zipStream([bad]))).rejects.toThrow(/checksum/);
    const short = { ...entry('y.pdf', Buffer.from('abc')), size: 10 };
    await expect(buffer(zipStream([short]))).rejects.toThrow(/size/);
  });
});

describe('uniqueNames', () => {
  it('numbers duplicates and removes folder separators', () => {
    expect(uniqueNames(['a.pdf', 'A.pdf', 'a.pdf', 'b', 'b', 'x/y.png'])).toEqual([
      'a.pdf',
      'A (1).pdf',
      'a (2).pdf',
      'b',
      'b (1)',
      'x_y.png',
    ]);
  });
});
