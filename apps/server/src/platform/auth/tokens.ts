import { createHash, randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../http/app-error.ts';

export interface TAccessClaims {
  /** user id */
  sub: string;
  /** tenant id */
  tid: string;
  /** session id */
  sid: string;
}

/** Who issues access tokens and who they are for (`iss`, `aud`); both are checked on every token. */
export interface TTokenParties {
  issuer: string;
  audience: string;
}

/** Claims every access token must carry (decision 0002); a token without one is unreadable. */
export const REQUIRED_CLAIMS = ['exp', 'iat', 'iss', 'aud', 'sub'] as const;

/** How many verified tokens one instance remembers (a few hundred bytes each). */
export const VERIFIED_TOKENS_MAX = 10_000;

/**
 * Signs and checks access JWTs (HS256) with the configured secret, issuer and audience.
 * A token that verified once is remembered, by its exact text, until its `exp`: the same text
 * under the same key verifies the same way again, and jose's WebCrypto HMAC (an asynchronous
 * job per call) was the largest cost of an authenticated request (docs/performance.md). Only
 * the signature and claims checks are skipped; revocation is the session's, checked on every
 * request as before (decision 0018).
 */
export function createTokenService(
  secret: string,
  accessTtlSeconds: number,
  { issuer, audience }: TTokenParties = { issuer: 'portal', audience: 'portal-api' },
  verifiedMax = VERIFIED_TOKENS_MAX,
) {
  const key = new TextEncoder().encode(secret);
  /** Token text -> its claims and `exp` (seconds), oldest first (Map insertion order). */
  const verified = new Map<string, { claims: TAccessClaims; exp: number }>();
  /** The claims of a token that verified before and has not expired; undefined otherwise. */
  function knownAccess(token: string): TAccessClaims | undefined {
    const known = verified.get(token);
    if (!known) return undefined;
    // jose's rule: expired once now >= exp.
    if (Math.floor(Date.now() / 1000) < known.exp) return known.claims;
    verified.delete(token);
    return undefined;
  }
  return {
    accessTtlSeconds,
    /** The request path's synchronous read: the claims when this token verified before; `verifyAccess` otherwise. */
    knownAccess,
    /**
     * A token for the session; it expires after the access lifetime or at `notAfter` (the
     * session's absolute end), whichever comes first.
     */
    async signAccess(
      claims: TAccessClaims,
      notAfter?: Date,
      /** The client's own access lifetime, when it has one. */
      ttlSeconds: number = accessTtlSeconds,
    ): Promise<{ token: string; expiresAt: Date }> {
      const ttlEnd = Date.now() + ttlSeconds * 1000;
      const expiresAt = new Date(notAfter ? Math.min(ttlEnd, notAfter.getTime()) : ttlEnd);
      const token = await new SignJWT({ tid: claims.tid, sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .setIssuer(issuer)
        .setAudience(audience)
        .sign(key);
      return { token, expiresAt };
    },
    /**
     * Verifies a token; throws the session error codes of spec section 8: an expired token
     * 40001, a bad signature 40002, anything else wrong (a missing exp, iat, iss or aud, a
     * foreign issuer or audience, a token from the future) 40005.
     */
    async verifyAccess(token: string): Promise<TAccessClaims> {
      const known = knownAccess(token);
      if (known) return known;
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer,
          audience,
          algorithms: ['HS256'],
          requiredClaims: [...REQUIRED_CLAIMS],
        });
        if (
          typeof payload.sub !== 'string' ||
          typeof payload.tid !== 'string' ||
          typeof payload.sid !== 'string' ||
          typeof payload.iat !== 'number' ||
          payload.iat > Math.floor(Date.now() / 1000) + 60
        ) {
          throw new AppError('TOKEN_UNREADABLE');
        }
        const claims = { sub: payload.sub, tid: payload.tid, sid: payload.sid };
        if (verifiedMax > 0) {
          if (verified.size >= verifiedMax) verified.delete(verified.keys().next().value as string);
          verified.set(token, { claims, exp: payload.exp as number });
        }
        return claims;
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (error instanceof errors.JWTExpired) throw new AppError('SESSION_EXPIRED');
        if (error instanceof errors.JWSSignatureVerificationFailed) throw new AppError('BAD_TOKEN_SIGNATURE');
        throw new AppError('TOKEN_UNREADABLE');
      }
    },
  };
}

export type TTokenService = ReturnType<typeof createTokenService>;

/** A new opaque refresh token. */
export const newOpaqueToken = (): string => randomBytes(32).toString('base64url');

/** sha256 hex of a high-entropy secret; what the database keeps. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
