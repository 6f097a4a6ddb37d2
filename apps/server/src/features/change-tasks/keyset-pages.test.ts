import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTenantByCode } from '../../platform/tenancy/tenancy.service.ts';
import { call, createTestApp, login, type TTestApp } from '../../test/test-app.ts';
import { hospitalTasks } from '../hospital-tasks/hospital-tasks.tables.ts';
import {
  forgetPages,
  MAX_MARKS_ALL,
  marksKept,
  nearestMarks,
  recallMarks,
  recallPages,
  rememberMarks,
  rememberPage,
} from './change-tasks.page-bounds.ts';

// Keyset paging of the task lists (decision 0022, keyset amendment): the page after or before
// one served lately is read from its boundary row. The pages must be those the offset read
// gives, through ties of the sort keys and null submit dates, in both directions. A jump to a
// far page reads from the nearest mark an earlier walk kept (every MARK_EVERY rows here).

let t: TTestApp;
let hospital: string;
let auditor: string;
let demoId: string;
const tag = randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase();
const SIZE = 4;
const MARK_EVERY = 3;
const queries: string[] = [];

beforeAll(async () => {
  t = await createTestApp(
    { LIST_JUMP_MARK_EVERY: String(MARK_EVERY) },
    { onQuery: (text) => queries.push(text) },
  );
  hospital = (await login(t.app, 'demo', 'hospital')).token;
  auditor = (await login(t.app, 'demo', 'auditor')).token;
  demoId = (await findTenantByCode(t.platform.db, 'demo'))!.id;
  // 19 tasks of P10001: submit dates in threes (ties), the same creation time in pairs, and
  // every fifth not submitted (null submit date, last in the audit list's order).
  const base = Date.UTC(2026, 0, 1);
  for (let i = 0; i < 19; i += 1) {
    await t.platform.db.insert(hospitalTasks).values({
      tenantId: demoId,
      taskNo: `HK${tag}${String(i).padStart(2, '0')}`,
      taskType: '04',
      providerId: 'P10001',
      status: '01',
      providerCnName: `键集医院${tag}`,
      providerEnName: `Keyset Hospital ${tag}`,
      commitDate: i % 5 === 4 ? null : new Date(base - Math.floor(i / 3) * 60_000),
      createdAt: new Date(base - Math.floor(i / 2) * 1_000),
    });
  }
});
afterAll(async () => {
  await t?.close();
});

type TPage = { records: { taskNo: string }[]; total: number };
const lists = {
  audit: async (current: number, size = SIZE): Promise<TPage> => {
    const res = await call(t.app, 'demo', auditor, {
      method: 'POST',
      url: '/saasapi/drsystem/providerTaskMsh/list',
      payload: { current, size, model: { title: tag } },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  },
  provider: async (current: number, size = SIZE): Promise<TPage> => {
    const res = await call(t.app, 'demo', hospital, {
      method: 'POST',
      url: '/saasapi/drsystem/providerTask/list',
      payload: { current, size, model: { title: tag, status: [] } },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  },
};
const numbers = (page: TPage) => page.records.map((r) => r.taskNo);

/** Each page read alone, by offset (nothing remembered). */
async function offsetPages(
  list: (current: number, size?: number) => Promise<TPage>,
  pages: number,
  size = SIZE,
): Promise<string[][]> {
  const result: string[][] = [];
  for (let current = 1; current <= pages; current += 1) {
    forgetPages();
    result.push(numbers(await list(current, size)));
  }
  forgetPages();
  return result;
}

describe('keyset paging of the task lists', () => {
  for (const [name, list] of Object.entries(lists)) {
    it(`${name} list: forward and back from remembered pages give the offset pages`, async () => {
      const expected = await offsetPages(list, 5);
      expect(expected.flat()).toHaveLength(19);
      expect(new Set(expected.flat()).size).toBe(19);
      const forward: string[][] = [];
      for (let current = 1; current <= 5; current += 1) forward.push(numbers(await list(current)));
      expect(forward).toEqual(expected);
      forgetPages();
      const back: string[][] = [];
      for (let current = 5; current >= 1; current -= 1) back.unshift(numbers(await list(current)));
      expect(back).toEqual(expected);
    });
  }

  it('reads the next page from the boundary: a row moved away from page 1 shifts nothing onto page 2', async () => {
    forgetPages();
    const first = numbers(await lists.audit(1));
    const second = numbers(await lists.audit(2));
    forgetPages();
    await lists.audit(1);
    // The first row of page 1 is submitted a year earlier: it moves to the end of the submitted
    // rows and the total stays. By offset, page 2 would now begin one row later; by keyset it
    // begins right after the old page 1's last row.
    await t.platform.db
      .update(hospitalTasks)
      .set({ commitDate: new Date(Date.UTC(2025, 0, 1)) })
      .where(and(eq(hospitalTasks.tenantId, demoId), eq(hospitalTasks.taskNo, first[0])));
    expect(numbers(await lists.audit(2))).toEqual(second);
    forgetPages();
    expect(numbers(await lists.audit(2))).not.toEqual(second);
  });

  it('forgets a list whose total changed, and expired lists', () => {
    const bounds = {
      first: { sort: null, createdAt: 'a', id: 'b' },
      last: { sort: null, createdAt: 'c', id: 'd' },
    };
    rememberPage('k', { total: 10, current: 1, bounds }, 0);
    expect(recallPages('k', 10, 1).get(1)).toEqual(bounds);
    expect(recallPages('k', 11, 1).size).toBe(0);
    expect(recallPages('k', 10, 1).size).toBe(0);
    rememberPage('k', { total: 10, current: 1, bounds }, 0);
    expect(recallPages('k', 10, 60 * 60_000).size).toBe(0);
  });

  // Pages of two rows (ten pages of 19 rows). The first four are jumps (no neighbouring page
  // remembered): page 5 walks 8 rows from the start and keeps marks at places 2 and 5, page 2
  // reads back from the mark at 5; the rest are next to remembered pages.
  const JUMPS = [5, 9, 2, 7, 4, 10, 1, 6, 3, 8];
  for (const [name, list] of Object.entries(lists)) {
    it(`${name} list: jumps read from kept marks give the offset pages`, async () => {
      const expected = await offsetPages(list, 10, 2);
      expect(expected.flat()).toHaveLength(19);
      queries.length = 0;
      for (const current of JUMPS) {
        expect(numbers(await list(current, 2)), `page ${current}`).toEqual(expected[current - 1]);
      }
      // The first jump (page 5, a walk of 8 rows) numbered the rows it passed and kept marks.
      expect(queries.some((q) => q.includes('row_number() over'))).toBe(true);
      // The title is walked (an ILIKE): its windows are read with bitmap scans and sorts priced out.
      expect(queries.some((q) => q.includes("set_config('enable_bitmapscan', 'off', true)"))).toBe(true);
      expect(marksKept()).toBeGreaterThan(0);
      forgetPages();
    });
  }

  it('an ascending list (read by offset, no marks) gives each page its own rows only', async () => {
    const ascending = async (current: number): Promise<TPage> => {
      const res = await call(t.app, 'demo', hospital, {
        method: 'POST',
        url: '/saasapi/drsystem/providerTask/list',
        payload: { current, size: 2, sort: 'id', order: 'asc', model: { title: tag, status: [] } },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const newestFirst = (await offsetPages(lists.provider, 10, 2)).flat();
    const pages: string[][] = [];
    for (let current = 1; current <= 10; current += 1) pages.push(numbers(await ascending(current)));
    expect(pages.map((p) => p.length)).toEqual([2, 2, 2, 2, 2, 2, 2, 2, 2, 1]);
    expect(new Set(pages.flat()).size).toBe(19);
    expect(pages.flat()[0]).toBe(newestFirst[18]);
  });

  it('a jump reads from the nearest mark: a row moved past the mark shifts the page by one', async () => {
    const expected = await offsetPages(lists.provider, 10, 2);
    // Page 6 (places 10 and 11) walks 7 rows back from the end and keeps marks at 16 and 13.
    expect(numbers(await lists.provider(6, 2))).toEqual(expected[5]);
    // The newest task (place 0) becomes the oldest: the total stays, every other row moves up
    // one place. By offset, page 4 (places 6 and 7) now shows the old places 7 and 8; read back
    // from the mark at place 13 (the old place 13's row, 5 rows skipped) it shows the old 6 and 7.
    const [newest] = expected[0];
    await t.platform.db
      .update(hospitalTasks)
      .set({ createdAt: new Date(Date.UTC(2025, 0, 1)) })
      .where(and(eq(hospitalTasks.tenantId, demoId), eq(hospitalTasks.taskNo, newest)));
    expect(numbers(await lists.provider(4, 2))).toEqual(expected[3]);
    forgetPages();
    expect(numbers(await lists.provider(4, 2))).toEqual([expected[3][1], expected[4][0]]);
  });

  it('keeps marks by place with the list total, and finds the nearest on each side', () => {
    const keys = (id: string) => ({ sort: null, createdAt: 'c', id });
    rememberMarks(
      'm',
      { total: 100, marks: [20, 40, 60].map((place) => ({ place, keys: keys(String(place)) })) },
      0,
    );
    const marks = recallMarks('m', 100, 1);
    expect(nearestMarks(marks, { before: 45, after: 50 })).toEqual({
      below: { place: 40, keys: keys('40') },
      above: { place: 60, keys: keys('60') },
    });
    expect(nearestMarks(marks, { before: 19, after: 61 })).toEqual({ below: undefined, above: undefined });
    expect(recallMarks('m', 101, 1).size).toBe(0);
    expect(recallMarks('m', 100, 1).size).toBe(0);
  });

  it('keeps no more marks than MAX_MARKS_ALL over every list', () => {
    forgetPages();
    const marks = Array.from({ length: 1_000 }, (_v, place) => ({
      place,
      keys: { sort: null, createdAt: 'c', id: String(place) },
    }));
    for (let list = 0; list < MAX_MARKS_ALL / 1_000; list += 1)
      rememberMarks(`full${list}`, { total: 2_000, marks });
    expect(marksKept()).toBe(MAX_MARKS_ALL);
    rememberMarks('one more', { total: 2_000, marks: marks.slice(0, 1) });
    expect(recallMarks('one more', 2_000).size).toBe(0);
    forgetPages();
  });
});
