import { describe, expect, it } from 'vitest';
import { writtenAnswers } from './envelope.ts';

describe('writtenAnswers', () => {
  it('writes once per cached value and key, anew for a new value, and drops a value past its maximum', () => {
    const written = writtenAnswers<object>(2);
    const writes: string[] = [];
    const answer = (value: object, key: string) =>
      written(value, key, () => {
        writes.push(key);
        return Buffer.from(`answer of ${key}`);
      });
    const loaded = {};
    const a = answer(loaded, 'a');
    expect(a.toString()).toBe('answer of a');
    expect(answer(loaded, 'a')).toBe(a);
    answer(loaded, 'b');
    expect(writes).toEqual(['a', 'b']);
    // The cache replaced its value (a change): the same key is written again for it.
    answer({}, 'a');
    expect(writes).toEqual(['a', 'b', 'a']);
    // A third key for one value drops that value's texts: a and b are written again later.
    answer(loaded, 'c');
    answer(loaded, 'c');
    answer(loaded, 'a');
    expect(writes).toEqual(['a', 'b', 'a', 'c', 'a']);
  });
});
