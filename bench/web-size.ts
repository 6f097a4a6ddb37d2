// Sizes of the built web app: every JavaScript and CSS file of apps/web/dist with its raw,
// gzip and brotli size, the largest chunk, and what a route loads on first visit (the entry's
// static imports plus the route's lazy page and its static imports, from Vite's manifest).
// Builds nothing: run `npm run build:web` first (or point --dist at another build made with
// --manifest). Usage: npm run bench:web-size [-- --all] [-- --dist path/to/dist]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const { values } = parseArgs({
  options: { all: { type: 'boolean', default: false }, dist: { type: 'string' } },
});
const dist = values.dist ? resolve(values.dist) : resolve(import.meta.dirname, '../apps/web/dist');
const manifestPath = join(dist, '.vite/manifest.json');

/**
 * Routes a first visit can land on, by the source files of their lazy pages. A page that is not
 * split off (no chunk of its own in the manifest) is part of the entry's static imports.
 */
const ROUTES: Record<string, string[]> = {
  '/login': ['src/features/session/pages/LoginPage.tsx'],
  '/ (signed in: frame + home board)': [
    'src/shell/AppLayout.tsx',
    'src/features/home/pages/HomePage.tsx',
    'src/lib/feature-locales.ts',
  ],
};

interface TManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

interface TSize {
  raw: number;
  gzip: number;
  brotli: number;
}

if (!existsSync(manifestPath)) {
  console.error(`${manifestPath} is missing: run npm run build:web first`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, TManifestChunk>;

const sizes = new Map<string, TSize>();
function sizeOf(file: string): TSize {
  let size = sizes.get(file);
  if (!size) {
    const content = readFileSync(join(dist, file));
    size = {
      raw: content.length,
      // The same levels as the build's pre-compression plugin.
      gzip: gzipSync(content, { level: 9 }).length,
      brotli: brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    };
    sizes.set(file, size);
  }
  return size;
}

/** Files a set of manifest keys loads: each chunk, its static imports (recursively) and CSS. */
function closure(keys: string[]): { js: string[]; css: string[] } {
  const seen = new Set<string>();
  const js: string[] = [];
  const css = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the manifest`);
    js.push(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return { js, css: [...css] };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)}`;
const sum = (files: string[], pick: keyof TSize) => files.reduce((total, f) => total + sizeOf(f)[pick], 0);
const row = (name: string, s: TSize) =>
  `${name.padEnd(52)} ${kb(s.raw).padStart(9)} ${kb(s.gzip).padStart(9)} ${kb(s.brotli).padStart(9)}`;
const header = `${'file'.padEnd(52)} ${'raw KB'.padStart(9)} ${'gzip KB'.padStart(9)} ${'br KB'.padStart(9)}`;

const assets = readdirSync(join(dist, 'assets'))
  .filter((f) => /\.(js|css)$/.test(f))
  .map((f) => `assets/${f}`);
const jsFiles = assets.filter((f) => f.endsWith('.js')).sort((a, b) => sizeOf(b).raw - sizeOf(a).raw);
const cssFiles = assets.filter((f) => f.endsWith('.css'));

console.log(`\napps/web/dist: ${jsFiles.length} JavaScript files, ${cssFiles.length} CSS files`);
console.log(header);
for (const f of values.all ? jsFiles : jsFiles.slice(0, 25)) console.log(row(f, sizeOf(f)));
if (!values.all && jsFiles.length > 25)
  console.log(`... ${jsFiles.length - 25} smaller files (--all lists them)`);
for (const f of cssFiles) console.log(row(f, sizeOf(f)));
console.log(
  row(`all JavaScript (${jsFiles.length} files)`, {
    raw: sum(jsFiles, 'raw'),
    gzip: sum(jsFiles, 'gzip'),
    brotli: sum(jsFiles, 'brotli'),
  }),
);
console.log(
  `largest chunk: ${jsFiles[0]} (${kb(sizeOf(jsFiles[0]).raw)} KB, ${kb(sizeOf(jsFiles[0]).gzip)} KB gzip)`,
);

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) throw new Error('the manifest has no entry');
for (const [route, pages] of Object.entries(ROUTES)) {
  const { js, css } = closure([entryKey, ...pages.filter((page) => manifest[page])]);
  console.log(`\nfirst visit of ${route}: ${js.length} JavaScript files, ${css.length} CSS files`);
  console.log(header);
  for (const f of js) console.log(row(f, sizeOf(f)));
  for (const f of css) console.log(row(f, sizeOf(f)));
  console.log(
    row('JavaScript total', { raw: sum(js, 'raw'), gzip: sum(js, 'gzip'), brotli: sum(js, 'brotli') }),
  );
}
