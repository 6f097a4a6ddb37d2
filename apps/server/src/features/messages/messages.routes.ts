import {
  ZGlobalMsg,
  ZMsgCollectBody,
  ZMsgCollectResult,
  ZMsgDetail,
  ZMsgHaveReadBody,
  ZMsgHaveReadResult,
  ZMsgListBody,
  ZMsgMarkBody,
  ZMsgPage,
  ZPopUpMsg,
} from '@portal/domain/messages/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, actorOf } from '../../platform/auth/access.ts';
import { ok, ZEnvelope } from '../../platform/http/envelope.ts';
import type { TPlatform } from '../../platform/platform.ts';
import {
  collectUnread,
  getGlobalMessage,
  getMessage,
  haveRead,
  listPopUps,
  listReceived,
  markOneRead,
} from './messages.service.ts';

/** The message centre of the signed-in user (granted to AUDITOR, SMART_PORTAL, NET_VIEW by msg:center:*). */
const CENTER_VIEW = 'msg:center:view';
const CENTER_READ = 'msg:center:read';

const tags = ['messages'];
const ZTs = z.object({ ts: z.string().optional() });

export function messagesRoutes(p: TPlatform): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/msg/msg/center/global',
      {
        config: { access: access.permission(CENTER_VIEW) },
        schema: {
          tags,
          summary:
            'Global message: the scrolling notice (highest level, newest) and the unread pop-up notices, oldest first',
          querystring: ZTs,
          response: { 200: ZEnvelope(ZGlobalMsg) },
        },
      },
      async (request) => ok(await getGlobalMessage(p, { actor: actorOf(request) })),
    );

    app.post(
      '/msg/msg/center/popUpList',
      {
        config: { access: access.permission(CENTER_VIEW) },
        schema: {
          tags,
          summary: 'Unread pop-up notices within their validity, oldest first (the global notice dialog)',
          response: { 200: ZEnvelope(z.array(ZPopUpMsg)) },
        },
      },
      async (request) => ok(await listPopUps(p, { actor: actorOf(request) })),
    );

    app.post(
      '/msg/msg/center/collect',
      {
        config: { access: access.permission(CENTER_VIEW) },
        schema: {
          tags,
          summary: 'Unread counts per message-centre code (in the order asked) and their total',
          body: ZMsgCollectBody,
          response: { 200: ZEnvelope(ZMsgCollectResult) },
        },
      },
      async (request) => ok(await collectUnread(p, { actor: actorOf(request), codes: request.body.codes })),
    );

    app.post(
      '/msg/msg/center/list',
      {
        config: { access: access.permission(CENTER_VIEW) },
        schema: {
          tags,
          summary: "A page of the user's messages, newest first; filters code and readStatus (unread | read)",
          body: ZMsgListBody,
          response: { 200: ZEnvelope(ZMsgPage) },
        },
      },
      async (request) => ok(await listReceived(p, { actor: actorOf(request), ...request.body })),
    );

    app.post(
      '/msg/msg/center/haveRead',
      {
        config: { access: access.permission(CENTER_READ) },
        schema: {
          tags,
          summary:
            'Marks messages read for the user; answers how many were newly read and the new unread counts',
          body: ZMsgHaveReadBody,
          response: { 200: ZEnvelope(ZMsgHaveReadResult) },
        },
      },
      async (request) => ok(await haveRead(p, { actor: actorOf(request), ids: request.body.ids })),
    );

    app.post(
      '/msg/anyone/myMsg/mark',
      {
        config: { access: access.login() },
        schema: {
          tags,
          summary: 'Marks one received message read (silent call when viewing it) and returns it',
          body: ZMsgMarkBody,
          response: { 200: ZEnvelope(ZMsgDetail) },
        },
      },
      async (request) => ok(await markOneRead(p, { actor: actorOf(request), id: request.body.id })),
    );

    app.get(
      '/msg/msg/:id',
      {
        config: { access: access.login() },
        schema: {
          tags,
          summary: 'One message, for its recipients or operator staff with msg:msg:view; otherwise 404',
          params: z.object({ id: ZMsgMarkBody.shape.id }),
          querystring: ZTs,
          response: { 200: ZEnvelope(ZMsgDetail) },
        },
      },
      async (request) => ok(await getMessage(p, { actor: actorOf(request), id: request.params.id })),
    );
  };
}
