/**
 * Claim accounting calls (spec section 7, decision 0045), under /saasapi/claim/acc: the spec's
 * getByType, payBill, reconciliation, payMonth/handMonth bills and their items, plus what the
 * screens need (payable lines, build, cancel, confirm, reconcile, dispute, resolve, remittance
 * advice, the finance export, the home board's figures). Both sides read with claim:acc:view
 * (provider staff: their own provider's confirmed batches); operators build, confirm and resolve;
 * provider staff reconcile.
 */
import {
  ACC_BUILD,
  ACC_CONFIRM,
  ACC_RECONCILE,
  ACC_RESOLVE,
  ACC_VIEW,
  ZAccDashboard,
  ZAccOption,
  ZDispute,
  ZGetByType,
  ZHandMonthBillPage,
  ZHandMonthItemQuery,
  ZHandMonthItems,
  ZMonthBillBody,
  ZMonthExportBody,
  ZPayable,
  ZPayableQuery,
  ZPayBatchPage,
  ZPayBillCancel,
  ZPayBillConfirm,
  ZPayBillListBody,
  ZPayBillSave,
  ZPayDetail,
  ZPayMonthBillPage,
  ZPayMonthItemQuery,
  ZPayMonthItems,
  ZReconcile,
  ZResolve,
} from '@portal/domain/accounting/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, actorOf } from '../../platform/auth/access.ts';
import { ok, ZEnvelope } from '../../platform/http/envelope.ts';
import { attachment, sendFile } from '../../platform/http/xlsx-export.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { PDF_TYPE } from '../appointments/appointments.documents.ts';
import {
  handMonthItems,
  listHandMonthBills,
  listPayMonthBills,
  monthBillExport,
  payMonthItems,
} from './accounting.bills.ts';
import { remittancePdf, remittanceXlsx } from './accounting.documents.ts';
import {
  buildPayBatch,
  cancelPayBatch,
  confirmPayBatch,
  disputeItem,
  reconcileItems,
  resolveDispute,
} from './accounting.lifecycle.ts';
import {
  accDashboard,
  accOptions,
  listPayBatches,
  payableFor,
  payBatchDetail,
} from './accounting.service.ts';

const tags = ['accounting'];
/** Provider staff reach these as part of contracted direct billing (decision 0027). */
const view = { access: access.permission(ACC_VIEW), providerFunction: 'contract' as const };
const build = { access: access.permission(ACC_BUILD) };
const confirm = { access: access.permission(ACC_CONFIRM) };
const resolve = { access: access.permission(ACC_RESOLVE) };
const reconcile = { access: access.permission(ACC_RECONCILE), providerFunction: 'contract' as const };
const ZDetailAnswer = ZEnvelope(ZPayDetail);
const ZBatchNoQuery = z.object({
  payBatchNo: z.string().trim().min(1).max(32),
  ts: z.string().optional(),
});

export function accountingRoutes(p: TPlatform): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/claim/acc/getByType',
      {
        config: view,
        schema: {
          tags,
          summary:
            'The options of a finance filter or form: payStatus, reconcileStatus, itemStatus, disputeReason, resolution, currency (the currency code table) or provider (providers with approved claims or payments: those named by codes and code first, then up to limit (default 50, at most 100) whose id or name contains keyword; provider staff: their own)',
          querystring: ZGetByType,
          response: { 200: ZEnvelope(z.array(ZAccOption)) },
        },
      },
      async (request) => ok(await accOptions(p, { actor: actorOf(request), ...request.query })),
    );

    app.post(
      '/claim/acc/payBill',
      {
        config: view,
        schema: {
          tags,
          summary:
            "The payment list: a page of payment batches, newest first (provider staff: their provider's confirmed batches)",
          body: ZPayBillListBody,
          response: { 200: ZEnvelope(ZPayBatchPage) },
        },
      },
      async (request) => {
        const { current, size, model } = request.body;
        return ok(await listPayBatches(p, { actor: actorOf(request), current, size, filter: model }));
      },
    );

    app.get(
      '/claim/acc/payable',
      {
        config: build,
        schema: {
          tags,
          summary:
            'A page of what a new payment batch of the provider may take: its approved claim lines whose invoice is uploaded and something is left to pay (filter: claim currency, claim batch number), with payable, paid, held and outstanding amounts; the count and outstanding sums of every matching line; what still waits for invoices',
          querystring: ZPayableQuery,
          response: { 200: ZEnvelope(ZPayable) },
        },
      },
      async (request) => ok(await payableFor(p, { actor: actorOf(request), filter: request.query })),
    );

    app.post(
      '/claim/acc/payBill/save',
      {
        config: build,
        schema: {
          tags,
          summary:
            'Builds a payment batch (to be confirmed) for one provider and invoice currency: each claim line at most its outstanding amount, other currencies at the rates given (half up to the cent per line)',
          body: ZPayBillSave,
          response: { 200: ZDetailAnswer },
        },
      },
      async (request) =>
        ok(await buildPayBatch(p, { actor: actorOf(request), requestId: request.id, input: request.body })),
    );

    app.post(
      '/claim/acc/payBill/cancel',
      {
        config: build,
        schema: {
          tags,
          summary: 'Cancels a payment batch still to be confirmed; its claim lines are free again',
          body: ZPayBillCancel,
          response: { 200: ZDetailAnswer },
        },
      },
      async (request) =>
        ok(await cancelPayBatch(p, { actor: actorOf(request), requestId: request.id, ...request.body })),
    );

    app.post(
      '/claim/acc/payBill/confirm',
      {
        config: confirm,
        schema: {
          tags,
          summary:
            'Confirms that a payment batch was paid (paid date, bank reference): to be confirmed -> confirmed, to be reconciled by the provider',
          body: ZPayBillConfirm,
          response: { 200: ZDetailAnswer },
        },
      },
      async (request) =>
        ok(await confirmPayBatch(p, { actor: actorOf(request), requestId: request.id, input: request.body })),
    );

    app.get(
      '/claim/acc/reconciliation',
      {
        config: view,
        schema: {
          tags,
          summary:
            'One payment batch with its lines (claim and invoice currency amounts, reconciliation) and history',
          querystring: ZBatchNoQuery,
          response: { 200: ZDetailAnswer },
        },
      },
      async (request) =>
        ok(await payBatchDetail(p, { actor: actorOf(request), payBatchNo: request.query.payBatchNo })),
    );

    app.post(
      '/claim/acc/reconciliation/reconcile',
      {
        config: reconcile,
        schema: {
          tags,
          summary:
            'The provider reconciles lines of a confirmed batch; the batch is reconciled once every line is reconciled or resolved',
          body: ZReconcile,
          response: { 200: ZDetailAnswer },
        },
      },
      async (request) =>
        ok(await reconcileItems(p, { actor: actorOf(request), requestId: request.id, input: request.body })),
    );

    app.post(
      '/claim/acc/reconciliation/dispute',
      {
        config: reconcile,
        schema: {
          tags,
          summary:
            'The provider disputes one line of a confirmed batch with a reason; it goes back to the operator',
          body: ZDispute,
          response: { 200: ZDetailAnswer },
        },
      },
      async (request) =>
        ok(await disputeItem(p, { actor: actorOf(request), requestId: request.id, input: request.body })),
    );

    app.post(
      '/claim/acc/reconciliation/resolve',
      {
        config: resolve,
        schema: {
          tags,
          summary:
            'The operator resolves a disputed line: the difference is upheld (payable again, for the next batch) or the payment stands',
          body: ZResolve,
          response: { 200: ZDetailAnswer },
        },
      },
      async (request) =>
        ok(await resolveDispute(p, { actor: actorOf(request), requestId: request.id, input: request.body })),
    );

    app.get(
      '/claim/acc/remittance/pdf',
      {
        config: view,
        schema: {
          tags,
          summary: 'The remittance advice of a batch as a bilingual PDF',
          querystring: ZBatchNoQuery,
        },
      },
      async (request, reply) => {
        const { fileName, body } = await remittancePdf(p, {
          actor: actorOf(request),
          payBatchNo: request.query.payBatchNo,
        });
        return reply
          .header('content-type', PDF_TYPE)
          .header('content-disposition', attachment(fileName))
          .header('cache-control', 'private, no-store')
          .send(body);
      },
    );

    app.get(
      '/claim/acc/remittance/xlsx',
      {
        config: view,
        schema: {
          tags,
          summary: 'The remittance advice of a batch as .xlsx (bilingual headers)',
          querystring: ZBatchNoQuery,
        },
      },
      async (request, reply) =>
        sendFile(
          request,
          reply,
          await remittanceXlsx(p, { actor: actorOf(request), payBatchNo: request.query.payBatchNo }),
        ),
    );

    app.post(
      '/claim/acc/handMonth/bill',
      {
        config: view,
        schema: {
          tags,
          summary:
            'Monthly bills by handling month (claims approved or adjusted in the month), per provider and invoice currency: claims, payable, paid, outstanding; with the sums of the filter',
          body: ZMonthBillBody,
          response: { 200: ZEnvelope(ZHandMonthBillPage) },
        },
      },
      async (request) => {
        const { current, size, model } = request.body;
        return ok(await listHandMonthBills(p, { actor: actorOf(request), current, size, filter: model }));
      },
    );

    app.post(
      '/claim/acc/payMonth/bill',
      {
        config: view,
        schema: {
          tags,
          summary:
            'Monthly bills by paid month (confirmed batches by paid date), per provider and invoice currency: batches, claims, paid, reconciled, to reconcile; with the sums of the filter',
          body: ZMonthBillBody,
          response: { 200: ZEnvelope(ZPayMonthBillPage) },
        },
      },
      async (request) => {
        const { current, size, model } = request.body;
        return ok(await listPayMonthBills(p, { actor: actorOf(request), current, size, filter: model }));
      },
    );

    app.get(
      '/claim/acc/handMonthItem/bill',
      {
        config: view,
        schema: {
          tags,
          summary: 'One handling-month bill (handMonth, providerId, invoiceCurrency) and a page of its items',
          querystring: ZHandMonthItemQuery,
          response: { 200: ZEnvelope(ZHandMonthItems) },
        },
      },
      async (request) => {
        const q = request.query;
        return ok(
          await handMonthItems(p, {
            actor: actorOf(request),
            month: q.handMonth,
            providerId: q.providerId,
            currency: q.invoiceCurrency,
            current: q.current,
            size: q.size,
          }),
        );
      },
    );

    app.get(
      '/claim/acc/payMonthItem/bill',
      {
        config: view,
        schema: {
          tags,
          summary: 'One paid-month bill (paidMoth, providerId, invoiceCurrency) and a page of its items',
          querystring: ZPayMonthItemQuery,
          response: { 200: ZEnvelope(ZPayMonthItems) },
        },
      },
      async (request) => {
        const q = request.query;
        return ok(
          await payMonthItems(p, {
            actor: actorOf(request),
            month: q.paidMoth,
            providerId: q.providerId,
            currency: q.invoiceCurrency,
            current: q.current,
            size: q.size,
          }),
        );
      },
    );

    for (const kind of ['hand', 'pay'] as const) {
      app.post(
        `/claim/acc/${kind}Month/bill/export`,
        {
          config: view,
          schema: {
            tags,
            summary: `The items of the ${kind === 'hand' ? 'handling' : 'paid'}-month bills of the filter for the finance system (.xlsx or .csv; columns in decision 0045)`,
            body: ZMonthExportBody,
          },
        },
        async (request, reply) =>
          sendFile(
            request,
            reply,
            monthBillExport(p, {
              actor: actorOf(request),
              kind,
              filter: request.body.model,
              format: request.body.format,
              lang: request.lang,
            }),
          ),
      );
    }

    app.get(
      '/claim/acc/dashboard',
      {
        config: view,
        schema: {
          tags,
          summary:
            'Finance figures of the home board: operators see claims awaiting audit, payments awaiting confirmation and amounts outstanding by currency; providers what is to reconcile and paid this month',
          querystring: z.object({ ts: z.string().optional() }),
          response: { 200: ZEnvelope(ZAccDashboard) },
        },
      },
      async (request) => ok(await accDashboard(p, { actor: actorOf(request) })),
    );
  };
}
