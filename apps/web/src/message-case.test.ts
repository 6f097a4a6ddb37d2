/**
 * One casing convention for English messages, server and web alike: sentence case
 * ('Please enter …'). Walks the error catalogue the server answers with and every English
 * locale file of the web app. packages/domain/src/i18n/message-case.test.ts checks the rules'
 * and the server's own messages.
 */
import { ERRORS } from '@portal/domain/errors/catalogue';
import { describe, expect, it } from 'vitest';

const files = import.meta.glob<Record<string, unknown>>('./**/locales/en.json', {
  eager: true,
  import: 'default',
});

/**
 * Texts that legitimately do not start with a capital letter, by file and key. Each one says
 * why; keep this list short.
 */
const EXCEPTIONS: Record<string, string> = {};

function flatten(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => flatten(child, prefix ? `${prefix}.${key}` : key));
}

/**
 * Whether an English text starts in sentence case: its first letter or digit is not a
 * lower-case Latin letter. A text that opens with a placeholder ({{name}}, {name}), after
 * any punctuation, passes: what fills it is checked where it is defined.
 */
export function startsInSentenceCase(text: string): boolean {
  if (/^[^\p{L}\p{N}{]*\{/u.test(text)) return true;
  const first = /[\p{L}\p{N}]/u.exec(text)?.[0] ?? '';
  return !/[a-z]/.test(first);
}

describe('English messages', () => {
  it('of the error catalogue start with an upper-case letter', () => {
    const offenders = Object.entries(ERRORS)
      .filter(([, entry]) => !startsInSentenceCase(entry.en))
      .map(([name, entry]) => `${name}: ${entry.en}`);
    expect(offenders).toEqual([]);
  });

  it('of every English locale file start with an upper-case letter', () => {
    expect(Object.keys(files).length).toBeGreaterThan(5);
    const offenders = Object.entries(files).flatMap(([path, content]) =>
      flatten(content)
        .filter(([key, text]) => !startsInSentenceCase(text) && !EXCEPTIONS[`${path} ${key}`])
        .map(([key, text]) => `${path} ${key}: ${text}`),
    );
    expect(offenders).toEqual([]);
  });

  it('keep every listed exception needed', () => {
    for (const exception of Object.keys(EXCEPTIONS)) {
      const [path, key] = exception.split(' ');
      const text = flatten(files[path]).find(([k]) => k === key)?.[1];
      expect(text, exception).toBeDefined();
      expect(startsInSentenceCase(text ?? ''), `${exception} would pass without the exception`).toBe(false);
    }
  });

  it('are told apart from lower-case starts', () => {
    expect(startsInSentenceCase('Please enter {{label}}')).toBe(true);
    expect(startsInSentenceCase('{{count}} files')).toBe(true);
    expect(startsInSentenceCase('24-hour service')).toBe(true);
    expect(startsInSentenceCase('中文')).toBe(true);
    expect(startsInSentenceCase('© {{year}} Portal')).toBe(true);
    expect(startsInSentenceCase('; ')).toBe(true);
    expect(startsInSentenceCase('please input the name')).toBe(false);
    expect(startsInSentenceCase('“quoted” text')).toBe(false);
    expect(startsInSentenceCase('(top level)')).toBe(false);
  });
});
