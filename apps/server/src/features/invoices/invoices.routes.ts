/**
 * Invoice calls: recognition of an uploaded invoice file for the screen to show for confirmation
 * (decision 0041), the two tabs, detail and upload of invoices on approved claim batches (0044),
 * the batch upload to several batches and the operator's invoice title (0048).
 */

import { bilingual } from '@portal/domain/i18n/bilingual';
import {
  INVOICE_UPLOAD,
  INVOICE_VIEW,
  ZInvoiceBatchUpload,
  ZInvoiceBatchUploadResult,
  ZInvoicePage,
  ZInvoicePageBody,
  ZInvoiceRecognition,
  ZInvoiceSlotDetail,
  ZInvoiceUpload,
} from '@portal/domain/invoices/calls';
import { INVOICE_BIZ_TYPE, INVOICE_RECOGNIZE } from '@portal/domain/invoices/rules';
import {
  INVOICE_TITLE_EDIT,
  ZGenerateTitlesBody,
  ZGenerateTitlesResult,
  ZInvoiceTitle,
  ZInvoiceTitleBody,
} from '@portal/domain/invoices/title';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, actorOf } from '../../platform/auth/access.ts';
import { ok, ZEnvelope } from '../../platform/http/envelope.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { registerBizAccess } from '../files/files.service.ts';
import { closeOcr } from './invoice-ocr.ts';
import { listSlots, slotDetail, slotVisible } from './invoice-slots.service.ts';
import { generateInvoiceTitles, invoiceTitle, setInvoiceTitle } from './invoice-title.service.ts';
import { uploadInvoiceBatch, uploadInvoices } from './invoice-upload.service.ts';
import { recognizeInvoice } from './invoices.service.ts';

const tags = ['invoices'];
/** Provider staff of a provider with the invoice function on (decision 0027). */
const recognize = { access: access.permission(INVOICE_RECOGNIZE), providerFunction: 'invoice' as const };
const view = { access: access.permission(INVOICE_VIEW), providerFunction: 'invoice' as const };
const upload = { access: access.permission(INVOICE_UPLOAD), providerFunction: 'invoice' as const };
const titleEdit = { access: access.permission(INVOICE_TITLE_EDIT) };
const ZIdParams = z.object({ id: z.uuid() });

export function invoicesRoutes(p: TPlatform): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onClose', closeOcr);
    // An invoice's file is seen by whoever sees its batch to invoice.
    registerBizAccess(INVOICE_BIZ_TYPE, (platform, { actor, bizId }) =>
      slotVisible(platform, { actor, id: bizId }),
    );

    app.post(
      '/invoice/recognize',
      {
        config: recognize,
        schema: {
          tags,
          summary:
            'Recognise the invoice number, code, total and currency of an uploaded invoice file (jpg, jpeg, png, pdf under 4 MB); PDFs by their text layer, pictures by OCR',
          body: z.object({
            fileId: z.uuid(bilingual('文件编号格式不正确', 'Incorrect file id')),
            ts: z.string().optional(),
          }),
          response: { 200: ZEnvelope(ZInvoiceRecognition) },
        },
      },
      async (request) =>
        ok(await recognizeInvoice(p, { actor: actorOf(request), fileId: request.body.fileId })),
    );

    app.post(
      '/invoice/page',
      {
        config: view,
        schema: {
          tags,
          summary:
            'A page of one invoice tab (1 to be uploaded, 2 uploaded): approved claim batches of the provider (operators: every provider), newest first',
          body: ZInvoicePageBody,
          response: { 200: ZEnvelope(ZInvoicePage) },
        },
      },
      async (request) => ok(await listSlots(p, { actor: actorOf(request), body: request.body })),
    );

    app.get(
      '/invoice/detail/:id',
      {
        config: view,
        schema: {
          tags,
          summary: 'One approved batch to invoice: payable total, invoice title, and the invoices uploaded',
          params: ZIdParams,
          querystring: z.object({ ts: z.string().optional() }),
          response: { 200: ZEnvelope(ZInvoiceSlotDetail) },
        },
      },
      async (request) => ok(await slotDetail(p, { actor: actorOf(request), id: request.params.id })),
    );

    app.post(
      '/invoice/upload/:id',
      {
        config: upload,
        schema: {
          tags,
          summary:
            "Uploads one or several invoices (uploaded files with the confirmed number and amount) that together cover the batch's payable total; the batch moves to uploaded",
          params: ZIdParams,
          body: ZInvoiceUpload,
          response: { 200: ZEnvelope(ZInvoiceSlotDetail) },
        },
      },
      async (request) =>
        ok(await uploadInvoices(p, { actor: actorOf(request), id: request.params.id, input: request.body })),
    );

    app.post(
      '/invoice/uploadBatch',
      {
        config: upload,
        schema: {
          tags,
          summary:
            'Uploads the invoices of several approved batches at once (1-20 batches, 50 invoices in all), each covering its own payable total; all are saved or none, and an error names its batch (data.slotId, data.batchNo)',
          body: ZInvoiceBatchUpload,
          response: { 200: ZEnvelope(ZInvoiceBatchUploadResult) },
        },
      },
      async (request) => ok(await uploadInvoiceBatch(p, { actor: actorOf(request), input: request.body })),
    );

    app.get(
      '/invoice/title',
      {
        config: view,
        schema: {
          tags,
          summary:
            "The invoice title providers print (the tenant's names and taxpayer number) and how many batches to be uploaded have none yet",
          querystring: z.object({ ts: z.string().optional() }),
          response: { 200: ZEnvelope(ZInvoiceTitle) },
        },
      },
      async (request) => ok(await invoiceTitle(p, { actor: actorOf(request) })),
    );

    app.put(
      '/invoice/title',
      {
        config: titleEdit,
        schema: {
          tags,
          summary:
            "Sets the tenant's taxpayer number (an 18-character unified social credit code) that batches approved from now on carry; operators only",
          body: ZInvoiceTitleBody,
          response: { 200: ZEnvelope(ZInvoiceTitle) },
        },
      },
      async (request) =>
        ok(
          await setInvoiceTitle(p, {
            actor: actorOf(request),
            requestId: request.id,
            taxNo: request.body.taxNo,
          }),
        ),
    );

    app.post(
      '/invoice/title/generate',
      {
        config: titleEdit,
        schema: {
          tags,
          summary:
            'Generates the invoice title onto the batches to be uploaded that have none (all, or the ids given); 409 40995 while the tenant has no taxpayer number',
          body: ZGenerateTitlesBody,
          response: { 200: ZEnvelope(ZGenerateTitlesResult) },
        },
      },
      async (request) =>
        ok(
          await generateInvoiceTitles(p, {
            actor: actorOf(request),
            requestId: request.id,
            ids: request.body.ids,
          }),
        ),
    );
  };
}
