/**
 * A Vite build plugin that writes a brotli (`.br`) and a gzip (`.gz`) copy beside every
 * compressible file of the output, at the highest levels, so the server sends them as they are
 * (@fastify/static `preCompressed`) instead of compressing on every request.
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text formats worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|xml|map|webmanifest)$/i;
/** Below this size the compressed copy saves less than a packet. */
const MIN_BYTES = 1024;

/** Writes `<file>.br` and `<file>.gz` for every compressible output file of at least 1 KB. */
export async function precompressFile(path: string): Promise<void> {
  const content = await readFile(path);
  if (content.length < MIN_BYTES) return;
  const [br, gzipped] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gz(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  // A copy that is not smaller is useless: the server then sends the original.
  if (br.length < content.length) await writeFile(`${path}.br`, br);
  if (gzipped.length < content.length) await writeFile(`${path}.gz`, gzipped);
}

export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'portal:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle(_options, bundle) {
      const outDir = resolve(config.root, config.build.outDir);
      const files: string[] = [];
      for (const fileName of Object.keys(bundle)) {
        // .vite/manifest.json is build metadata, not served.
        if (COMPRESSIBLE.test(fileName) && !fileName.startsWith('.')) files.push(join(outDir, fileName));
      }
      await Promise.all(
        files.map(async (path) => {
          if ((await stat(path)).isFile()) await precompressFile(path);
        }),
      );
    },
  };
}
