import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { crossTenant, currentDbScope, handleInTenant } from './db-scope.ts';

describe('handleInTenant', () => {
  it("runs a handler in its tenant's scope, made once per tenant", async () => {
    const a = randomUUID();
    const b = randomUUID();
    expect(currentDbScope()).toEqual({ kind: 'none' });
    const first = handleInTenant(a, () => currentDbScope());
    expect(first).toEqual({ kind: 'tenant', tenantId: a });
    // What the handler awaits stays in the scope.
    const later = await handleInTenant(a, async () => {
      await new Promise((r) => setTimeout(r, 1));
      return currentDbScope();
    });
    expect(later).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(handleInTenant(b, () => currentDbScope())).toEqual({ kind: 'tenant', tenantId: b });
    expect(await crossTenant('test', () => handleInTenant(a, () => currentDbScope()))).toBe(first);
    expect(currentDbScope()).toEqual({ kind: 'none' });
  });

  it('refuses an id that is not a uuid, every time', () => {
    for (let i = 0; i < 2; i++)
      expect(() => handleInTenant("x' or true --", () => 1)).toThrow(/Not a tenant id/);
  });
});
