import {
  SMS_SEND,
  SMS_VIEW,
  ZSmsBatch,
  ZSmsBatchPage,
  ZSmsBatchPageBody,
  ZSmsDraft,
  ZSmsPreview,
  ZSmsProviderOption,
  ZSmsProviderSearchBody,
  ZSmsRecipientPage,
  ZSmsRecipientPageBody,
  ZSmsSend,
  ZSmsSettings,
} from '@portal/domain/sms/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, actorOf } from '../../platform/auth/access.ts';
import { ok, ZEnvelope } from '../../platform/http/envelope.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { createSmsGateway } from './sms.gateway.ts';
import { defineSmsDispatchJob, SMS_DISPATCH_JOB } from './sms.outbox.ts';
import { defineSmsReceiptJob } from './sms.receipts.ts';
import { pageSmsBatches, pageSmsRecipients, previewSms, searchSmsProviders, sendSms } from './sms.service.ts';

export function smsRoutes(p: TPlatform): FastifyPluginAsyncZod {
  const gateway = createSmsGateway(p.config.sms, p.log);
  defineSmsDispatchJob(p, gateway);
  defineSmsReceiptJob(p, gateway);

  /** Sends what was just saved at once when this instance runs jobs, instead of at the next poll. */
  const dispatchSoon = () => {
    if (!gateway || !p.config.jobsEnabled) return;
    setImmediate(() => {
      p.jobs
        .requestRun(SMS_DISPATCH_JOB)
        .then(() => p.jobs.runDue(SMS_DISPATCH_JOB))
        .catch((error: unknown) => p.log.error({ err: error }, 'sms dispatch after send failed'));
    });
  };

  return async (app) => {
    app.get(
      '/msg/sms/settings',
      {
        config: { access: access.permission(SMS_SEND) },
        schema: {
          tags: ['sms'],
          summary: 'The signature the gateway adds (the counter counts it) and the adapter in use',
          querystring: z.object({ ts: z.string().optional() }),
          response: { 200: ZEnvelope(ZSmsSettings) },
        },
      },
      async () => ok({ signName: p.config.sms.signName, adapter: p.config.sms.adapter }),
    );

    app.post(
      '/msg/sms/providers',
      {
        config: { access: access.permission(SMS_SEND) },
        schema: {
          tags: ['sms'],
          summary:
            "Up to 20 of the tenant's providers matching an id or name, with their mobile contacts' count",
          body: ZSmsProviderSearchBody,
          response: { 200: ZEnvelope(z.array(ZSmsProviderOption)) },
        },
      },
      async (request) => ok(await searchSmsProviders(p, { actor: actorOf(request), ...request.body })),
    );

    app.post(
      '/msg/sms/preview',
      {
        config: { access: access.permission(SMS_SEND) },
        schema: {
          tags: ['sms'],
          summary:
            'Checks a draft and lists every recipient with its filled text and segments; saves nothing',
          body: ZSmsDraft,
          response: { 200: ZEnvelope(ZSmsPreview) },
        },
      },
      async (request) => ok(await previewSms(p, { actor: actorOf(request), ...request.body })),
    );

    app.post(
      '/msg/sms',
      {
        config: { access: access.permission(SMS_SEND) },
        schema: {
          tags: ['sms'],
          summary:
            'Sends an SMS: one outbox row per recipient, delivered by the dispatch job; the same requestKey again sends nothing more',
          body: ZSmsSend,
          response: { 200: ZEnvelope(ZSmsBatch) },
        },
      },
      async (request) => {
        const batch = await sendSms(p, { actor: actorOf(request), requestId: request.id, ...request.body });
        dispatchSoon();
        return ok(batch, '已提交发送', 'Submitted for sending');
      },
    );

    app.post(
      '/msg/sms/page',
      {
        config: { access: access.permission(SMS_VIEW) },
        schema: {
          tags: ['sms'],
          summary: "A page of the tenant's SMS batches, newest first, with counts per delivery status",
          body: ZSmsBatchPageBody,
          response: { 200: ZEnvelope(ZSmsBatchPage) },
        },
      },
      async (request) => ok(await pageSmsBatches(p, { actor: actorOf(request), ...request.body })),
    );

    app.post(
      '/msg/sms/recipients',
      {
        config: { access: access.permission(SMS_VIEW) },
        schema: {
          tags: ['sms'],
          summary: "A page of one batch's recipients with delivery status, attempts and the failure reason",
          body: ZSmsRecipientPageBody,
          response: { 200: ZEnvelope(ZSmsRecipientPage) },
        },
      },
      async (request) => ok(await pageSmsRecipients(p, { actor: actorOf(request), ...request.body })),
    );
  };
}
