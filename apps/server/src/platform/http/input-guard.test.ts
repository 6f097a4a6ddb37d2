import { describe, expect, it } from 'vitest';
import { findControlCharacters } from './input-guard.ts';

describe('findControlCharacters', () => {
  it('names every string and key holding a forbidden control, by its dotted path', () => {
    const query = Object.assign(Object.create(null), { ok: 'plain', bad: 'a\u0000b' });
    const body = {
      name: 'Li Na',
      note: 'line 1\r\n\tline 2',
      items: ['fine', 'bell\u0007'],
      nested: { deeper: { value: 'esc\u001b' }, 'key\u0001': 'x' },
    };
    expect(findControlCharacters(query)).toEqual(['bad']);
    expect(findControlCharacters(body)).toEqual(['items.1', 'nested.deeper.value', 'nested.key\u0001']);
    expect(findControlCharacters({})).toEqual([]);
    expect(findControlCharacters(null)).toEqual([]);
    expect(findControlCharacters('top\u0000')).toEqual(['_']);
  });

  it('ignores inherited keys and refuses nesting past the limit', () => {
    const inherited = Object.create({ bad: 'a\u0000b' });
    inherited.own = 'fine';
    expect(findControlCharacters(inherited)).toEqual([]);
    let deep: unknown = 'end';
    for (let i = 0; i < 40; i++) deep = { d: deep };
    expect(findControlCharacters(deep)).toHaveLength(1);
  });
});
