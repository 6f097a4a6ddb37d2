/**
 * Invoice calls that need no claim batch yet (decision 0041): recognition of an uploaded
 * invoice file for the invoice screen to show for confirmation.
 */

import { bilingual } from '@portal/domain/i18n/bilingual';
import { INVOICE_RECOGNIZE } from '@portal/domain/invoices/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, actorOf } from '../../platform/auth/access.ts';
import { ok, ZEnvelope } from '../../platform/http/envelope.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { closeOcr } from './invoice-ocr.ts';
import { recognizeInvoice } from './invoices.service.ts';

const tags = ['invoices'];
/** Provider staff of a provider with the invoice function on (decision 0027). */
const recognize = { access: access.permission(INVOICE_RECOGNIZE), providerFunction: 'invoice' as const };

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
  };
}
