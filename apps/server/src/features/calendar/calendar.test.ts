import type { TCalendarDayRecord } from '@portal/domain/calendar/rules';
import { isWorkingDay } from '@portal/domain/calendar/working-days';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationLogs } from '../../platform/audit-log/audit-log.tables.ts';
import { tenants } from '../../platform/tenancy/tenancy.tables.ts';
import { call, createTestApp, login, type TTestApp } from '../../test/test-app.ts';
import { mainlandDays, seedTenantCalendar, seedYears, statutoryHolidays } from './calendar.seed.ts';
import { investigationCountdown, workingCalendar } from './calendar.service.ts';
import { calendarDays, calendarSeededYears } from './calendar.tables.ts';

let t: TTestApp;
const tokens: Record<string, string> = {};
const tenantIds = new Map<string, string>();

type TMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
const req = (who: string, method: TMethod, url: string, payload?: unknown) =>
  call(t.app, who.split('/')[0], tokens[who], {
    method,
    url: `/saasapi${url}`,
    ...(payload === undefined ? {} : { payload: payload as string }),
  });
const data = async <T>(who: string, method: TMethod, url: string, payload?: unknown): Promise<T> => {
  const res = await req(who, method, url, payload);
  const body = res.json();
  if (res.statusCode !== 200 || !body.isSuccess)
    throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return body.data as T;
};
const year = (who: string, y: number) =>
  data<TCalendarDayRecord[]>(who, 'GET', `/authority/holiday/list?year=${y}`);
const dayOf = (records: TCalendarDayRecord[], day: string) => records.find((r) => r.day === day);

beforeAll(async () => {
  t = await createTestApp();
  for (const row of await t.platform.db.select().from(tenants)) tenantIds.set(row.code, row.id);
  for (const who of ['demo/admin', 'demo/auditor', 'demo/hospital', 'acme/admin']) {
    const [tenant, account] = who.split('/');
    tokens[who] = (await login(t.app, tenant, account)).token;
  }
});
afterAll(async () => {
  await t?.close();
});

describe('holiday data', () => {
  it('has the State Council arrangement of 2026: 33 holidays and 6 adjusted working days', () => {
    const days = mainlandDays(2026);
    expect(days.filter((d) => d.kind === 'holiday')).toHaveLength(33);
    expect(days.filter((d) => d.kind === 'workday').map((d) => d.day)).toEqual([
      '2026-01-04',
      '2026-02-14',
      '2026-02-28',
      '2026-05-09',
      '2026-09-20',
      '2026-10-10',
    ]);
    expect(days.find((d) => d.day === '2026-10-01')).toMatchObject({
      name: '国庆节',
      nameEn: 'National Day',
    });
  });

  it('puts every statutory holiday of 2026 inside the announced holidays', () => {
    const announced = new Set(
      mainlandDays(2026)
        .filter((d) => d.kind === 'holiday')
        .map((d) => d.day),
    );
    expect(statutoryHolidays(2026).filter((d) => !announced.has(d.day))).toEqual([]);
  });

  it('gives 2027, not yet announced in the package, the 13 statutory holidays and no adjusted working days', () => {
    expect(mainlandDays(2027).map((d) => d.day)).toEqual([
      '2027-01-01',
      '2027-02-05',
      '2027-02-06',
      '2027-02-07',
      '2027-02-08',
      '2027-04-05',
      '2027-05-01',
      '2027-05-02',
      '2027-06-09',
      '2027-09-15',
      '2027-10-01',
      '2027-10-02',
      '2027-10-03',
    ]);
  });

  it('seeds this year and next, China time', () => {
    expect(seedYears(new Date('2026-12-31T15:59:59Z'))).toEqual([2026, 2027]);
    expect(seedYears(new Date('2026-12-31T16:00:00Z'))).toEqual([2027, 2028]);
  });
});

describe('seed', () => {
  it('gives every tenant its calendar, and leaves a seeded year to the operators', async () => {
    const demo = tenantIds.get('demo')!;
    for (const tenantId of tenantIds.values()) {
      const rows = await t.platform.db.select().from(calendarDays).where(eq(calendarDays.tenantId, tenantId));
      expect(rows.filter((r) => r.day.startsWith('2026-'))).toHaveLength(39);
    }
    await t.platform.db
      .delete(calendarDays)
      .where(and(eq(calendarDays.tenantId, demo), eq(calendarDays.day, '2027-06-09')));
    await seedTenantCalendar(t.platform.db, { tenantId: demo, years: [2026, 2027] });
    const again = await t.platform.db
      .select()
      .from(calendarDays)
      .where(and(eq(calendarDays.tenantId, demo), eq(calendarDays.day, '2027-06-09')));
    expect(again).toEqual([]);
    const years = await t.platform.db
      .select({ year: calendarSeededYears.year })
      .from(calendarSeededYears)
      .where(eq(calendarSeededYears.tenantId, demo));
    expect(years.map((y) => y.year).sort()).toEqual([2026, 2027]);
  });
});

describe('holiday calendar administration', () => {
  it("lists a year's days in order with their weekday", async () => {
    const days = await year('demo/admin', 2026);
    expect(days).toHaveLength(39);
    expect(days.map((d) => d.day)).toEqual([...days.map((d) => d.day)].sort());
    expect(dayOf(days, '2026-09-20')).toMatchObject({ kind: 'workday', weekday: 7, name: '国庆节' });
  });

  it('adds, changes and removes a day, logging each change and refreshing the working calendar', async () => {
    const tenantId = tenantIds.get('demo')!;
    const range = { tenantId, fromDay: '2027-01-01', toDay: '2027-12-31' };
    expect(isWorkingDay(await workingCalendar(t.platform, range), '2027-02-20')).toBe(false);
    const added = await data<TCalendarDayRecord>('demo/admin', 'POST', '/authority/holiday', {
      day: '2027-02-20',
      kind: 'workday',
      name: ' 春节调休上班 ',
      nameEn: 'Spring Festival make-up day',
    });
    expect(added).toMatchObject({
      day: '2027-02-20',
      kind: 'workday',
      name: '春节调休上班',
      weekday: 6,
      version: 0,
    });
    expect(isWorkingDay(await workingCalendar(t.platform, range), '2027-02-20')).toBe(true);

    const changed = await data<TCalendarDayRecord>('demo/admin', 'PUT', '/authority/holiday', {
      id: added.id,
      version: 0,
      day: '2027-02-21',
      kind: 'workday',
      name: '春节调休上班',
      nameEn: 'Spring Festival adjusted working day',
    });
    expect(changed).toMatchObject({ day: '2027-02-21', version: 1, weekday: 7 });
    const calendar = await workingCalendar(t.platform, range);
    expect([isWorkingDay(calendar, '2027-02-20'), isWorkingDay(calendar, '2027-02-21')]).toEqual([
      false,
      true,
    ]);

    const stale = await req('demo/admin', 'DELETE', '/authority/holiday', { id: added.id, version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 40961, msg_en: expect.stringContaining('reload') });
    await data('demo/admin', 'DELETE', '/authority/holiday', { id: added.id, version: 1 });
    expect(dayOf(await year('demo/admin', 2027), '2027-02-21')).toBeUndefined();
    expect(isWorkingDay(await workingCalendar(t.platform, range), '2027-02-21')).toBe(false);

    const logs = await t.platform.db
      .select({ action: operationLogs.action })
      .from(operationLogs)
      .where(and(eq(operationLogs.tenantId, tenantId), eq(operationLogs.targetId, added.id)))
      .orderBy(desc(operationLogs.createdAt));
    expect(logs.map((l) => l.action).sort()).toEqual(['create', 'delete', 'update']);
  });

  it('refuses bad input with a bilingual message and saves nothing', async () => {
    const bad = async (payload: Record<string, unknown>, code: number, field?: string) => {
      const res = await req('demo/admin', 'POST', '/authority/holiday', {
        day: '2027-03-06',
        kind: 'workday',
        name: '调休',
        nameEn: 'Adjusted working day',
        ...payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(code === 40960 ? 409 : 400);
      const body = res.json();
      expect(body.code).toBe(code);
      expect(body.msg).not.toBe(body.msg_en);
      if (field) expect(body.data.fieldErrors).toHaveProperty(field);
    };
    await bad({ day: '2027-02-30' }, 40010, 'day');
    await bad({ day: '2027/03/06' }, 40010, 'day');
    await bad({ kind: 'rest' }, 40010, 'kind');
    await bad({ name: '  ' }, 40010, 'name');
    await bad({ nameEn: 'x'.repeat(101) }, 40010, 'nameEn');
    await bad({ day: '2027-03-03' }, 40227);
    await bad({ day: '2026-10-01', kind: 'holiday' }, 40960);
    expect(dayOf(await year('demo/admin', 2027), '2027-03-06')).toBeUndefined();
    expect((await req('demo/admin', 'GET', '/authority/holiday/list?year=1999')).statusCode).toBe(400);
  });

  it('refuses to move a day onto a day the calendar already has', async () => {
    const days = await year('demo/admin', 2026);
    const national = dayOf(days, '2026-10-07')!;
    const res = await req('demo/admin', 'PUT', '/authority/holiday', {
      id: national.id,
      version: national.version,
      day: '2026-10-06',
      kind: 'holiday',
      name: national.name,
      nameEn: national.nameEn,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 40960, msg_en: 'The calendar already has 2026-10-06' });
    expect(dayOf(await year('demo/admin', 2026), '2026-10-07')).toMatchObject({ version: national.version });
  });

  it('answers 403 to users without the permission', async () => {
    const probes: [TMethod, string, unknown?][] = [
      ['GET', '/authority/holiday/list?year=2026'],
      [
        'POST',
        '/authority/holiday',
        { day: '2027-03-06', kind: 'workday', name: '调休', nameEn: 'Adjusted' },
      ],
      [
        'PUT',
        '/authority/holiday',
        { id: crypto.randomUUID(), version: 0, day: '2027-03-06', kind: 'workday', name: 'a', nameEn: 'a' },
      ],
      ['DELETE', '/authority/holiday', { id: crypto.randomUUID(), version: 0 }],
    ];
    for (const who of ['demo/auditor', 'demo/hospital']) {
      for (const [method, url, payload] of probes) {
        const res = await req(who, method, url, payload);
        expect(res.statusCode, `${who} ${method} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({ isSuccess: false, code: 40300 });
      }
    }
  });

  it("keeps each tenant to its own days: another tenant's day is not found", async () => {
    const demoDay = dayOf(await year('demo/admin', 2026), '2026-05-09')!;
    const edit = await req('acme/admin', 'PUT', '/authority/holiday', {
      id: demoDay.id,
      version: demoDay.version,
      day: '2026-05-09',
      kind: 'workday',
      name: '改',
      nameEn: 'Changed',
    });
    expect(edit.statusCode).toBe(404);
    expect(edit.json()).toMatchObject({ code: 40450 });
    const remove = await req('acme/admin', 'DELETE', '/authority/holiday', { id: demoDay.id, version: 0 });
    expect(remove.statusCode).toBe(404);
    const acmeDays = await year('acme/admin', 2026);
    expect(acmeDays.map((d) => d.id)).not.toContain(demoDay.id);
    expect(dayOf(await year('demo/admin', 2026), '2026-05-09')).toMatchObject({
      name: demoDay.name,
      version: 0,
    });
  });
});

describe('investigation countdown on the seeded calendar', () => {
  const investigation = { openedOn: '2026-09-18', type: 'normal' } as const;

  it("counts across the 2026 golden week, and follows one tenant's change only", async () => {
    const [demo, acme] = [tenantIds.get('demo')!, tenantIds.get('acme')!];
    expect(
      await investigationCountdown(t.platform, { tenantId: demo, investigation, day: '2026-10-03' }),
    ).toEqual({
      value: -3,
      uploadOpen: true,
      lastUploadDay: '2026-10-09',
      closesAt: new Date('2026-10-09T16:00:00Z'),
    });
    const extra = await data<TCalendarDayRecord>('demo/admin', 'POST', '/authority/holiday', {
      day: '2026-10-09',
      kind: 'holiday',
      name: '公司假日',
      nameEn: 'Company holiday',
    });
    const demoNow = await investigationCountdown(t.platform, {
      tenantId: demo,
      investigation,
      day: '2026-10-09',
    });
    expect(demoNow).toMatchObject({ value: -4, lastUploadDay: '2026-10-10' });
    const acmeNow = await investigationCountdown(t.platform, {
      tenantId: acme,
      investigation,
      day: '2026-10-09',
    });
    expect(acmeNow).toMatchObject({ value: -4, lastUploadDay: '2026-10-09' });
    expect(
      await investigationCountdown(t.platform, { tenantId: acme, investigation, day: '2026-10-10' }),
    ).toMatchObject({ value: -4, uploadOpen: false });
    await data('demo/admin', 'DELETE', '/authority/holiday', { id: extra.id, version: 0 });
  });
});
