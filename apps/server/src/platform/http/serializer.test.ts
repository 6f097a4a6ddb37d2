import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiledSerializerCompiler } from './serializer.ts';

const ZNode: z.ZodType<{ name: string; children: unknown[] }> = z.object({
  name: z.string(),
  get children() {
    return z.array(ZNode);
  },
});

const ZBody = z.object({
  code: z.string(),
  msg: z.string(),
  data: z.object({
    id: z.number().int(),
    note: z.string().nullable(),
    remark: z.string().optional(),
    status: z.enum(['01', '08']),
    tags: z.array(z.string()),
    extra: z.record(z.string(), z.unknown()),
    either: z.union([z.string(), z.number()]),
    tree: z.array(ZNode),
  }),
});

const sample = {
  code: '200',
  msg: 'Success',
  data: {
    id: 7,
    note: null,
    status: '08',
    tags: ['a', '"quoted"', '中文'],
    extra: { nested: { deep: [1, null, 'x'] } },
    either: 3,
    tree: [{ name: 'root', children: [{ name: 'leaf', children: [] }] }],
    unknownField: 'is not written',
  },
};

function compile(verify: boolean) {
  return compiledSerializerCompiler({ verify })({
    schema: ZBody,
    method: 'GET',
    url: '/t',
    httpStatus: '200',
  });
}

describe('compiled response serializer', () => {
  it('writes the same JSON as zod, dropping fields the schema does not name', () => {
    const written = JSON.parse(compile(false)(sample));
    expect(written).toEqual(JSON.parse(JSON.stringify(z.encode(ZBody, sample as never))));
    expect(written.data).not.toHaveProperty('unknownField');
    expect(written.data.tree[0].children[0].name).toBe('leaf');
    expect(written.data.note).toBeNull();
  });

  it('fails, when verifying, on a response that does not match its schema', () => {
    const wrong = { ...sample, data: { ...sample.data, status: '99' } };
    expect(() => compile(true)(wrong)).toThrow(/Response doesn't match the schema/);
  });

  it('fails on a missing required field even without verifying', () => {
    const { code: _code, ...missing } = sample;
    expect(() => compile(false)(missing)).toThrow(/code/);
  });
});
