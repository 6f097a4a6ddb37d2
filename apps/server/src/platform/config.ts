import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';

/** A whole number of seconds between min and max, with one message naming the variable. */
const seconds = (name: string, min: number, max: number, fallback: number) => {
  const message = `${name} must be a number of seconds between ${min} and ${max}`;
  return z.coerce
    .number({ error: message })
    .int(message)
    .min(min, message)
    .max(max, message)
    .default(fallback);
};

/**
 * The spec's log retention choices (section 9): 1, 3 or 6 months, 1 year, or the latest
 * 1,000 / 10,000 / 30,000 / 100,000 entries (per tenant).
 */
export const LOG_RETENTION_CHOICES = ['1m', '3m', '6m', '1y', '1000', '10000', '30000', '100000'] as const;
export type TLogRetention = (typeof LOG_RETENTION_CHOICES)[number];

/** A whole number between min and max (0 allowed when min is 0), with one message naming the variable. */
const whole = (name: string, unit: string, min: number, max: number, fallback: number) => {
  const message = `${name} must be a number of ${unit} between ${min} and ${max}`;
  return z.coerce
    .number({ error: message })
    .int(message)
    .min(min, message)
    .max(max, message)
    .default(fallback);
};

/** proxy-addr's named ranges, accepted in TRUST_PROXY beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** True for an IPv4/IPv6 address, an address/prefix (CIDR), or a proxy-addr range name. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address, prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ error: 'PORT must be a number between 1 and 65535' })
    .int()
    .min(1, 'PORT must be a number between 1 and 65535')
    .max(65535, 'PORT must be a number between 1 and 65535')
    .default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1, 'DATA_DIR must not be empty').default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://')
    .optional(),
  /** Starts every Redis key and channel of this deployment: several can share one Redis. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w.:-]{1,64}$/, 'REDIS_KEY_PREFIX must be 1 to 64 letters, digits or . : - _')
    .default('portal:'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  CAPTCHA_TEST_CODE: z.string().min(1).max(8, 'CAPTCHA_TEST_CODE must be 1 to 8 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PORTAL_WEB_SECRET: z
    .string()
    .min(8, 'PORTAL_WEB_SECRET must be at least 8 characters')
    .default('portal-web-secret'),
  WEB_DIST: z.string().optional(),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  S3_BUCKET: z.string().min(3, 'S3_BUCKET must be a bucket name').optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url({ error: 'S3_ENDPOINT must be a URL such as https://s3.example.com' }).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  S3_PREFIX: z.string().max(200).default(''),
  JOBS_ENABLED: z.enum(['true', 'false']).default('true'),
  JOBS_POLL_SECONDS: z.coerce
    .number({ error: 'JOBS_POLL_SECONDS must be a number of seconds between 1 and 3600' })
    .int()
    .min(1, 'JOBS_POLL_SECONDS must be a number of seconds between 1 and 3600')
    .max(3600, 'JOBS_POLL_SECONDS must be a number of seconds between 1 and 3600')
    .default(30),
  TRUST_PROXY: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every(isProxyEntry), {
      error:
        'TRUST_PROXY must be a comma-separated list of proxy addresses or CIDRs (e.g. 10.0.0.5,10.1.0.0/16), or loopback, linklocal, uniquelocal',
    })
    .optional(),
  REQUEST_TIMEOUT_SECONDS: seconds('REQUEST_TIMEOUT_SECONDS', 1, 3600, 120),
  HEADERS_TIMEOUT_SECONDS: seconds('HEADERS_TIMEOUT_SECONDS', 1, 600, 20),
  CONNECTION_TIMEOUT_SECONDS: seconds('CONNECTION_TIMEOUT_SECONDS', 1, 3600, 30),
  KEEP_ALIVE_TIMEOUT_SECONDS: seconds('KEEP_ALIVE_TIMEOUT_SECONDS', 1, 600, 72),
  MAX_HEADER_BYTES: z.coerce
    .number({ error: 'MAX_HEADER_BYTES must be a number of bytes between 4096 and 65536' })
    .int()
    .min(4096, 'MAX_HEADER_BYTES must be a number of bytes between 4096 and 65536')
    .max(65536, 'MAX_HEADER_BYTES must be a number of bytes between 4096 and 65536')
    .default(16384),
  LOGIN_DELAY_SECONDS: seconds('LOGIN_DELAY_SECONDS', 1, 3600, 30),
  LOGIN_DELAY_MAX_SECONDS: seconds('LOGIN_DELAY_MAX_SECONDS', 1, 86400, 900),
  AUTH_CACHE_SECONDS: seconds('AUTH_CACHE_SECONDS', 0, 3600, 60),
  AUTH_CACHE_MAX_ENTRIES: z.coerce
    .number({ error: 'AUTH_CACHE_MAX_ENTRIES must be a number between 1 and 1000000' })
    .int('AUTH_CACHE_MAX_ENTRIES must be a number between 1 and 1000000')
    .min(1, 'AUTH_CACHE_MAX_ENTRIES must be a number between 1 and 1000000')
    .max(1_000_000, 'AUTH_CACHE_MAX_ENTRIES must be a number between 1 and 1000000')
    .default(10_000),
  SESSION_IDLE_MINUTES: z.coerce
    .number({ error: 'SESSION_IDLE_MINUTES must be a number of minutes between 1 and 1440' })
    .int('SESSION_IDLE_MINUTES must be a number of minutes between 1 and 1440')
    .min(1, 'SESSION_IDLE_MINUTES must be a number of minutes between 1 and 1440')
    .max(1440, 'SESSION_IDLE_MINUTES must be a number of minutes between 1 and 1440')
    .default(30),
  SESSION_MAX_HOURS: z.coerce
    .number({ error: 'SESSION_MAX_HOURS must be a number of hours between 1 and 720' })
    .int('SESSION_MAX_HOURS must be a number of hours between 1 and 720')
    .min(1, 'SESSION_MAX_HOURS must be a number of hours between 1 and 720')
    .max(720, 'SESSION_MAX_HOURS must be a number of hours between 1 and 720')
    .default(12),
  LOG_RETENTION: z
    .enum(LOG_RETENTION_CHOICES, {
      error: `LOG_RETENTION must be one of ${LOG_RETENTION_CHOICES.join(', ')} (months, a year, or the latest entries)`,
    })
    .default('1y'),
  TASK_OVERDUE_DAYS: z.coerce
    .number({ error: 'TASK_OVERDUE_DAYS must be a number of days between 1 and 3650' })
    .int()
    .min(1, 'TASK_OVERDUE_DAYS must be a number of days between 1 and 3650')
    .max(3650, 'TASK_OVERDUE_DAYS must be a number of days between 1 and 3650')
    .default(30),
  LIST_COUNT_CAP: whole('LIST_COUNT_CAP', 'rows', 1, 10_000_000, 10_000),
  LIST_TEXT_WALK_LIMIT: whole('LIST_TEXT_WALK_LIMIT', 'rows', 0, 100_000_000, 20_000),
  LIST_JUMP_MARK_EVERY: whole('LIST_JUMP_MARK_EVERY', 'rows', 0, 10_000_000, 2_000),
  LIST_SEARCH_KEEP_SECONDS: whole('LIST_SEARCH_KEEP_SECONDS', 'seconds', 0, 86_400, 60),
  FILES_UNATTACHED_HOURS: whole('FILES_UNATTACHED_HOURS', 'hours', 1, 8760, 24),
  FILES_DELETED_RETENTION_DAYS: whole('FILES_DELETED_RETENTION_DAYS', 'days', 0, 3650, 30),
  UPLOAD_DAILY_MAX_BYTES: whole('UPLOAD_DAILY_MAX_BYTES', 'bytes', 0, Number.MAX_SAFE_INTEGER, 2 * 1024 ** 3),
  UPLOAD_DAILY_MAX_FILES: whole('UPLOAD_DAILY_MAX_FILES', 'files', 0, 1_000_000, 1000),
  SMS_ADAPTER: z
    .enum(['log', 'aliyun', 'disabled'], { error: 'SMS_ADAPTER must be one of log, aliyun, disabled' })
    .optional(),
  SMS_SIGN_NAME: z.string().max(20, 'SMS_SIGN_NAME must be at most 20 characters').default(''),
  SMS_RATE_PER_MINUTE: whole('SMS_RATE_PER_MINUTE', 'messages', 1, 100_000, 60),
  SMS_MAX_ATTEMPTS: whole('SMS_MAX_ATTEMPTS', 'attempts', 1, 20, 5),
  SMS_RETRY_BASE_SECONDS: seconds('SMS_RETRY_BASE_SECONDS', 1, 3600, 30),
  SMS_TIMEOUT_SECONDS: seconds('SMS_TIMEOUT_SECONDS', 1, 120, 10),
  SMS_DISPATCH_SECONDS: seconds('SMS_DISPATCH_SECONDS', 1, 3600, 10),
  SMS_RECEIPT_SECONDS: seconds('SMS_RECEIPT_SECONDS', 1, 3600, 60),
  SMS_RECEIPT_BASE_SECONDS: seconds('SMS_RECEIPT_BASE_SECONDS', 1, 3600, 60),
  SMS_RECEIPT_MAX_CHECKS: whole('SMS_RECEIPT_MAX_CHECKS', 'checks', 1, 50, 8),
  SMS_ALIYUN_ENDPOINT: z
    .url({ error: 'SMS_ALIYUN_ENDPOINT must be a URL such as https://dysmsapi.aliyuncs.com' })
    .default('https://dysmsapi.aliyuncs.com'),
  SMS_ALIYUN_REGION: z.string().min(1).default('cn-hangzhou'),
  SMS_ALIYUN_ACCESS_KEY_ID: z.string().min(1).optional(),
  SMS_ALIYUN_ACCESS_KEY_SECRET: z.string().min(1).optional(),
  SMS_ALIYUN_TEMPLATE_CODE: z
    .string()
    .regex(/^SMS_\d+$/, 'SMS_ALIYUN_TEMPLATE_CODE must be a template code such as SMS_123456789')
    .optional(),
  SMS_ALIYUN_TEMPLATE_PARAM: z
    .string()
    .regex(/^[A-Za-z]\w{0,31}$/, 'SMS_ALIYUN_TEMPLATE_PARAM must be a variable name such as content')
    .default('content'),
});

export interface TConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** Unset: embedded PGlite under `pgliteDir`. */
  databaseUrl?: string;
  /** Where PGlite keeps its data; 'memory://' for an in-memory database (tests). */
  pgliteDir: string;
  redisUrl?: string;
  /** Starts every Redis key and channel ('portal:' unless REDIS_KEY_PREFIX says otherwise). */
  redisKeyPrefix: string;
  jwtSecret: string;
  captchaTestCode?: string;
  logLevel: string;
  portalWebSecret: string;
  webDist: string;
  seedDemo: boolean;
  /** Access-token lifetime in seconds. */
  accessTokenTtl: number;
  /** Refresh-token lifetime in seconds (never past the session's absolute end). */
  refreshTokenTtl: number;
  /** Issuer and audience of access tokens (`iss`, `aud`), checked on every token. */
  tokenParties: { issuer: string; audience: string };
  /** Session lifetimes (decision 0002). */
  session: TSessionLimits;
  /** What the retention cleaner keeps of the security events (and future logs). */
  logRetention: TLogRetention;
  /** S3-compatible file storage; unset: files under `dataDir/files`. */
  s3?: TS3Config;
  /** Run scheduled jobs (platform/jobs) in this instance. */
  jobsEnabled: boolean;
  /** Seconds between two polls of the jobs table. */
  jobsPollSeconds: number;
  /** Days without activity after which an unfinished hospital task closes itself (status 07, overdue). */
  taskOverdueDays: number;
  /**
   * The most matches a filtered task list counts; past it the list answers this total with
   * `totalCapped` (decision 0022). Unfiltered totals are exact (the kept counts).
   */
  listCountCap: number;
  /**
   * How far a task list's substring filter always walks with ILIKE; a search the planner
   * expects to walk further walks only if that is cheaper than the trigram lookup (decision 0022).
   */
  listTextWalkLimit: number;
  /**
   * A jump to a far page of a task list keeps the keys of every this many rows its walk passes,
   * and later jumps read from the nearest (decision 0022, "marks for jumps"); 0: no marks.
   */
  listJumpMarkEvery: number;
  /**
   * How long a task list keeps a filter's outcome and capped count at most; any task write of
   * the tenant drops them sooner (decision 0022, "kept searches"); 0: nothing kept.
   */
  listSearchKeepSeconds: number;
  /** The files purge job and the per-user upload quota (features/files/files.purge.ts). */
  files: TFilesLimits;
  /**
   * Addresses or CIDRs of the reverse proxies whose X-Forwarded-For is believed; empty: the
   * socket's address is the client's, whatever the headers say.
   */
  trustProxy: string[];
  http: THttpLimits;
  loginBrake: TLoginBrake;
  /** The request path's cache of clients and sessions (platform/auth/auth-cache.ts). */
  authCache: { ttlSeconds: number; maxEntries: number };
  /** SMS delivery (features/sms, decision 0034). */
  sms: TSmsConfig;
}

/** SMS delivery: the gateway adapter, its credentials, retries and the per-tenant rate. */
export interface TSmsConfig {
  /** log: writes each SMS to the log and marks it sent; aliyun: Aliyun SMS; disabled: refuses to send. */
  adapter: 'log' | 'aliyun' | 'disabled';
  /** The signature the gateway puts in 【】 before the text (counted by the segment counter). */
  signName: string;
  /** SMS one tenant may hand to the gateway per minute. */
  ratePerMinute: number;
  /** Attempts per recipient before it fails for good. */
  maxAttempts: number;
  /** The first retry's delay; it doubles with every attempt. */
  retryBaseSeconds: number;
  timeoutMs: number;
  /** Seconds between two runs of the dispatch job. */
  dispatchSeconds: number;
  /** Delivery receipts (decision 0035): seconds between two runs of the receipt job. */
  receiptSeconds: number;
  /** The first receipt query waits this long after the send; each further wait is twice the last. */
  receiptBaseSeconds: number;
  /** Receipt queries per message before its delivery is 'unknown'. */
  receiptMaxChecks: number;
  aliyun?: {
    endpoint: string;
    region: string;
    accessKeyId: string;
    accessKeySecret: string;
    templateCode: string;
    templateParam: string;
  };
}

/** When a session ends without a logout. */
export interface TSessionLimits {
  /** A session with no authenticated request for this long ends ('idle'). */
  idleSeconds: number;
  /** A session ends this long after sign-in whatever its activity ('absolute'). */
  maxSeconds: number;
  /**
   * The last-seen time of a session is written at most once per this many seconds, so
   * tracking activity costs no database write per request (decision 0018).
   */
  touchSeconds: number;
}

export interface TFilesLimits {
  /** Uploads still attached to no business object after this many hours are purged. */
  unattachedHours: number;
  /** Soft-deleted files are purged this many days after their deletion. */
  deletedRetentionDays: number;
  /** Bytes one user may upload in 24 hours; 0: no limit. */
  dailyMaxBytes: number;
  /** Files one user may upload in 24 hours; 0: no limit. */
  dailyMaxFiles: number;
}

/** Limits of the HTTP server against slow or oversized requests (milliseconds, bytes). */
export interface THttpLimits {
  /** Time to receive a whole request, headers and body. */
  requestTimeoutMs: number;
  /** Time to receive the request headers. */
  headersTimeoutMs: number;
  /** A socket with no traffic for this long is closed. */
  connectionTimeoutMs: number;
  /** How long an idle kept-alive connection stays open. */
  keepAliveTimeoutMs: number;
  /** Largest request head (request line and headers); larger answers 431. */
  maxHeaderBytes: number;
}

/** The failed-sign-in brakes (docs/decisions/0014-request-hardening.md). */
export interface TLoginBrake {
  /** Failures counted over this window, per account and per address. */
  windowSeconds: number;
  /** Failures of an account (from any address) before each further attempt must wait. */
  accountFreeFailures: number;
  /** The first wait; it doubles with every further failure. */
  delaySeconds: number;
  /** The longest wait. */
  maxDelaySeconds: number;
  /** Failures from one address (any account) after which the address is refused for the window. */
  addressMaxFailures: number;
}

export interface TS3Config {
  bucket: string;
  region: string;
  endpoint?: string;
  /** Unset: the SDK's default credential chain (instance role, environment, profile). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
  /** Prefix of every object key, e.g. 'portal/'. */
  prefix: string;
}

export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Reads and checks the environment; throws ConfigError listing every bad value. */
export function loadConfig(env: Record<string, string | undefined> = process.env): TConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ZEnv.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (e.NODE_ENV === 'production' && e.CAPTCHA_TEST_CODE) {
    problems.push('CAPTCHA_TEST_CODE: must not be set when NODE_ENV=production');
  }
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) {
    problems.push('JWT_SECRET: must be set when NODE_ENV=production');
  }
  const s3Set = Object.keys(cleaned).some((k) => k.startsWith('S3_'));
  if (s3Set && !e.S3_BUCKET) problems.push('S3_BUCKET: must be set when any S3_* variable is set');
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither');
  }
  if (e.HEADERS_TIMEOUT_SECONDS > e.REQUEST_TIMEOUT_SECONDS) {
    problems.push('HEADERS_TIMEOUT_SECONDS: must not be longer than REQUEST_TIMEOUT_SECONDS');
  }
  if (e.LOGIN_DELAY_SECONDS > e.LOGIN_DELAY_MAX_SECONDS) {
    problems.push('LOGIN_DELAY_SECONDS: must not be longer than LOGIN_DELAY_MAX_SECONDS');
  }
  const smsAdapter = e.SMS_ADAPTER ?? (e.NODE_ENV === 'production' ? 'disabled' : 'log');
  if (smsAdapter === 'aliyun') {
    for (const key of [
      'SMS_ALIYUN_ACCESS_KEY_ID',
      'SMS_ALIYUN_ACCESS_KEY_SECRET',
      'SMS_ALIYUN_TEMPLATE_CODE',
      'SMS_SIGN_NAME',
    ] as const) {
      if (!e[key]) problems.push(`${key}: must be set when SMS_ADAPTER=aliyun`);
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const dataDir = resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    pgliteDir: env.PGLITE_DIR ?? join(dataDir, 'pg'),
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    jwtSecret: e.JWT_SECRET ?? readOrCreateSecret(dataDir),
    captchaTestCode: e.CAPTCHA_TEST_CODE,
    logLevel: e.LOG_LEVEL,
    portalWebSecret: e.PORTAL_WEB_SECRET,
    webDist: e.WEB_DIST ? resolve(e.WEB_DIST) : resolve(import.meta.dirname, '../../../web/dist'),
    seedDemo: e.SEED_DEMO === 'true',
    accessTokenTtl: 2 * 60 * 60,
    refreshTokenTtl: 7 * 24 * 60 * 60,
    tokenParties: { issuer: 'portal', audience: 'portal-api' },
    session: {
      idleSeconds: e.SESSION_IDLE_MINUTES * 60,
      maxSeconds: e.SESSION_MAX_HOURS * 60 * 60,
      touchSeconds: Math.min(60, (e.SESSION_IDLE_MINUTES * 60) / 4),
    },
    logRetention: e.LOG_RETENTION,
    jobsEnabled: e.JOBS_ENABLED === 'true',
    jobsPollSeconds: e.JOBS_POLL_SECONDS,
    taskOverdueDays: e.TASK_OVERDUE_DAYS,
    listCountCap: e.LIST_COUNT_CAP,
    listTextWalkLimit: e.LIST_TEXT_WALK_LIMIT,
    listJumpMarkEvery: e.LIST_JUMP_MARK_EVERY,
    listSearchKeepSeconds: e.LIST_SEARCH_KEEP_SECONDS,
    files: {
      unattachedHours: e.FILES_UNATTACHED_HOURS,
      deletedRetentionDays: e.FILES_DELETED_RETENTION_DAYS,
      dailyMaxBytes: e.UPLOAD_DAILY_MAX_BYTES,
      dailyMaxFiles: e.UPLOAD_DAILY_MAX_FILES,
    },
    trustProxy: e.TRUST_PROXY ?? [],
    http: {
      requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
      headersTimeoutMs: e.HEADERS_TIMEOUT_SECONDS * 1000,
      connectionTimeoutMs: e.CONNECTION_TIMEOUT_SECONDS * 1000,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
      maxHeaderBytes: e.MAX_HEADER_BYTES,
    },
    loginBrake: {
      windowSeconds: 15 * 60,
      accountFreeFailures: 5,
      delaySeconds: e.LOGIN_DELAY_SECONDS,
      maxDelaySeconds: e.LOGIN_DELAY_MAX_SECONDS,
      addressMaxFailures: 30,
    },
    authCache: { ttlSeconds: e.AUTH_CACHE_SECONDS, maxEntries: e.AUTH_CACHE_MAX_ENTRIES },
    sms: {
      adapter: smsAdapter,
      signName: e.SMS_SIGN_NAME,
      ratePerMinute: e.SMS_RATE_PER_MINUTE,
      maxAttempts: e.SMS_MAX_ATTEMPTS,
      retryBaseSeconds: e.SMS_RETRY_BASE_SECONDS,
      timeoutMs: e.SMS_TIMEOUT_SECONDS * 1000,
      dispatchSeconds: e.SMS_DISPATCH_SECONDS,
      receiptSeconds: e.SMS_RECEIPT_SECONDS,
      receiptBaseSeconds: e.SMS_RECEIPT_BASE_SECONDS,
      receiptMaxChecks: e.SMS_RECEIPT_MAX_CHECKS,
      aliyun:
        smsAdapter === 'aliyun' &&
        e.SMS_ALIYUN_ACCESS_KEY_ID &&
        e.SMS_ALIYUN_ACCESS_KEY_SECRET &&
        e.SMS_ALIYUN_TEMPLATE_CODE
          ? {
              endpoint: e.SMS_ALIYUN_ENDPOINT,
              region: e.SMS_ALIYUN_REGION,
              accessKeyId: e.SMS_ALIYUN_ACCESS_KEY_ID,
              accessKeySecret: e.SMS_ALIYUN_ACCESS_KEY_SECRET,
              templateCode: e.SMS_ALIYUN_TEMPLATE_CODE,
              templateParam: e.SMS_ALIYUN_TEMPLATE_PARAM,
            }
          : undefined,
    },
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
          prefix: e.S3_PREFIX,
        }
      : undefined,
  };
}

/** Development convenience: a random secret generated once and kept under DATA_DIR. */
function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
