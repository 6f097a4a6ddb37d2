import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

export type TSerializerOptions = {
  /**
   * Also check every response against its zod schema, fail the way the zod serializer does,
   * and fail when the compiled writer's JSON differs from zod's. On in tests, so a handler
   * that returns the wrong shape still fails loudly there and every server test proves the
   * two writers agree; off in production, where the compiled writer alone runs.
   */
  verify: boolean;
};

/**
 * Turns a route's zod response schema into JSON Schema once, at start, and compiles it with
 * fast-json-stringify (Fastify's own serializer): responses are written by generated code
 * instead of being parsed by zod on every request. The OpenAPI document is built from the
 * zod schemas separately and does not change.
 */
export function compiledSerializerCompiler(
  options: TSerializerOptions,
): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    const write = fastJson(responseJsonSchema(schema) as unknown as Parameters<typeof fastJson>[0]);
    if (!options.verify) return write;
    return (data: unknown) => {
      const checked = z.safeEncode(schema, data);
      if (checked.error) throw new ResponseSerializationError(method, url, { cause: checked.error });
      const written = write(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(JSON.stringify(checked.data)))) {
        throw new Error(`The compiled response writer of ${method} ${url} differs from zod: ${written}`);
      }
      return written;
    };
  };
}

/** The JSON Schema of what a handler sends: the output side of the schema, every ref local. */
export function responseJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' });
  delete json.$schema;
  return json;
}
