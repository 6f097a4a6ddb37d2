/**
 * SMS gateways (decision 0034): one interface, a `log` adapter for development and the Aliyun
 * SMS API (dysmsapi, SendSms, RPC signature version 1.0). The outbox job decides about
 * retries from what `send` answers; an adapter never retries by itself.
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
  | { ok: true; messageId: string }
  /** retryable: the gateway surely did not take the message (5xx, throttling, no connection). */
  | { ok: false; retryable: boolean; error: string };

export interface TSmsGateway {
  readonly name: string;
  send(message: TSmsMessage): Promise<TSmsResult>;
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
      return { ok: true, messageId: `log-${message.id}` };
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

/** Aliyun SMS: one SendSms per recipient, the rendered text as the value of one template variable. */
export function createAliyunGateway(
  config: NonNullable<TSmsConfig['aliyun']>,
  signName: string,
  timeoutMs: number,
): TSmsGateway {
  return {
    name: 'aliyun',
    async send(message) {
      const params: Record<string, string> = {
        AccessKeyId: config.accessKeyId,
        Action: 'SendSms',
        Format: 'JSON',
        OutId: message.id,
        PhoneNumbers: message.phone,
        RegionId: config.region,
        SignName: signName,
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: randomUUID(),
        SignatureVersion: '1.0',
        TemplateCode: config.templateCode,
        TemplateParam: JSON.stringify({ [config.templateParam]: message.text }),
        Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
        Version: '2017-05-25',
      };
      const url = `${config.endpoint.replace(/\/+$/, '')}/?${signAliyunQuery(params, config.accessKeySecret)}`;
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
