/**
 * SMS gateways (decision 0034): one interface, a `log` adapter for development and the Aliyun
 * SMS API (dysmsapi, SendSms and QuerySendDetails, RPC signature version 1.0). The outbox job
 * decides about retries from what `send` answers, the receipt job (decision 0035) about further
 * receipt queries; an adapter never retries by itself.
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { TSmsConfig } from '../../platform/config.ts';

export interface TSmsMessage {
  /** The outbox row's id: the idempotency key of this message (Aliyun's OutId). */
  id: string;
  /** 11-digit mainland mobile number. */
  phone: string;
  text: string;
}

export type TSmsResult =
  /** delivered: the adapter knows at once that it arrived (the log adapter); else a receipt is awaited. */
  | { ok: true; messageId: string; delivered?: boolean }
  /** retryable: the gateway surely did not take the message (5xx, throttling, no connection). */
  | { ok: false; retryable: boolean; error: string };

/** What the receipt job asks about one sent message (decision 0035). */
export interface TSmsReceiptQuery {
  /** The outbox row's id (Aliyun's OutId). */
  id: string;
  phone: string;
  /** The gateway's id of the sent message (Aliyun's BizId). */
  messageId: string;
  sentAt: Date;
}

export type TSmsReceipt =
  | { state: 'delivered'; at: Date | null }
  | { state: 'undelivered'; reason: string; at: Date | null }
  /** The gateway has no receipt yet. */
  | { state: 'waiting' }
  /** The query itself failed (unreachable, throttled, refused): ask again later. */
  | { state: 'error'; error: string };

export interface TSmsGateway {
  readonly name: string;
  send(message: TSmsMessage): Promise<TSmsResult>;
  /** Absent: the adapter gets no receipts (its sends answer `delivered` or nothing). */
  queryReceipt?(query: TSmsReceiptQuery): Promise<TSmsReceipt>;
}

/** Writes each SMS to the log and reports it sent: development only, never the default in production. */
export function createLogGateway(log: FastifyBaseLogger, signName: string): TSmsGateway {
  return {
    name: 'log',
    async send(message) {
      log.info(
        { sms: { id: message.id, phone: message.phone, signName, text: message.text } },
        'sms (log adapter)',
      );
      // Nothing leaves the machine: the log is its destination, reached at once.
      return { ok: true, messageId: `log-${message.id}`, delivered: true };
    },
  };
}

/** Aliyun's percent-encoding (RFC 3986: space %20, * %2A, ~ kept, !'() encoded). */
export function aliyunPercentEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** The signed query of an Aliyun RPC call (signature method HMAC-SHA1, version 1.0). */
export function signAliyunQuery(
  params: Record<string, string>,
  accessKeySecret: string,
  method = 'GET',
): string {
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${aliyunPercentEncode(k)}=${aliyunPercentEncode(params[k])}`)
    .join('&');
  const stringToSign = `${method}&${aliyunPercentEncode('/')}&${aliyunPercentEncode(canonical)}`;
  const signature = createHmac('sha1', `${accessKeySecret}&`).update(stringToSign).digest('base64');
  return `Signature=${aliyunPercentEncode(signature)}&${canonical}`;
}

/** Aliyun answers that mean 'not taken, try later'. */
const ALIYUN_RETRYABLE =
  /^(isv\.BUSINESS_LIMIT_CONTROL|Throttling.*|ServiceUnavailable|InternalError|isp\.SYSTEM_ERROR)$/;
/** Connection failures before a request reached the gateway: safe to retry. */
const NOT_REACHED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
  'EHOSTUNREACH',
]);

/** Aliyun's date of a send (yyyyMMdd, China time), which QuerySendDetails asks for. */
export function aliyunSendDate(at: Date): string {
  const china = new Date(at.getTime() + 8 * 60 * 60 * 1000);
  return china.toISOString().slice(0, 10).replaceAll('-', '');
}

/** Aliyun's receipt times ('2026-11-25 10:00:00', China time) as an instant; null when absent or unreadable. */
function aliyunTime(value: unknown): Date | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value)) return null;
  const at = new Date(`${value.replace(' ', 'T')}+08:00`);
  return Number.isNaN(at.getTime()) ? null : at;
}

interface TAliyunSendDetail {
  OutId?: string;
  PhoneNum?: string;
  /** 1 waiting for the receipt, 2 failed, 3 delivered. */
  SendStatus?: number;
  ErrCode?: string;
  ReceiveDate?: string;
}

/** Aliyun SMS: one SendSms per recipient, the rendered text as the value of one template variable. */
export function createAliyunGateway(
  config: NonNullable<TSmsConfig['aliyun']>,
  signName: string,
  timeoutMs: number,
): TSmsGateway {
  const common = () => ({
    AccessKeyId: config.accessKeyId,
    Format: 'JSON',
    RegionId: config.region,
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: randomUUID(),
    SignatureVersion: '1.0',
    Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    Version: '2017-05-25',
  });
  const urlOf = (params: Record<string, string>) =>
    `${config.endpoint.replace(/\/+$/, '')}/?${signAliyunQuery(params, config.accessKeySecret)}`;
  return {
    name: 'aliyun',
    async queryReceipt(query) {
      const url = urlOf({
        ...common(),
        Action: 'QuerySendDetails',
        BizId: query.messageId,
        CurrentPage: '1',
        PageSize: '10',
        PhoneNumber: query.phone,
        SendDate: aliyunSendDate(query.sentAt),
      });
      let response: Response;
      try {
        response = await fetch(url, { method: 'GET', signal: AbortSignal.timeout(timeoutMs) });
      } catch (error) {
        const code = (error as { cause?: { code?: string } }).cause?.code ?? '';
        return { state: 'error', error: `receipt query failed (${code || (error as Error).name})` };
      }
      const raw = await response.text();
      let body: {
        Code?: string;
        Message?: string;
        SmsSendDetailDTOs?: { SmsSendDetailDTO?: TAliyunSendDetail[] };
      } = {};
      try {
        body = JSON.parse(raw);
      } catch {
        // not JSON: reported below
      }
      if (body.Code !== 'OK') {
        const code = body.Code ?? `HTTP ${response.status}`;
        return { state: 'error', error: `${code}: ${body.Message ?? raw.slice(0, 200)}` };
      }
      const details = body.SmsSendDetailDTOs?.SmsSendDetailDTO ?? [];
      // Several sends to one number on one day: the one carrying this row's OutId.
      const detail =
        details.find((d) => d.OutId === query.id) ?? (details.length === 1 ? details[0] : undefined);
      if (!detail || detail.SendStatus === 1) return { state: 'waiting' };
      if (detail.SendStatus === 3) return { state: 'delivered', at: aliyunTime(detail.ReceiveDate) };
      if (detail.SendStatus === 2)
        return {
          state: 'undelivered',
          reason: detail.ErrCode || 'UNKNOWN',
          at: aliyunTime(detail.ReceiveDate),
        };
      return { state: 'error', error: `unexpected SendStatus ${String(detail.SendStatus)}` };
    },
    async send(message) {
      const url = urlOf({
        ...common(),
        Action: 'SendSms',
        OutId: message.id,
        PhoneNumbers: message.phone,
        SignName: signName,
        TemplateCode: config.templateCode,
        TemplateParam: JSON.stringify({ [config.templateParam]: message.text }),
      });
      let response: Response;
      try {
        response = await fetch(url, { method: 'GET', signal: AbortSignal.timeout(timeoutMs) });
      } catch (error) {
        const code = (error as { cause?: { code?: string } }).cause?.code ?? '';
        if (NOT_REACHED.has(code))
          return { ok: false, retryable: true, error: `gateway unreachable (${code})` };
        // Timed out or cut off after the request left: the gateway may have sent it, so no retry.
        const name = (error as Error).name;
        return {
          ok: false,
          retryable: false,
          error: `no answer from the gateway (${name === 'TimeoutError' ? 'timeout' : code || name}); not resent to avoid a duplicate`,
        };
      }
      const raw = await response.text();
      let body: { Code?: string; Message?: string; BizId?: string } = {};
      try {
        body = JSON.parse(raw);
      } catch {
        // not JSON: judged by the status below
      }
      if (response.status >= 500) {
        return {
          ok: false,
          retryable: true,
          error: `HTTP ${response.status} ${body.Code ?? ''} ${body.Message ?? ''}`.trim(),
        };
      }
      if (body.Code === 'OK') return { ok: true, messageId: body.BizId ?? '' };
      const code = body.Code ?? `HTTP ${response.status}`;
      return {
        ok: false,
        retryable: ALIYUN_RETRYABLE.test(code),
        error: `${code}: ${body.Message ?? raw.slice(0, 200)}`,
      };
    },
  };
}

/** The gateway the configuration names; null when SMS is disabled. */
export function createSmsGateway(config: TSmsConfig, log: FastifyBaseLogger): TSmsGateway | null {
  if (config.adapter === 'log') return createLogGateway(log, config.signName);
  if (config.adapter === 'aliyun' && config.aliyun)
    return createAliyunGateway(config.aliyun, config.signName, config.timeoutMs);
  return null;
}
