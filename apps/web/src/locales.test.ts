import { describe, expect, it } from 'vitest';

/** Every locale file under src, by path. */
const files = import.meta.glob<Record<string, unknown>>('./**/locales/*.json', {
  eager: true,
  import: 'default',
});

function flatten(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      for (const [k, v] of flatten(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  } else {
    out.set(prefix, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return out;
}

const variables = (text: string) => [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((m) => m[1]).sort();

const folders = new Map<string, Record<string, Record<string, unknown>>>();
for (const [path, content] of Object.entries(files)) {
  const match = /^(.*\/locales)\/([^/]+)\.json$/.exec(path);
  if (!match) continue;
  const entry = folders.get(match[1]) ?? {};
  entry[match[2]] = content;
  folders.set(match[1], entry);
}

describe('locale files', () => {
  it('exist for the common namespace and every feature found', () => {
    expect(folders.has('./locales')).toBe(true);
    expect(folders.size).toBeGreaterThan(1);
  });

  for (const [folder, languages] of folders) {
    describe(folder, () => {
      it('has exactly zh.json and en.json', () => {
        expect(Object.keys(languages).sort()).toEqual(['en', 'zh']);
      });

      it('has the same keys in zh and en', () => {
        const zh = flatten(languages.zh);
        const en = flatten(languages.en);
        const missingInEn = [...zh.keys()].filter((k) => !en.has(k));
        const missingInZh = [...en.keys()].filter((k) => !zh.has(k));
        expect({ missingInEn, missingInZh }).toEqual({ missingInEn: [], missingInZh: [] });
      });

      it('has no empty texts and the same {{variables}} in both languages', () => {
        const zh = flatten(languages.zh);
        const en = flatten(languages.en);
        for (const [key, text] of zh) {
          expect(text.trim(), `zh ${key}`).not.toBe('');
          expect((en.get(key) ?? '').trim(), `en ${key}`).not.toBe('');
          expect(variables(en.get(key) ?? ''), `variables of ${key}`).toEqual(variables(text));
        }
      });
    });
  }
});
