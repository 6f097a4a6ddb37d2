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

/** Signs and checks access JWTs (HS256) with the configured secret. */
export function createTokenService(secret: string, accessTtlSeconds: number) {
  const key = new TextEncoder().encode(secret);
  return {
    accessTtlSeconds,
    async signAccess(claims: TAccessClaims): Promise<{ token: string; expiresAt: Date }> {
      const expiresAt = new Date(Date.now() + accessTtlSeconds * 1000);
      const token = await new SignJWT({ tid: claims.tid, sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .setIssuer('portal')
        .sign(key);
      return { token, expiresAt };
    },
    /** Verifies a token; throws the session error codes of spec section 8. */
    async verifyAccess(token: string): Promise<TAccessClaims> {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: 'portal', algorithms: ['HS256'] });
        if (
          typeof payload.sub !== 'string' ||
          typeof payload.tid !== 'string' ||
          typeof payload.sid !== 'string'
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
