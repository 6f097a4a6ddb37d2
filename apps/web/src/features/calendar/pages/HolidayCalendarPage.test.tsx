import type { TCalendarDayRecord } from '@portal/domain/calendar/rules';
import { chinaDay } from '@portal/domain/calendar/working-days';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { failure, mockApi, signInAs } from '../../../test/api-mock.ts';
import { renderAt } from '../../../test/render.tsx';
import { HolidayCalendarPage } from './HolidayCalendarPage.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('zh');
});

const YEAR = Number(chinaDay(new Date()).slice(0, 4));
const record = (day: string, kind: 'holiday' | 'workday', name: string, nameEn: string, weekday: number) => ({
  id: `id-${day}`,
  day,
  kind,
  name,
  nameEn,
  weekday,
  version: 0,
  updatedAt: '2026-11-25T00:00:00.000Z',
  updatedBy: 'seed',
});

function calendarApi(days: TCalendarDayRecord[]) {
  const store = [...days];
  return mockApi({
    'GET /saasapi/authority/holiday/list': (call) =>
      store.filter((d) => d.day.startsWith(`${call.url.searchParams.get('year')}-`)),
    'POST /saasapi/authority/holiday': (call) => {
      const body = call.body as TCalendarDayRecord;
      if (store.some((d) => d.day === body.day))
        return failure(40960, `日历中已有 ${body.day}`, `The calendar already has ${body.day}`, 409);
      const added = record(body.day, body.kind, body.name, body.nameEn, 6);
      store.push(added);
      return added;
    },
    'PUT /saasapi/authority/holiday': (call) => {
      const body = call.body as TCalendarDayRecord;
      const index = store.findIndex((d) => d.id === body.id);
      store[index] = { ...store[index], ...body, version: body.version + 1 };
      return store[index];
    },
    'DELETE /saasapi/authority/holiday': (call) => {
      const { id } = call.body as { id: string };
      store.splice(
        store.findIndex((d) => d.id === id),
        1,
      );
      return null;
    },
  });
}

describe('<HolidayCalendarPage>', () => {
  it('lists the year and adds an adjusted working day, refusing one on a weekday, in English', async () => {
    await i18n.changeLanguage('en');
    await signInAs({ permissions: ['*'], roles: ['SUPER_ADMIN'] });
    const calls = calendarApi([
      record(`${YEAR}-10-01`, 'holiday', '国庆节', 'National Day', 4),
      record(`${YEAR}-10-10`, 'workday', '国庆节', 'National Day', 6),
    ]);
    renderAt(<HolidayCalendarPage />);
    expect(await screen.findByText(`${YEAR}-10-01`)).toBeTruthy();
    expect(screen.getByText('1 public holiday')).toBeTruthy();
    expect(screen.getByText('1 adjusted working day')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Add a day' }));
    const dialog = await screen.findByRole('dialog');
    const date = within(dialog).getByLabelText('Date');
    await userEvent.type(date, `${YEAR + 1}-03-03{enter}`);
    await userEvent.click(within(dialog).getByLabelText('Adjusted working day'));
    await userEvent.type(within(dialog).getByLabelText('Chinese name'), '春节调休');
    await userEvent.type(within(dialog).getByLabelText('English name'), 'Spring Festival make-up day');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('An adjusted working day must be a Saturday or a Sunday'),
    ).toBeTruthy();
    expect(calls.callsTo('/authority/holiday').filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.clear(date);
    await userEvent.type(date, `${YEAR}-10-17{enter}`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.callsTo('/authority/holiday').find((c) => c.method === 'POST')?.body).toEqual({
        day: `${YEAR}-10-17`,
        kind: 'workday',
        name: '春节调休',
        nameEn: 'Spring Festival make-up day',
      }),
    );
    expect(await screen.findByText(`${YEAR}-10-17`)).toBeTruthy();
    expect(screen.getByText('2 adjusted working days')).toBeTruthy();
  });

  it("changes a day's names with the version it read, in Chinese", async () => {
    await signInAs({ permissions: ['*'], roles: ['SUPER_ADMIN'] });
    const calls = calendarApi([record(`${YEAR}-09-20`, 'workday', '国庆节', 'National Day', 7)]);
    renderAt(<HolidayCalendarPage />);
    await userEvent.click(await screen.findByRole('button', { name: `编辑 ${YEAR}-09-20` }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText('中文名称');
    await userEvent.clear(name);
    await userEvent.type(name, '国庆节调休上班');
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s?存/ }));
    await waitFor(() =>
      expect(calls.callsTo('/authority/holiday').find((c) => c.method === 'PUT')?.body).toEqual({
        id: `id-${YEAR}-09-20`,
        version: 0,
        day: `${YEAR}-09-20`,
        kind: 'workday',
        name: '国庆节调休上班',
        nameEn: 'National Day',
      }),
    );
    expect(await screen.findByText('国庆节调休上班')).toBeTruthy();
  });

  it('removes a day only after confirmation, in Chinese', async () => {
    await signInAs({ permissions: ['*'], roles: ['SUPER_ADMIN'] });
    const calls = calendarApi([record(`${YEAR}-05-09`, 'workday', '劳动节', 'Labour Day', 6)]);
    renderAt(<HolidayCalendarPage />);
    await userEvent.click(await screen.findByRole('button', { name: `删除 ${YEAR}-05-09` }));
    expect(await screen.findByText(`确定从日历中删除 ${YEAR}-05-09 吗？`)).toBeTruthy();
    expect(calls.callsTo('/authority/holiday').filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: /^删\s?除$/ }));
    await waitFor(() =>
      expect(calls.callsTo('/authority/holiday').find((c) => c.method === 'DELETE')?.body).toEqual({
        id: `id-${YEAR}-05-09`,
        version: 0,
      }),
    );
    expect(await screen.findByText(`${YEAR} 年没有法定节假日或调休上班日`)).toBeTruthy();
  });

  it('shows 403 without the permission and reads nothing', async () => {
    await signInAs({ permissions: ['authority:role:view'] });
    const calls = calendarApi([]);
    renderAt(<HolidayCalendarPage />);
    expect(await screen.findByText('您没有查看节假日日历的权限。')).toBeTruthy();
    expect(calls.callsTo('/authority/holiday/list')).toHaveLength(0);
  });

  it('hides add, edit and remove from a user who may only view', async () => {
    await i18n.changeLanguage('en');
    await signInAs({ permissions: ['authority:holiday:view'] });
    calendarApi([record(`${YEAR}-10-01`, 'holiday', '国庆节', 'National Day', 4)]);
    renderAt(<HolidayCalendarPage />);
    expect(await screen.findByText('National Day')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a day' })).toBeNull();
    expect(screen.queryByRole('button', { name: `Remove ${YEAR}-10-01` })).toBeNull();
  });
});
