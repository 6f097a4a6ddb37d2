/**
 * One casing convention for English messages: sentence case ('Please enter …'). The zod rules
 * and services write their messages with bilingual(zh, en) and the success envelopes with
 * ok(data, zh, en); this walks the sources of the shared rules and the server and checks the
 * English text of every such call that is written out (a message built from a placeholder
 * is checked where the placeholder's text is defined). The error catalogue and the web's
 * locale files are checked by apps/web/src/message-case.test.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DICT_LABELS } from '../dictionaries/rules.ts';
import { CONTACT_FIELD_LABELS, LABELS, SERVICE_TIME_FIELD_LABELS } from '../hospital-tasks/rules.ts';
import { bilingual, parseBilingual, pleaseInput, pleaseSelect, type TBilingual } from './bilingual.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SOURCE_DIRS = ['packages/domain/src', 'apps/server/src'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The top-level arguments of the call whose '(' is at `open`, as source text. */
function callArguments(text: string, open: number): string[] {
  const args: string[] = [];
  let depth = 0;
  let start = open + 1;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === "'" || c === '"' || c === '`') {
      // Skip the literal (template expressions hold no quotes of the same kind in these calls).
      for (i++; i < text.length && text[i] !== c; i++) if (text[i] === '\\') i++;
      continue;
    }
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      depth--;
      if (depth === 0) {
        args.push(text.slice(start, i).trim());
        return args;
      }
    } else if (c === ',' && depth === 1) {
      args.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  return args;
}

/** The opening text of a string literal argument, or null when the argument is not one. */
function literalStart(arg: string | undefined): string | null {
  const match = /^(['"`])([\s\S]*)\1$/.exec(arg ?? '');
  return match ? match[2] : null;
}

/**
 * Whether an English message starts in sentence case: its first letter, if Latin, is upper
 * case (or it opens with a number). A message that opens with a placeholder (${…}, {…},
 * {{…}}) passes: the placeholder's own text is checked where it is defined.
 */
function isSentenceCase(text: string): boolean {
  if (/^[^\p{L}\p{N}{$]*(\$\{|\{)/u.test(text)) return true;
  const first = /[\p{L}\p{N}]/u.exec(text)?.[0] ?? '';
  return !/[a-z]/.test(first);
}

interface TFound {
  where: string;
  en: string;
}

function englishMessages(): TFound[] {
  const found: TFound[] = [];
  for (const dir of SOURCE_DIRS) {
    for (const file of sourceFiles(join(ROOT, dir))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\b(bilingual|ok)\(/g)) {
        const args = callArguments(text, (match.index ?? 0) + match[0].length - 1);
        const en = literalStart(match[1] === 'ok' ? args[2] : args[1]);
        if (en === null) continue;
        const line = text.slice(0, match.index).split('\n').length;
        found.push({ where: `${relative(ROOT, file)}:${line}`, en });
      }
    }
  }
  return found;
}

describe('English messages of the rules and the server', () => {
  it('finds the messages it checks', () => {
    expect(englishMessages().length).toBeGreaterThan(50);
  });

  it('start with an upper-case letter', () => {
    const offenders = englishMessages()
      .filter((m) => !isSentenceCase(m.en))
      .map((m) => `${m.where} ${m.en}`);
    expect(offenders).toEqual([]);
  });

  it('open with field labels that start with an upper-case letter too', () => {
    const tables: Record<string, Record<string, TBilingual>> = {
      LABELS,
      CONTACT_FIELD_LABELS,
      SERVICE_TIME_FIELD_LABELS,
      DICT_LABELS,
    };
    const offenders = Object.entries(tables).flatMap(([table, labels]) =>
      Object.entries(labels)
        .filter(([, label]) => !isSentenceCase(label.en))
        .map(([key, label]) => `${table}.${key} ${label.en}`),
    );
    expect(offenders).toEqual([]);
  });

  it('include the required-field messages', () => {
    const label = { zh: '币种', en: 'Currency' };
    expect(parseBilingual(pleaseInput(label)).en).toBe('Please enter Currency');
    expect(parseBilingual(pleaseSelect(label)).en).toBe('Please select Currency');
  });

  it('tell sentence case apart', () => {
    expect(isSentenceCase('Please enter Name')).toBe(true);
    expect(isSentenceCase('{max} files at most')).toBe(true);
    // The source text of a template literal that opens with a placeholder.
    expect(isSentenceCase(`${'$'}{label.en} must be at most 5 characters`)).toBe(true);
    expect(isSentenceCase('24-hour service')).toBe(true);
    expect(isSentenceCase('.xlsx only')).toBe(false);
    expect(isSentenceCase('please input Name')).toBe(false);
    expect(parseBilingual(bilingual('是', 'Yes')).en).toBe('Yes');
  });
});
