import { describe, expect, it } from 'vitest';
import { readTokenClaims } from './session-actions.ts';

const jwt = (payload: object) =>
  `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify(payload)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.sig`;

describe('hand-over tokens', () => {
  it('reads the user id and expiry of an access token', () => {
    expect(
      readTokenClaims(jwt({ sub: '0b7f5e5c-6f0e-4a43-9d55-1d0b8b3d2a10', exp: 1_900_000_000, tid: 't' })),
    ).toEqual({
      sub: '0b7f5e5c-6f0e-4a43-9d55-1d0b8b3d2a10',
      exp: 1_900_000_000,
    });
  });

  it('refuses tokens it cannot read', () => {
    expect(readTokenClaims('not-a-token')).toBeNull();
    expect(readTokenClaims(jwt({ exp: 1 }))).toBeNull();
    expect(readTokenClaims('a.%%%.c')).toBeNull();
  });
});
