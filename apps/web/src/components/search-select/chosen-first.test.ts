import { describe, expect, it } from 'vitest';
import { chosenFirst } from './chosen-first.ts';

const answer = ['b', 'x', 'c', 'a', 'd'].map((code) => ({ code }));

describe('chosenFirst', () => {
  it('puts the chosen items first and keeps at most max others, telling when more matched', () => {
    const { items, more } = chosenFirst(answer, ['x'], (o) => o.code, 3);
    expect(items.map((o) => o.code)).toEqual(['x', 'b', 'c', 'a']);
    expect(more).toBe(true);
  });

  it('says nothing more when the others fit', () => {
    const { items, more } = chosenFirst(answer, ['x', 'd'], (o) => o.code, 3);
    expect(items.map((o) => o.code)).toEqual(['x', 'd', 'b', 'c', 'a']);
    expect(more).toBe(false);
  });
});
