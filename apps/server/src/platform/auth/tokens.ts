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

/** Signs and checks access JWTs (HS256) with the configured secret, issuer and audience. */
export function createTokenService(
  secret: string,
  accessTtlSeconds: number,
  { issuer, audience }: TTokenParties = { issuer: 'portal', audience: 'portal-api' },
) {
  const key = new TextEncoder().encode(secret);
  return {
    accessTtlSeconds,
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
        return { sub: payload.sub, tid: payload.tid, sid: payload.sid };
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
