/**
 * Invoice calls that need no claim batch yet (decision 0041): recognition of an uploaded
 * invoice file for the invoice screen to show for confirmation.
 */

import { bilingual } from '@portal/domain/i18n/bilingual';
import {
  INVOICE_UPLOAD,
  INVOICE_VIEW,
  ZInvoicePage,
  ZInvoicePageBody,
  ZInvoiceSlotDetail,
  ZInvoiceUpload,
} from '@portal/domain/invoices/calls';
import { INVOICE_RECOGNIZE } from '@portal/domain/invoices/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, actorOf } from '../../platform/auth/access.ts';
import { ok, ZEnvelope } from '../../platform/http/envelope.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { closeOcr } from './invoice-ocr.ts';
import { listSlots, slotDetail, uploadInvoices } from './invoice-slots.service.ts';
import { recognizeInvoice } from './invoices.service.ts';

const tags = ['invoices'];
/** Provider staff of a provider with the invoice function on (decision 0027). */
const recognize = { access: access.permission(INVOICE_RECOGNIZE), providerFunction: 'invoice' as const };
const view = { access: access.permission(INVOICE_VIEW), providerFunction: 'invoice' as const };
const upload = { access: access.permission(INVOICE_UPLOAD), providerFunction: 'invoice' as const };
const ZIdParams = z.object({ id: z.uuid() });

const ZRecognition = z.object({
  invoiceNo: z.string(),
  invoiceCode: z
    .string()
    .nullable()
    .describe('10 or 12 digits on older VAT invoices; null on 20-digit e-invoices'),
  amount: z.string().describe('the total, 2 decimals'),
  currency: z.string().nullable().describe('ISO 4217, when printed (CNY for Chinese VAT invoices)'),
  source: z.enum(['pdf-text', 'ocr']),
  confidence: z.number().describe('0-1'),
  matched: z.array(
    z.object({
      field: z.enum(['invoiceNo', 'invoiceCode', 'amount']),
      text: z.string().describe('the line the value was read from'),
      by: z.enum(['label', 'shape']),
    }),
  ),
});

export function invoicesRoutes(p: TPlatform): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onClose', closeOcr);

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
          response: { 200: ZEnvelope(ZRecognition) },
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
  };
}
