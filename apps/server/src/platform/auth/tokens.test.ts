import { ERRORS } from '@portal/domain/errors/catalogue';
import { afterEach, describe, expect, it, vi } from 'vitest';

// Counts jose's verifications, to tell a remembered token from a verified one.
const verifications = vi.hoisted(() => ({ n: 0 }));
vi.mock('jose', async (importOriginal) => {
  const jose = await importOriginal<typeof import('jose')>();
  return {
    ...jose,
    jwtVerify: (...args: Parameters<typeof jose.jwtVerify>) => {
      verifications.n += 1;
      return jose.jwtVerify(...args);
    },
  };
});
// Test files share a worker's modules (vitest.config.ts, isolate: false): load the token service
// afresh so that it imports the counting jose above, not one an earlier file loaded.
vi.resetModules();
const { createTokenService } = await import('./tokens.ts');

const SECRET = 's'.repeat(40);
const claims = (n: number) => ({ sub: `user-${n}`, tid: `tenant-${n}`, sid: `session-${n}` });

afterEach(() => {
  vi.useRealTimers();
  verifications.n = 0;
});

describe('verified access tokens are remembered until they expire', () => {
  it('verifies a token once and answers the same claims from memory afterwards', async () => {
    const tokens = createTokenService(SECRET, 600);
    const { token } = await tokens.signAccess(claims(1));
    expect(await tokens.verifyAccess(token)).toEqual(claims(1));
    expect(await tokens.verifyAccess(token)).toEqual(claims(1));
    expect(await tokens.verifyAccess(token)).toEqual(claims(1));
    expect(verifications.n).toBe(1);
  });

  it('reads a verified token synchronously until its exp, and no other', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T10:00:00Z'), toFake: ['Date'] });
    const tokens = createTokenService(SECRET, 60);
    const { token } = await tokens.signAccess(claims(1));
    expect(tokens.knownAccess(token)).toBeUndefined();
    await tokens.verifyAccess(token);
    expect(tokens.knownAccess(token)).toEqual(claims(1));
    expect(tokens.knownAccess(`${token}x`)).toBeUndefined();
    vi.setSystemTime(new Date('2026-11-25T10:01:00Z'));
    expect(tokens.knownAccess(token)).toBeUndefined();
  });

  it('refuses a remembered token once its exp has passed', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T10:00:00Z'), toFake: ['Date'] });
    const tokens = createTokenService(SECRET, 60);
    const { token } = await tokens.signAccess(claims(1));
    expect(await tokens.verifyAccess(token)).toEqual(claims(1));
    vi.setSystemTime(new Date('2026-11-25T10:00:59Z'));
    expect(await tokens.verifyAccess(token)).toEqual(claims(1));
    vi.setSystemTime(new Date('2026-11-25T10:01:00Z'));
    await expect(tokens.verifyAccess(token)).rejects.toMatchObject({ code: ERRORS.SESSION_EXPIRED.code });
    await expect(tokens.verifyAccess(token)).rejects.toMatchObject({ code: ERRORS.SESSION_EXPIRED.code });
  });

  it('never answers a changed token from memory', async () => {
    const tokens = createTokenService(SECRET, 600);
    const { token } = await tokens.signAccess(claims(1));
    await tokens.verifyAccess(token);
    const [header, payload, signature] = token.split('.');
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    await expect(tokens.verifyAccess(`${header}.${payload}.${flipped}`)).rejects.toMatchObject({
      code: ERRORS.BAD_TOKEN_SIGNATURE.code,
    });
    const other = createTokenService('o'.repeat(40), 600);
    await expect(other.verifyAccess(token)).rejects.toMatchObject({ code: ERRORS.BAD_TOKEN_SIGNATURE.code });
  });

  it('keeps at most the configured number, forgetting the oldest', async () => {
    const tokens = createTokenService(SECRET, 600, undefined, 2);
    const signed = await Promise.all([1, 2, 3].map(async (n) => (await tokens.signAccess(claims(n))).token));
    for (const token of signed) await tokens.verifyAccess(token);
    expect(verifications.n).toBe(3);
    await tokens.verifyAccess(signed[2]);
    await tokens.verifyAccess(signed[1]);
    expect(verifications.n).toBe(3);
    expect(await tokens.verifyAccess(signed[0])).toEqual(claims(1));
    expect(verifications.n).toBe(4);
  });
});
