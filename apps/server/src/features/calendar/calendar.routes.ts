import {
  CALENDAR_PERMISSIONS,
  ZCalendarDayInput,
  ZCalendarDayRecord,
  ZCalendarDayRemove,
  ZCalendarDayUpdate,
  ZCalendarYearQuery,
} from '@portal/domain/calendar/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, actorOf } from '../../platform/auth/access.ts';
import { ok, ZEnvelope } from '../../platform/http/envelope.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { addDay, listYear, removeDay, updateDay } from './calendar.service.ts';

const tags = ['holiday calendar'];
const ts = z.object({ ts: z.string().optional() });

/** The operators' holiday calendar (decision 0043). */
export function calendarRoutes(p: TPlatform): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/authority/holiday/list',
      {
        config: { access: access.permission(CALENDAR_PERMISSIONS.view) },
        schema: {
          tags,
          summary: "A year's public holidays and adjusted working days, by day",
          querystring: ZCalendarYearQuery,
          response: { 200: ZEnvelope(z.array(ZCalendarDayRecord)) },
        },
      },
      async (request) =>
        ok(await listYear(p, { tenantId: actorOf(request).tenantId, year: request.query.year })),
    );

    app.post(
      '/authority/holiday',
      {
        config: { access: access.permission(CALENDAR_PERMISSIONS.add) },
        schema: {
          tags,
          summary:
            'Adds a public holiday or an adjusted working day (a Saturday or Sunday); one entry per day',
          querystring: ts,
          body: ZCalendarDayInput,
          response: { 200: ZEnvelope(ZCalendarDayRecord) },
        },
      },
      async (request) =>
        ok(await addDay(p, { actor: actorOf(request), requestId: request.id, input: request.body })),
    );

    app.put(
      '/authority/holiday',
      {
        config: { access: access.permission(CALENDAR_PERMISSIONS.edit) },
        schema: {
          tags,
          summary: "Changes a day's date, kind or names; 409 when someone changed it since it was read",
          querystring: ts,
          body: ZCalendarDayUpdate,
          response: { 200: ZEnvelope(ZCalendarDayRecord) },
        },
      },
      async (request) =>
        ok(await updateDay(p, { actor: actorOf(request), requestId: request.id, input: request.body })),
    );

    app.delete(
      '/authority/holiday',
      {
        config: { access: access.permission(CALENDAR_PERMISSIONS.delete) },
        schema: {
          tags,
          summary: 'Removes a day, which then follows the weekend rule again',
          querystring: ts,
          body: ZCalendarDayRemove,
          response: { 200: ZEnvelope(z.null()) },
        },
      },
      async (request) => {
        await removeDay(p, { actor: actorOf(request), requestId: request.id, ...request.body });
        return ok(null);
      },
    );
  };
}
