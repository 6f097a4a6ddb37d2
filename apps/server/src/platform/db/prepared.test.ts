import { describe, expect, it } from 'vitest';
import type { TDbOrTx } from './client.ts';
import { preparedShapes } from './prepared.ts';

describe('preparedShapes', () => {
  const dbA = {} as TDbOrTx;
  const dbB = {} as TDbOrTx;

  it('builds a statement once per database handle and shape, named by the shape', () => {
    const built: string[] = [];
    const statementOf = preparedShapes(
      (shape: { provider: boolean }) => (shape.provider ? 'list_provider' : 'list_operator'),
      (db, shape, name) => {
        built.push(`${db === dbA ? 'A' : 'B'} ${name}`);
        return { name, provider: shape.provider };
      },
    );
    const first = statementOf(dbA, { provider: true });
    expect(statementOf(dbA, { provider: true })).toBe(first);
    expect(statementOf(dbA, { provider: false })).toEqual({ name: 'list_operator', provider: false });
    expect(statementOf(dbB, { provider: true })).not.toBe(first);
    statementOf(dbB, { provider: true });
    expect(built).toEqual(['A list_provider', 'A list_operator', 'B list_provider']);
  });
});
