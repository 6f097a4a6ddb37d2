import {
  APPOINTMENT_EDIT,
  APPOINTMENT_PERSONAL_FIELDS,
  APPOINTMENT_VIEW,
  ZAppointment,
  ZAppointmentAction,
  ZAppointmentBill,
  ZAppointmentClient,
  ZAppointmentListBody,
  ZAppointmentPage,
  ZIdBody,
  ZIdsBody,
  ZPatient,
  ZPatientQuery,
  ZProcessRow,
  ZRelaProvider,
  ZRelaProviderQuery,
  ZSaveAppointment,
  ZVisitConfirmation,
  ZVisitRegistration,
} from '@portal/domain/appointments/rules';
import { MSG_CODE_APPOINTMENT } from '@portal/domain/messages/codes';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, actorOf } from '../../platform/auth/access.ts';
import { ok, ZEnvelope } from '../../platform/http/envelope.ts';
import { attachment, sendFile } from '../../platform/http/xlsx-export.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { publishMessagesChanged } from '../messages/messages.live.ts';
import { registerUnreadCounter } from '../messages/messages.service.ts';
import { registerRevealTarget } from '../personal-data/personal-data.service.ts';
import {
  appointmentInfoExport,
  appointmentListExport,
  claimBillPdf,
  claimFormPdf,
  PDF_TYPE,
} from './appointments.documents.ts';
import { defineAppointmentExpiryJob } from './appointments.expiry.ts';
import {
  cancelAppointment,
  confirmVisit,
  finishAppointment,
  registerVisit,
  saveAppointment,
  updateVisitConfirmation,
} from './appointments.lifecycle.ts';
import {
  appointmentBill,
  appointmentClient,
  appointmentPersonalValue,
  appointmentVisible,
  countUnreadAppointments,
  getAppointment,
  listAppointments,
  markRead,
  patientList,
  processDetail,
  relatedProviders,
} from './appointments.service.ts';

const tags = ['appointments'];
/** Every appointment route belongs to the provider's appointment management function (decision 0027). */
const view = { access: access.permission(APPOINTMENT_VIEW), providerFunction: 'appointment' as const };
const edit = { access: access.permission(APPOINTMENT_EDIT), providerFunction: 'appointment' as const };
const ZIdParams = z.object({ id: z.string().uuid() });
const ZTs = z.object({ ts: z.string().optional() });

const sendPdf = (reply: FastifyReply, file: { fileName: string; body: Buffer }) =>
  reply
    .header('content-type', PDF_TYPE)
    .header('content-disposition', attachment(file.fileName))
    .header('cache-control', 'private, no-store')
    .send(file.body);

export function appointmentsRoutes(p: TPlatform): FastifyPluginAsyncZod {
  defineAppointmentExpiryJob(p);
  registerUnreadCounter(MSG_CODE_APPOINTMENT, countUnreadAppointments);
  registerRevealTarget('appointment', {
    fields: Object.keys(APPOINTMENT_PERSONAL_FIELDS),
    canSee: (platform, { actor, bizId }) => appointmentVisible(platform, { actor, id: bizId }),
    readValue: appointmentPersonalValue,
  });
  return async (app) => {
    app.post(
      '/smartportal/appointmentBasic/getAppointmentBasicList',
      {
        config: view,
        schema: {
          tags,
          summary:
            'A page of appointments, newest first: status (several), providerIds, appointNo (part), member (name part or member id), patientBirthday, createTime range (China time; the end later than the start)',
          body: ZAppointmentListBody,
          response: { 200: ZEnvelope(ZAppointmentPage) },
        },
      },
      async (request) => {
        const { current, size, model } = request.body;
        return ok(await listAppointments(p, { actor: actorOf(request), current, size, filter: model }));
      },
    );

    app.get(
      '/smartportal/appointmentBasic/detail/:id',
      {
        config: view,
        schema: {
          tags,
          summary: 'One appointment',
          params: ZIdParams,
          querystring: ZTs,
          response: { 200: ZEnvelope(ZAppointment) },
        },
      },
      async (request) => ok(await getAppointment(p, { actor: actorOf(request), id: request.params.id })),
    );

    app.get(
      '/smartportal/appointmentBasic/processDetail/:id',
      {
        config: view,
        schema: {
          tags,
          summary: "An appointment's process history, oldest first: action, statuses, who, when, remark",
          params: ZIdParams,
          querystring: ZTs,
          response: { 200: ZEnvelope(z.array(ZProcessRow)) },
        },
      },
      async (request) => ok(await processDetail(p, { actor: actorOf(request), id: request.params.id })),
    );

    app.post(
      '/smartportal/appointmentBasic/saveAppointMentInfo',
      {
        config: edit,
        schema: {
          tags,
          summary:
            'Books an appointment (no id) or changes one still to be treated (id and version); the member must hold a policy in force on the visit date under a plan the provider serves',
          body: ZSaveAppointment,
          response: { 200: ZEnvelope(ZAppointment) },
        },
      },
      async (request) => ok(await saveAppointment(p, { actor: actorOf(request), input: request.body })),
    );

    app.post(
      '/smartportal/appointmentBasic/cancel',
      {
        config: edit,
        schema: {
          tags,
          summary: 'Cancels an appointment still to be treated (decision 0038)',
          body: ZAppointmentAction,
          response: { 200: ZEnvelope(ZAppointment) },
        },
      },
      async (request) => ok(await cancelAppointment(p, { actor: actorOf(request), ...request.body })),
    );

    app.post(
      '/smartportal/appointmentBasic/finish',
      {
        config: edit,
        schema: {
          tags,
          summary: 'Finishes a confirmed visit (decision 0038)',
          body: ZAppointmentAction,
          response: { 200: ZEnvelope(ZAppointment) },
        },
      },
      async (request) => ok(await finishAppointment(p, { actor: actorOf(request), ...request.body })),
    );

    app.post(
      '/smartportal/appointmentBasic/downloadAppointmentList',
      {
        config: view,
        schema: {
          tags,
          summary: 'The filtered appointment list as .xlsx, in the language of the request',
          body: ZAppointmentListBody,
        },
      },
      async (request, reply) =>
        sendFile(
          request,
          reply,
          appointmentListExport(p, {
            actor: actorOf(request),
            filter: request.body.model,
            lang: request.lang,
          }),
        ),
    );

    app.post(
      '/smartportal/appointmentMessage/haveReadMessage',
      {
        config: view,
        schema: {
          tags,
          summary: 'Marks appointments read; answers how many changed',
          body: ZIdsBody,
          response: { 200: ZEnvelope(z.number()) },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const changed = await markRead(p, { actor, ids: request.body.ids });
        // The message-centre badge counts unread appointments: every open session re-reads it.
        if (changed > 0) await publishMessagesChanged(p, actor.tenantId);
        return ok(changed);
      },
    );

    app.post(
      '/smartportal/appointDetail/getAppointmentClient',
      {
        config: view,
        schema: {
          tags,
          summary: 'The customer (insurer or group client), plan and policy behind an appointment',
          body: ZIdBody,
          response: { 200: ZEnvelope(ZAppointmentClient) },
        },
      },
      async (request) => ok(await appointmentClient(p, { actor: actorOf(request), id: request.body.id })),
    );

    app.post(
      '/smartportal/appointDetail/visitConfirmation',
      {
        config: edit,
        schema: {
          tags,
          summary:
            'Confirms the visit of an appointment to be treated, once its day has come: diagnosis and bill',
          body: ZVisitConfirmation,
          response: { 200: ZEnvelope(ZAppointment) },
        },
      },
      async (request) => ok(await confirmVisit(p, { actor: actorOf(request), input: request.body })),
    );

    app.post(
      '/smartportal/appointDetail/updateVisitConfirmation',
      {
        config: edit,
        schema: {
          tags,
          summary: "Corrects a confirmed visit's diagnosis and bill",
          body: ZVisitConfirmation,
          response: { 200: ZEnvelope(ZAppointment) },
        },
      },
      async (request) =>
        ok(await updateVisitConfirmation(p, { actor: actorOf(request), input: request.body })),
    );

    app.post(
      '/smartportal/appointDetail/getPatientList',
      {
        config: view,
        schema: {
          tags,
          summary:
            'Members with a policy in force today under a plan the provider serves, by name and birthday or by card number (at most 50)',
          body: ZPatientQuery,
          response: { 200: ZEnvelope(z.array(ZPatient)) },
        },
      },
      async (request) => ok(await patientList(p, { actor: actorOf(request), query: request.body })),
    );

    app.post(
      '/smartportal/appointDetail/visitRegistration',
      {
        config: edit,
        schema: {
          tags,
          summary: 'Registers a visit for a member at the desk: an appointment to be treated',
          body: ZVisitRegistration,
          response: { 200: ZEnvelope(ZAppointment) },
        },
      },
      async (request) => ok(await registerVisit(p, { actor: actorOf(request), visit: request.body })),
    );

    app.get(
      '/smartportal/appointDetail/getAppointBill',
      {
        config: view,
        schema: {
          tags,
          summary:
            "A confirmed visit's bill: co-pay, over the per-visit limit, payable by plan and by member",
          querystring: z.object({ id: z.string().uuid(), ts: z.string().optional() }),
          response: { 200: ZEnvelope(ZAppointmentBill) },
        },
      },
      async (request) => ok(await appointmentBill(p, { actor: actorOf(request), id: request.query.id })),
    );

    app.get(
      '/smartportal/config/getRelaProviderInfo',
      {
        config: view,
        schema: {
          tags,
          summary:
            "The providers the user works with (provider staff their own, operators the tenant's): those named in codes first, then up to limit (default 50, at most 100) whose id or name contains keyword, by id",
          querystring: ZRelaProviderQuery,
          response: { 200: ZEnvelope(z.array(ZRelaProvider)) },
        },
      },
      async (request) => ok(await relatedProviders(p, { actor: actorOf(request), ...request.query })),
    );

    app.post(
      '/smartportal/download/downloadDBClaimForm',
      {
        config: view,
        schema: {
          tags,
          summary:
            'The direct-billing claim form (PDF, one page per visit) for at least 1 and fewer than 50 confirmed or finished appointments',
          body: ZIdsBody,
        },
      },
      async (request, reply) =>
        sendPdf(reply, await claimFormPdf(p, { actor: actorOf(request), ids: request.body.ids })),
    );

    app.post(
      '/smartportal/download/downloadAppointInfoList',
      {
        config: view,
        schema: { tags, summary: 'The chosen appointments as .xlsx', body: ZIdsBody },
      },
      async (request, reply) =>
        sendFile(
          request,
          reply,
          appointmentInfoExport(p, { actor: actorOf(request), ids: request.body.ids, lang: request.lang }),
        ),
    );

    app.post(
      '/smartportal/download/downloadClaimBill',
      {
        config: view,
        schema: { tags, summary: "A confirmed visit's bill as PDF", body: ZIdBody },
      },
      async (request, reply) =>
        sendPdf(reply, await claimBillPdf(p, { actor: actorOf(request), id: request.body.id })),
    );
  };
}
