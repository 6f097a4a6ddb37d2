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
 * checked against the zod schema in tests), in UTF-8, for a route that keeps its written answer.
 * Kept as bytes, not as text: every envelope holds Chinese ("成功"), so the text is a two-byte
 * string that Node would measure and encode to UTF-8 again on every send, with the head of the
 * answer joined to it (a quarter of a cached lookup's own instructions; docs/performance.md).
 */
export function writeOk(reply: FastifyReply, data: unknown): Buffer {
  return Buffer.from(String(reply.serialize(ok(data))));
}

/**
 * Sends an answer already written by `writeOk`, for a route that keeps its written answer:
 * Fastify sends the bytes as they are.
 */
export function sendWritten(reply: FastifyReply, bytes: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(bytes);
}

/**
 * Answers written once and then sent as kept bytes, for routes whose answer depends only on a
 * value a cache holds and a small key (a code type, the roles deciding a tree). The cached
 * value is replaced, never changed, when its source changes, so the answers are kept in a
 * `WeakMap` on it and go with it; past `max` keys for one value, its answers are dropped.
 */
export function writtenAnswers<V extends object>(max: number) {
  const answers = new WeakMap<V, Map<string, Buffer>>();
  return (value: V, key: string, write: () => Buffer): Buffer => {
    let written = answers.get(value);
    if (!written) {
      written = new Map();
      answers.set(value, written);
    }
    const known = written.get(key);
    if (known !== undefined) return known;
    const bytes = write();
    if (written.size >= max) written.clear();
    written.set(key, bytes);
    return bytes;
  };
}
