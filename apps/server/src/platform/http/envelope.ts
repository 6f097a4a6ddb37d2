import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/** The answer every JSON route returns (ARCHITECTURE.md, API conventions). */
export interface TEnvelope<T> {
  isSuccess: boolean;
  code: number;
  msg: string;
  msg_en: string;
  data: T;
}

/** A success envelope around `data`. */
export function ok<T>(data: T, msg = '成功', msgEn = 'Success'): TEnvelope<T> {
  return { isSuccess: true, code: 0, msg, msg_en: msgEn, data };
}

/** Zod schema of an envelope carrying `data`; used as the route's 200 response schema. */
export function ZEnvelope<T extends z.ZodType>(data: T) {
  return z.object({
    isSuccess: z.boolean(),
    code: z.number().int(),
    msg: z.string(),
    msg_en: z.string(),
    data,
  });
}

/**
 * The success envelope of `data` as the route's own serializer writes it (the compiled writer,
 * checked against the zod schema in tests), for a route that keeps its written answer.
 */
export function writeOk(reply: FastifyReply, data: unknown): string {
  return String(reply.serialize(ok(data)));
}

/**
 * Sends an answer already written by `writeOk`, for a route that keeps its written answer:
 * Fastify sends a JSON string as it is.
 */
export function sendWritten(reply: FastifyReply, text: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(text);
}

/**
 * Answers written once and then sent as kept text, for routes whose answer depends only on a
 * value a cache holds and a small key (a code type, the roles deciding a tree). The cached
 * value is replaced, never changed, when its source changes, so the texts are kept in a
 * `WeakMap` on it and go with it; past `max` keys for one value, its texts are dropped.
 */
export function writtenAnswers<V extends object>(max: number) {
  const texts = new WeakMap<V, Map<string, string>>();
  return (value: V, key: string, write: () => string): string => {
    let written = texts.get(value);
    if (!written) {
      written = new Map();
      texts.set(value, written);
    }
    const known = written.get(key);
    if (known !== undefined) return known;
    const text = write();
    if (written.size >= max) written.clear();
    written.set(key, text);
    return text;
  };
}
