/**
 * Signing in (docs/decisions/0002-session-and-tokens.md, 0014-request-hardening.md): the
 * captcha, the failed-sign-in brakes, the two password grants, and the security events they
 * cause (0021). The session they open is issued by session.service.ts.
 */
import { ERRORS } from '@portal/domain/errors/catalogue';
import { eq } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import { verifyPassword } from '../../platform/auth/passwords.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { findTenantByCode } from '../../platform/tenancy/tenancy.service.ts';
import { checkProviderMaySignIn } from '../provider-accounts/provider-accounts.access.ts';
import { findUserByAccount, type TUserRow } from '../users/users.service.ts';
import { issueSession, type TLoginResult, type TRequestContext } from './session.service.ts';
import { clientApps } from './session.tables.ts';

const CAPTCHA_TTL = 5 * 60;
const CAPTCHA_PER_MINUTE = 30;

// svg-captcha's default export renders a given text; its typings omit that call signature.
const renderCaptchaText = svgCaptcha as unknown as (text: string, options: svgCaptcha.ConfigObject) => string;

/** A captcha image for `key`; the answer is kept for 5 minutes and can be used once. */
export async function createCaptcha(p: TPlatform, { key, ip }: { key: string; ip: string }): Promise<string> {
  const requests = await p.kv.incr(`captcha-rate:${ip}`, 60);
  if (requests > CAPTCHA_PER_MINUTE) throw new AppError('CAPTCHA_TOO_FREQUENT');
  const options = { size: 4, noise: 2, color: true, background: '#fdf3e7', ignoreChars: '0oO1ilI' };
  const captcha = p.config.captchaTestCode
    ? { data: renderCaptchaText(p.config.captchaTestCode, options), text: p.config.captchaTestCode }
    : svgCaptcha.create(options);
  await p.kv.set(`captcha:${key}`, captcha.text.toLowerCase(), CAPTCHA_TTL);
  return captcha.data;
}

async function checkCaptcha(p: TPlatform, key: string, code: string): Promise<void> {
  const answer = await p.kv.take(`captcha:${key}`);
  if (answer === null) throw new AppError('CAPTCHA_EXPIRED');
  if (answer !== code.trim().toLowerCase()) throw new AppError('CAPTCHA_WRONG');
}

/** True when the (already verified) client may use the password grant without a captcha. */
async function isCaptchaExempt(p: TPlatform, clientId: string): Promise<boolean> {
  const rows = await p.db
    .select({ exempt: clientApps.captchaExempt })
    .from(clientApps)
    .where(eq(clientApps.clientId, clientId));
  return rows[0]?.exempt === true;
}

/**
 * The failed-sign-in brakes (docs/decisions/0014-request-hardening.md; OWASP ASVS 5.0 6.3.1).
 * Per address: after `addressMaxFailures` failures (any account) the address is refused for the
 * window. Per account: after `accountFreeFailures` failures (any address) one attempt is let
 * through per wait, the wait doubling with each further failure up to a cap, so a stranger can
 * slow an account down but never lock its owner out.
 */
function loginBrake(
  p: TPlatform,
  { tenantId, account, ip, requestId }: { tenantId: string; account: string; ip: string; requestId: string },
) {
  const brake = p.config.loginBrake;
  const acct = `${tenantId}:${account.toLowerCase()}`;
  const keys = {
    accountFails: `login-fail:acct:${acct}`,
    /** Counts attempts inside the current wait: the first one passes, the others are refused. */
    accountSlot: `login-slot:acct:${acct}`,
    /** Epoch milliseconds when the current wait ends (for the message). */
    accountUntil: `login-until:acct:${acct}`,
    /** Set while the account is braked, so its release can be logged once. */
    accountBraked: `login-braked:acct:${acct}`,
    addressFails: `login-fail:ip:${ip}`,
    addressBlocked: `login-blocked:ip:${ip}`,
  };
  const waitFor = (fails: number) =>
    Math.min(brake.maxDelaySeconds, brake.delaySeconds * 2 ** Math.max(0, fails - brake.accountFreeFailures));
  /** Brakes and releases are security events (decision 0021): a row and a log line. */
  const event = (event: 'lockout' | 'unlock', reason: string, detail: Record<string, unknown>) =>
    p.securityEvent(p.db, { tenantId, account, ip, requestId, event, reason, detail });

  return {
    /** Refuses the attempt when the address is blocked or the account must still wait. */
    async check(): Promise<void> {
      const [addressFails, addressBlocked, accountFails, accountBraked] = await Promise.all([
        p.kv.get(keys.addressFails),
        p.kv.get(keys.addressBlocked),
        p.kv.get(keys.accountFails),
        p.kv.get(keys.accountBraked),
      ]);
      if (Number(addressFails ?? 0) >= brake.addressMaxFailures) {
        throw new AppError('TOO_MANY_ATTEMPTS', { params: { minutes: Math.ceil(brake.windowSeconds / 60) } });
      }
      if (addressBlocked) {
        await p.kv.del(keys.addressBlocked);
        await event('unlock', 'window-expired', { brake: 'address' });
      }
      const fails = Number(accountFails ?? 0);
      if (fails >= brake.accountFreeFailures) {
        const slot = await p.kv.incr(keys.accountSlot, waitFor(fails));
        if (slot > 1) {
          const until = Number((await p.kv.get(keys.accountUntil)) ?? 0);
          const seconds = Math.max(1, Math.ceil((until - Date.now()) / 1000));
          throw new AppError('LOGIN_TOO_FREQUENT', { params: { seconds } });
        }
      } else if (accountBraked) {
        await p.kv.del(keys.accountBraked);
        await event('unlock', 'window-expired', { brake: 'account' });
      }
    },
    /** Counts a wrong password; starts or lengthens the account's wait and may block the address. */
    async failed(): Promise<void> {
      const [accountFails, addressFails] = await Promise.all([
        p.kv.incr(keys.accountFails, brake.windowSeconds),
        p.kv.incr(keys.addressFails, brake.windowSeconds),
      ]);
      if (addressFails === brake.addressMaxFailures) {
        await p.kv.set(keys.addressBlocked, '1', brake.windowSeconds * 4);
        await event('lockout', 'address', { brake: 'address', failures: addressFails });
      }
      if (accountFails >= brake.accountFreeFailures) {
        const wait = waitFor(accountFails);
        // The window slides: failures are forgotten only after a quiet window past the wait.
        await Promise.all([
          p.kv.set(keys.accountFails, String(accountFails), brake.windowSeconds + wait),
          p.kv.set(keys.accountSlot, '1', wait),
          p.kv.set(keys.accountUntil, String(Date.now() + wait * 1000), wait),
          p.kv.set(keys.accountBraked, '1', brake.windowSeconds * 4 + wait),
        ]);
        await event('lockout', 'account', { brake: 'account', failures: accountFails, waitSeconds: wait });
      }
    },
    /** A successful sign-in ends the account's brake. */
    async succeeded(): Promise<void> {
      const braked = await p.kv.get(keys.accountBraked);
      await Promise.all(
        [keys.accountFails, keys.accountSlot, keys.accountUntil, keys.accountBraked].map((k) => p.kv.del(k)),
      );
      if (braked) {
        await event('unlock', 'owner-signed-in', { brake: 'account' });
      }
    },
  };
}

/** Records a failed sign-in (account as typed, reason) and answers with `error`. */
async function signInFailed(
  p: TPlatform,
  {
    tenantId,
    account,
    userId,
    reason,
    ctx,
  }: { tenantId: string; account: string; userId?: string; reason: string; ctx: TRequestContext },
  error: AppError,
): Promise<never> {
  await p.securityEvent(p.db, {
    tenantId,
    userId,
    account,
    ip: ctx.ip,
    requestId: ctx.requestId,
    event: 'sign-in-failed',
    reason,
  });
  throw error;
}

/** The reason of a refused captcha, for the security event. */
const captchaReason = (error: AppError) =>
  error.code === ERRORS.CAPTCHA_EXPIRED.code ? 'captcha-expired' : 'captcha-wrong';

/** Checks the captcha of a sign-in; a refusal is a failed sign-in of the account typed. */
async function checkSignInCaptcha(
  p: TPlatform,
  {
    tenantId,
    account,
    key,
    code,
    ctx,
  }: { tenantId: string; account: string; key: string; code: string; ctx: TRequestContext },
): Promise<void> {
  try {
    await checkCaptcha(p, key, code);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    await signInFailed(p, { tenantId, account, reason: captchaReason(error), ctx }, error);
  }
}

/** Checks account and password with the failed-sign-in brakes; returns the user. */
async function authenticate(
  p: TPlatform,
  {
    tenantId,
    account,
    password,
    ctx,
  }: { tenantId: string; account: string; password: string; ctx: TRequestContext },
): Promise<TUserRow> {
  const brake = loginBrake(p, { tenantId, account, ip: ctx.ip, requestId: ctx.requestId });
  try {
    await brake.check();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const reason = error.code === ERRORS.TOO_MANY_ATTEMPTS.code ? 'address-blocked' : 'account-braked';
    await signInFailed(p, { tenantId, account, reason, ctx }, error);
  }
  const user = await findUserByAccount(p.db, { tenantId, account });
  const valid = await verifyPassword(user?.passwordHash ?? null, password);
  if (!user || !valid) {
    await brake.failed();
    const reason = user ? 'wrong-password' : 'unknown-account';
    return signInFailed(
      p,
      { tenantId, account, userId: user?.id, reason, ctx },
      new AppError('WRONG_CREDENTIALS'),
    );
  }
  if (!user.enabled) {
    return signInFailed(
      p,
      { tenantId, account, userId: user.id, reason: 'user-disabled', ctx },
      new AppError('USER_DISABLED'),
    );
  }
  try {
    await checkProviderMaySignIn(p.db, user);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    await signInFailed(p, { tenantId, account, userId: user.id, reason: 'provider-invalid', ctx }, error);
  }
  await brake.succeeded();
  return user;
}

async function requireTenant(p: TPlatform, code: string | undefined) {
  const tenant = code ? await findTenantByCode(p.db, code.trim()) : null;
  if (!tenant) throw new AppError('TENANT_UNKNOWN');
  return tenant;
}

/** Sign-in with tenant, account, password and captcha (the web login page). */
export async function loginWithCaptcha(
  p: TPlatform,
  input: {
    tenantCode?: string;
    account: string;
    password: string;
    key: string;
    code: string;
    clientId: string;
    ip: string;
    requestId: string;
    userAgent: string;
  },
): Promise<TLoginResult> {
  const tenant = await requireTenant(p, input.tenantCode);
  const ctx = { ip: input.ip, requestId: input.requestId };
  await checkSignInCaptcha(p, {
    tenantId: tenant.id,
    account: input.account,
    key: input.key,
    code: input.code,
    ctx,
  });
  const user = await authenticate(p, {
    tenantId: tenant.id,
    account: input.account,
    password: input.password,
    ctx,
  });
  return signedIn(p, user, {
    tenantCode: tenant.code,
    clientId: input.clientId,
    ip: input.ip,
    requestId: input.requestId,
    userAgent: input.userAgent,
  });
}

/** Opens the session and records the sign-in (a security event; the login log shows it). */
async function signedIn(
  p: TPlatform,
  user: Parameters<typeof issueSession>[1]['user'],
  input: { tenantCode: string; clientId: string; ip: string; requestId: string; userAgent: string },
): Promise<TLoginResult> {
  const result = await issueSession(p, {
    user,
    tenantCode: input.tenantCode,
    clientId: input.clientId,
    ip: input.ip,
    userAgent: input.userAgent,
  });
  await p.securityEvent(p.db, {
    tenantId: user.tenantId,
    userId: user.id,
    account: user.account,
    ip: input.ip,
    requestId: input.requestId,
    event: 'sign-in',
    reason: 'signed-in',
    detail: { clientId: input.clientId },
  });
  return result;
}

/**
 * The OAuth-style password grant. Like the login page it needs the captcha (key and code),
 * except for a confidential client registered as captcha-exempt; the brakes apply to all.
 */
export async function loginWithPassword(
  p: TPlatform,
  input: {
    tenantCode?: string;
    account: string;
    password: string;
    key?: string;
    code?: string;
    clientId: string;
    ip: string;
    requestId: string;
    userAgent: string;
  },
): Promise<TLoginResult> {
  const tenant = await requireTenant(p, input.tenantCode);
  const ctx = { ip: input.ip, requestId: input.requestId };
  if (!(await isCaptchaExempt(p, input.clientId))) {
    if (!input.key || !input.code) {
      const required = { msg: ERRORS.CAPTCHA_REQUIRED.zh, msg_en: ERRORS.CAPTCHA_REQUIRED.en };
      const error = new AppError('CAPTCHA_REQUIRED', {
        data: {
          fieldErrors: { ...(input.key ? {} : { key: required }), ...(input.code ? {} : { code: required }) },
        },
      });
      await signInFailed(
        p,
        { tenantId: tenant.id, account: input.account, reason: 'captcha-missing', ctx },
        error,
      );
    }
    await checkSignInCaptcha(p, {
      tenantId: tenant.id,
      account: input.account,
      key: input.key ?? '',
      code: input.code ?? '',
      ctx,
    });
  }
  const user = await authenticate(p, {
    tenantId: tenant.id,
    account: input.account,
    password: input.password,
    ctx,
  });
  return signedIn(p, user, {
    tenantCode: tenant.code,
    clientId: input.clientId,
    ip: input.ip,
    requestId: input.requestId,
    userAgent: input.userAgent,
  });
}
