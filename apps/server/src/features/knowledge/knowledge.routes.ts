import { ZHospitalTaskView, ZPage } from '@portal/domain/hospital-tasks/api';
import { ZAdvanceSearchItem, ZKnowledgeItem, ZSymptomBonding } from '@portal/domain/knowledge/api';
import {
  ZAdvanceSearchRequest,
  ZBondingBody,
  ZInfoDetailQuery,
  ZKnowledgeAddBody,
  ZKnowledgeId,
  ZKnowledgeListRequest,
} from '@portal/domain/knowledge/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, actorOf } from '../../platform/auth/access.ts';
import { ok, ZEnvelope } from '../../platform/http/envelope.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { assertOperator } from '../change-tasks/change-tasks.audit.ts';
import { getProviderDetail } from '../hospital-tasks/hospital-tasks.queries.ts';
import { advanceSearch } from './knowledge.search.ts';
import { addKnowledge, getBonding, listKnowledge, setBonding } from './knowledge.service.ts';

const tags = ['knowledge'];
const ts = z.object({ ts: z.string().optional() });

/**
 * Medical knowledge bases (symptom, disease, treatment) and the advanced doctor search with its
 * hospital detail, at the spec's paths (section 2) under /saasapi; operator staff only
 * (decision 0025).
 */
export function knowledgeRoutes(p: TPlatform): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/drsystem/info/advance',
      {
        config: { access: access.permission('drsystem:info:advance') },
        schema: {
          tags,
          summary:
            'Advanced doctor search: at least one of symptom, disease, treatment or doctorName (40120 otherwise); filters area, department, language, professionalLevel; one row per practice, by relevance then internal recommendation; {current, size}. The ranking of the first 1,000 rows is kept for 60 s per tenant and criteria (forgotten when a doctor task is approved, the recommendation or validity of a doctor changes, or the knowledge bases change)',
          body: ZAdvanceSearchRequest,
          response: { 200: ZEnvelope(ZPage(ZAdvanceSearchItem)) },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        assertOperator(actor);
        return ok(await advanceSearch(p, { actor, request: request.body }));
      },
    );

    app.get(
      '/drsystem/info/query/infoDetail',
      {
        config: { access: access.permission('drsystem:info:infoDetail') },
        schema: {
          tags,
          summary:
            'The approved record of the hospital of a search result (query providerId); 404 when it has none',
          querystring: ZInfoDetailQuery,
          response: { 200: ZEnvelope(ZHospitalTaskView) },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        assertOperator(actor);
        return ok(await getProviderDetail(p, { actor, providerId: request.query.providerId }));
      },
    );

    app.post(
      '/drsystem/system/knowledge/list',
      {
        config: { access: access.permission('drsystem:knowledge:list') },
        schema: {
          tags,
          summary:
            'A page of one knowledge base in tree order: {current, size, model: {kind symptom|disease|treatment, keyword, parentCode, level}}',
          body: ZKnowledgeListRequest,
          response: { 200: ZEnvelope(ZPage(ZKnowledgeItem)) },
        },
      },
      async (request) => ok(await listKnowledge(p, { actor: actorOf(request), request: request.body })),
    );

    // add/symptom is not named by the spec; it completes the three bases (decision 0025).
    for (const kind of ['symptom', 'disease', 'treatment'] as const) {
      app.post(
        `/drsystem/info/add/${kind}`,
        {
          config: {
            access: access.permission(`drsystem:info:add${kind[0].toUpperCase()}${kind.slice(1)}`),
          },
          schema: {
            tags,
            summary: `A new ${kind} at level 1 or under a level-1 or level-2 parent (parentCode); an empty code takes the next one under the parent; 409 40122 when the code exists`,
            body: ZKnowledgeAddBody,
            response: { 200: ZEnvelope(ZKnowledgeItem) },
          },
        },
        async (request) =>
          ok(
            await addKnowledge(p, {
              actor: actorOf(request),
              kind,
              body: request.body,
              requestId: request.id,
            }),
            '新增成功',
            'Added',
          ),
      );
    }

    app.get(
      '/drsystem/system/symptom/bondingdisease/:id',
      {
        config: { access: access.permission('drsystem:symptom:view') },
        schema: {
          tags,
          summary: 'A symptom and the diseases bonded to it',
          params: z.object({ id: ZKnowledgeId }),
          querystring: ts,
          response: { 200: ZEnvelope(ZSymptomBonding) },
        },
      },
      async (request) => ok(await getBonding(p, { actor: actorOf(request), id: request.params.id })),
    );

    app.post(
      '/drsystem/system/symptom/bondingdisease/:id',
      {
        config: { access: access.permission('drsystem:symptom:bonding') },
        schema: {
          tags,
          summary:
            "Replaces the symptom's bonded diseases with {diseaseIds}; 40123 when one is not a disease of the tenant",
          params: z.object({ id: ZKnowledgeId }),
          body: ZBondingBody,
          response: { 200: ZEnvelope(ZSymptomBonding) },
        },
      },
      async (request) =>
        ok(
          await setBonding(p, {
            actor: actorOf(request),
            id: request.params.id,
            diseaseIds: request.body.diseaseIds,
            requestId: request.id,
          }),
          '保存成功',
          'Saved',
        ),
    );
  };
}
