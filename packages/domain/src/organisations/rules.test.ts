import { describe, expect, it } from 'vitest';
import { combineScopes, ZOrganisationCreate } from './rules.ts';

describe('combineScopes', () => {
  it("gives everything when any role's scope is 'all'", () => {
    expect(combineScopes(['self', 'all', 'org'], ['o1'], ['P1'])).toEqual({ all: true });
  });
  it('joins the organisations and providers of the other scopes, without repeats', () => {
    expect(combineScopes(['org', 'custom'], ['o1', 'o2', 'o1'], ['P1', 'P1'])).toEqual({
      all: false,
      orgIds: ['o1', 'o2'],
      providerIds: ['P1'],
    });
  });
  it("leaves only the actor's own rows for 'self' or no role", () => {
    expect(combineScopes(['self'], [], [])).toEqual({ all: false, orgIds: [], providerIds: [] });
    expect(combineScopes([], [], [])).toEqual({ all: false, orgIds: [], providerIds: [] });
  });
});

describe('ZOrganisationCreate', () => {
  it('trims names, defaults the parent, order and providers', () => {
    expect(ZOrganisationCreate.parse({ name: ' 华东 ', nameEn: ' East ', orgType: 'region' })).toEqual({
      parentId: null,
      name: '华东',
      nameEn: 'East',
      orgType: 'region',
      sortOrder: 0,
      providerIds: [],
    });
  });
  it('refuses an unknown type, an empty name and a name too long, in both languages', () => {
    const result = ZOrganisationCreate.safeParse({ name: '', nameEn: 'x'.repeat(101), orgType: 'galaxy' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((i) => JSON.parse(i.message).en);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Please enter the organisation name',
        'The English name is at most 100 characters',
        'Please select the organisation type',
      ]),
    );
  });
});
