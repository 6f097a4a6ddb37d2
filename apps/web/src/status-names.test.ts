/**
 * Status names are defined once (the code tables of @portal/domain): the home boards, the
 * provider's task list and detail, and the operator's audit list all name a status alike, and
 * no locale file keeps a second copy of a status name.
 */
import { HOSPITAL_TASK_STATUS } from '@portal/domain/dictionaries/codes';
import { describe, expect, it } from 'vitest';
import { TASK_STATUS_CODES, statusLabel as taskListName } from './components/change-tasks/task-statuses.ts';
import { statusName as boardName, TASK_STATUS_ORDER } from './features/home/task-statuses.ts';
import { statusLabel as auditListName } from './features/hospital-audit/audit-codes.ts';

const files = import.meta.glob<Record<string, unknown>>('./**/locales/*.json', {
  eager: true,
  import: 'default',
});

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

describe('hospital task status names', () => {
  const codes: string[] = Object.values(HOSPITAL_TASK_STATUS).map((s) => s.code);

  it('cover the same codes on the boards and in the lists', () => {
    expect([...TASK_STATUS_ORDER].sort()).toEqual([...codes].sort());
    expect([...TASK_STATUS_CODES].sort()).toEqual([...codes].sort());
  });

  for (const lang of ['zh', 'en'] as const) {
    it(`read the same on boards, task list and audit list (${lang})`, () => {
      for (const status of Object.values(HOSPITAL_TASK_STATUS)) {
        expect(boardName(status.code, lang), status.code).toBe(status[lang]);
        expect(taskListName(status.code, lang), status.code).toBe(status[lang]);
        expect(auditListName(status.code, lang), status.code).toBe(status[lang]);
      }
    });
  }

  it('are not kept a second time in a locale file', () => {
    const copies = Object.entries(files).flatMap(([path, content]) =>
      keysOf(content)
        .filter((key) => /status/i.test(key) && codes.includes(key.split('.').at(-1) ?? ''))
        .map((key) => `${path}: ${key}`),
    );
    expect(copies).toEqual([]);
  });
});
