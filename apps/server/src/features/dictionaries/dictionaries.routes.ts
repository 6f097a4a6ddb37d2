import {
  DICTIONARY_PERMISSIONS,
  type TDictEntry,
  ZArea,
  ZAreaInput,
  ZAreaPageBody,
  ZAreaUpdate,
  ZBank,
  ZCodeQueryList,
  ZDepartment,
  ZDictEntry,
  ZDictionaryEntryInput,
  ZDictionaryEntryUpdate,
  ZDictionaryPageBody,
  ZDictionaryRecord,
  ZDictionaryTypeInput,
  ZDictionaryTypePageBody,
  ZDictionaryTypeRecord,
  ZDictionaryTypeUpdate,
  ZEnumItem,
  ZIdList,
  ZPageOf,
} from '@portal/domain/dictionaries/rules';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, actorOf } from '../../platform/auth/access.ts';
import { ok, sendWritten, writeOk, ZEnvelope } from '../../platform/http/envelope.ts';
import type { TPlatform } from '../../platform/platform.ts';
import {
  addArea,
  addDictionaryEntry,
  addDictionaryType,
  areaChain,
  areaChildren,
  deleteDictionaryEntries,
  deleteDictionaryTypes,
  entriesOfTypeAnswer,
  enumsOf,
  groupCodes,
  knownEntriesOfTypeAnswer,
  lookupCodes,
  pageAreas,
  pageDictionaryEntries,
  pageDictionaryTypes,
  searchBanks,
  searchDepartments,
  updateArea,
  updateDictionaryEntry,
  updateDictionaryType,
} from './dictionaries.service.ts';

const lookupTags = ['dictionaries'];
const adminTags = ['dictionaries administration'];

const ts = z.object({ ts: z.string().optional() });
const codeTypeParam = z.string().trim().min(1).max(64);
const areaCode = z.string().trim().min(1).max(16);
const keyword = z
  .string()
  .max(100)
  .optional()
  .transform((v) => v ?? '');
const ZEntries = z.array(ZDictEntry);
const ZDeleted = z.object({ deleted: z.number().int() });

export function dictionariesRoutes(p: TPlatform): FastifyPluginAsyncZod {
  /**
   * One code type's entries, written once per loaded section (entriesOfTypeAnswer), then sent as
   * is: from memory without awaiting when the section is loaded, else once it is.
   */
  const answerEntries = (
    reply: FastifyReply,
    tenantId: string,
    codeType: string,
  ): Promise<void> | undefined => {
    const write = (entries: TDictEntry[]) => writeOk(reply, entries);
    const known = knownEntriesOfTypeAnswer(p, { tenantId, codeType }, write);
    if (known !== undefined) {
      sendWritten(reply, known);
      return undefined;
    }
    return entriesOfTypeAnswer(p, { tenantId, codeType }, write).then((answer) => {
      sendWritten(reply, answer);
    });
  };

  return async (app) => {
    // ----- lookups ---------------------------------------------------------------------

    const lookupSchema = (summary: string) => ({
      tags: lookupTags,
      summary,
      description:
        'Code types: the code tables (ldCode-currency, user_type, hospitalTaskStatus ...), dictionaries, outpatients (departments) and 01-05 (continents, countries, provinces, cities, districts). Unknown code types give no entries.',
      querystring: ts,
      body: ZCodeQueryList,
      response: { 200: ZEnvelope(ZEntries) },
    });
    for (const url of ['/oauth/dictionary/codes', '/drsystem/providerTask/queryDictList']) {
      app.post(
        url,
        {
          config: { access: access.login() },
          schema: lookupSchema(
            'Dictionary lookup: a list of {codeType, codeList} in, entries out (codeList filters when not empty)',
          ),
        },
        async (request) =>
          ok(await lookupCodes(p, { tenantId: actorOf(request).tenantId, queries: request.body })),
      );
    }

    app.get(
      '/drsystem/commonCode/getByType/:type',
      {
        config: { access: access.login() },
        schema: {
          tags: lookupTags,
          summary: 'Entries of one code type (e.g. user_type)',
          params: z.object({ type: codeTypeParam }),
          querystring: ts,
          response: { 200: ZEnvelope(ZEntries) },
        },
      },
      (request, reply) => answerEntries(reply, actorOf(request).tenantId, request.params.type),
    );

    app.get(
      '/drsystem/commonCode/getByType',
      {
        config: { access: access.login() },
        schema: {
          tags: lookupTags,
          summary: 'Entries of one code type given as ?codeType=',
          querystring: ts.extend({ codeType: codeTypeParam }),
          response: { 200: ZEnvelope(ZEntries) },
        },
      },
      (request, reply) => answerEntries(reply, actorOf(request).tenantId, request.query.codeType),
    );

    app.post(
      '/drsystem/commonCode/getCodeGroupList',
      {
        config: { access: access.login() },
        schema: {
          tags: lookupTags,
          summary: 'Entries of several code types grouped by code type',
          querystring: ts,
          body: z.object({ codeTypes: z.array(codeTypeParam).max(100) }),
          response: { 200: ZEnvelope(z.record(z.string(), ZEntries)) },
        },
      },
      async (request) =>
        ok(await groupCodes(p, { tenantId: actorOf(request).tenantId, codeTypes: request.body.codeTypes })),
    );

    app.post(
      '/drsystem/commonCode/getCodeList',
      {
        config: { access: access.login() },
        schema: {
          tags: lookupTags,
          summary: 'Entries of one code type',
          querystring: ts,
          body: z.object({ codeType: codeTypeParam }),
          response: { 200: ZEnvelope(ZEntries) },
        },
      },
      (request, reply) => answerEntries(reply, actorOf(request).tenantId, request.body.codeType),
    );

    app.get(
      '/drsystem/sysDict/queryDictByType/:type',
      {
        config: { access: access.login() },
        schema: {
          tags: lookupTags,
          summary: 'Entries of one system dictionary type',
          params: z.object({ type: codeTypeParam }),
          querystring: ts,
          response: { 200: ZEnvelope(ZEntries) },
        },
      },
      (request, reply) => answerEntries(reply, actorOf(request).tenantId, request.params.type),
    );

    app.post(
      '/oauth/enums',
      {
        config: { access: access.login() },
        schema: {
          tags: lookupTags,
          summary: 'Enumerations by name (every code table when enums is empty or missing)',
          querystring: ts,
          body: z
            .object({ enums: z.array(codeTypeParam).max(100).optional() })
            .nullish()
            .transform((v) => v ?? {}),
          response: { 200: ZEnvelope(z.record(z.string(), z.array(ZEnumItem))) },
        },
      },
      async (request) =>
        ok(await enumsOf(p, { tenantId: actorOf(request).tenantId, names: request.body.enums ?? [] })),
    );

    app.get(
      '/drsystem/ldaddress/getAddressByUpCode/:code',
      {
        config: { access: access.login() },
        schema: {
          tags: lookupTags,
          summary: "Children of an area; '0' gives the continents",
          params: z.object({ code: areaCode }),
          querystring: ts,
          response: { 200: ZEnvelope(z.array(ZArea)) },
        },
      },
      async (request) =>
        ok(await areaChildren(p, { tenantId: actorOf(request).tenantId, upCode: request.params.code })),
    );

    app.get(
      '/drsystem/ldaddress/getProvinceCityCounty/:code',
      {
        config: { access: access.login() },
        schema: {
          tags: lookupTags,
          summary:
            'The province, city and district chain ending at a Chinese division code ([] for other codes)',
          params: z.object({ code: areaCode }),
          querystring: ts,
          response: { 200: ZEnvelope(z.array(ZArea)) },
        },
      },
      async (request) =>
        ok(await areaChain(p, { tenantId: actorOf(request).tenantId, code: request.params.code })),
    );

    app.get(
      '/drsystem/providerTask/getDeptList',
      {
        config: { access: access.login() },
        schema: {
          tags: lookupTags,
          summary: 'Departments whose code, Chinese or English name contains deptName (all when empty)',
          querystring: ts.extend({ deptName: keyword }),
          response: { 200: ZEnvelope(z.array(ZDepartment)) },
        },
      },
      async (request) =>
        ok(
          await searchDepartments(p, {
            tenantId: actorOf(request).tenantId,
            keyword: request.query.deptName,
          }),
        ),
    );

    app.get(
      '/drsystem/providerTask/getBankName',
      {
        config: { access: access.login() },
        schema: {
          tags: lookupTags,
          summary: 'Banks whose name or code contains bankName; input containing | or ^ finds nothing',
          querystring: ts.extend({ bankName: keyword }),
          response: { 200: ZEnvelope(z.array(ZBank)) },
        },
      },
      async (request) =>
        ok(await searchBanks(p, { tenantId: actorOf(request).tenantId, keyword: request.query.bankName })),
    );

    // ----- dictionary administration ---------------------------------------------------

    app.post(
      '/authority/dictionary/page',
      {
        config: { access: access.permission(DICTIONARY_PERMISSIONS.view) },
        schema: {
          tags: adminTags,
          summary: 'A page of dictionary entries (model: codeType exact, code and name contain)',
          querystring: ts,
          body: ZDictionaryPageBody,
          response: { 200: ZEnvelope(ZPageOf(ZDictionaryRecord)) },
        },
      },
      async (request) => ok(await pageDictionaryEntries(p, { actor: actorOf(request), ...request.body })),
    );

    app.post(
      '/authority/dictionary',
      {
        config: { access: access.permission(DICTIONARY_PERMISSIONS.add) },
        schema: {
          tags: adminTags,
          summary: 'Adds an entry to a code table or dictionary (outpatients: a department)',
          querystring: ts,
          body: ZDictionaryEntryInput,
          response: { 200: ZEnvelope(ZDictionaryRecord) },
        },
      },
      async (request) =>
        ok(
          await addDictionaryEntry(p, {
            actor: actorOf(request),
            requestId: request.id,
            input: request.body,
          }),
        ),
    );

    app.put(
      '/authority/dictionary',
      {
        config: { access: access.permission(DICTIONARY_PERMISSIONS.edit) },
        schema: {
          tags: adminTags,
          summary:
            'Edits an entry; code-table entries keep their code (40024) and no further validation runs',
          querystring: ts,
          body: ZDictionaryEntryUpdate,
          response: { 200: ZEnvelope(ZDictionaryRecord) },
        },
      },
      async (request) =>
        ok(
          await updateDictionaryEntry(p, {
            actor: actorOf(request),
            requestId: request.id,
            input: request.body,
          }),
        ),
    );

    app.delete(
      '/authority/dictionary',
      {
        config: { access: access.permission(DICTIONARY_PERMISSIONS.delete) },
        schema: {
          tags: adminTags,
          summary:
            'Deletes entries by id (a list or {ids}); refused when one belongs to a code table (40024)',
          querystring: ts,
          body: ZIdList,
          response: { 200: ZEnvelope(ZDeleted) },
        },
      },
      async (request) =>
        ok(
          await deleteDictionaryEntries(p, {
            actor: actorOf(request),
            requestId: request.id,
            ids: request.body,
          }),
        ),
    );

    for (const url of ['/authority/dictionary/type/page', '/authority/dictionary/pageType']) {
      app.post(
        url,
        {
          config: { access: access.permission(DICTIONARY_PERMISSIONS.view) },
          schema: {
            tags: adminTags,
            summary: 'A page of code types with their entry counts',
            querystring: ts,
            body: ZDictionaryTypePageBody,
            response: { 200: ZEnvelope(ZPageOf(ZDictionaryTypeRecord)) },
          },
        },
        async (request) => ok(await pageDictionaryTypes(p, { actor: actorOf(request), ...request.body })),
      );
    }

    app.post(
      '/authority/dictionary/type',
      {
        config: { access: access.permission(DICTIONARY_PERMISSIONS.add) },
        schema: {
          tags: adminTags,
          summary: 'Adds a code type (01-05 are the area levels and reserved)',
          querystring: ts,
          body: ZDictionaryTypeInput,
          response: { 200: ZEnvelope(ZDictionaryTypeRecord) },
        },
      },
      async (request) =>
        ok(
          await addDictionaryType(p, { actor: actorOf(request), requestId: request.id, input: request.body }),
        ),
    );

    app.put(
      '/authority/dictionary/type',
      {
        config: { access: access.permission(DICTIONARY_PERMISSIONS.edit) },
        schema: {
          tags: adminTags,
          summary: 'Edits a code type (names, order; a dictionary may become a code table, never back)',
          querystring: ts,
          body: ZDictionaryTypeUpdate,
          response: { 200: ZEnvelope(ZDictionaryTypeRecord) },
        },
      },
      async (request) =>
        ok(
          await updateDictionaryType(p, {
            actor: actorOf(request),
            requestId: request.id,
            input: request.body,
          }),
        ),
    );

    app.delete(
      '/authority/dictionary/type',
      {
        config: { access: access.permission(DICTIONARY_PERMISSIONS.delete) },
        schema: {
          tags: adminTags,
          summary: 'Deletes empty dictionary types by id; code tables and outpatients stay',
          querystring: ts,
          body: ZIdList,
          response: { 200: ZEnvelope(ZDeleted) },
        },
      },
      async (request) =>
        ok(
          await deleteDictionaryTypes(p, {
            actor: actorOf(request),
            requestId: request.id,
            ids: request.body,
          }),
        ),
    );

    // ----- area administration ---------------------------------------------------------

    app.post(
      '/authority/area/page',
      {
        config: { access: access.permission(DICTIONARY_PERMISSIONS.areaView) },
        schema: {
          tags: adminTags,
          summary:
            'Finds areas by code prefix or name (either language) and level; browse with getAddressByUpCode',
          querystring: ts,
          body: ZAreaPageBody,
          response: { 200: ZEnvelope(ZPageOf(ZArea)) },
        },
      },
      async (request) => ok(await pageAreas(p, { actor: actorOf(request), ...request.body })),
    );

    app.post(
      '/authority/area',
      {
        config: { access: access.permission(DICTIONARY_PERMISSIONS.areaAdd) },
        schema: {
          tags: adminTags,
          summary: "Adds an area under upCode ('0' for a continent); the level follows the parent's",
          querystring: ts,
          body: ZAreaInput,
          response: { 200: ZEnvelope(ZArea) },
        },
      },
      async (request) =>
        ok(await addArea(p, { actor: actorOf(request), requestId: request.id, input: request.body })),
    );

    app.put(
      '/authority/area',
      {
        config: { access: access.permission(DICTIONARY_PERMISSIONS.areaEdit) },
        schema: {
          tags: adminTags,
          summary: 'Renames an area or changes its order (codes never change)',
          querystring: ts,
          body: ZAreaUpdate,
          response: { 200: ZEnvelope(ZArea) },
        },
      },
      async (request) =>
        ok(await updateArea(p, { actor: actorOf(request), requestId: request.id, input: request.body })),
    );
  };
}
