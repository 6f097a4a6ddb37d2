/**
 * Registered API clients (docs/decisions/0031-clients-and-logs.md): the administration's rules,
 * shared by the server routes and the web form.
 */
import { z } from 'zod';
import { bilingual } from '../i18n/bilingual.ts';

/** Who may list and manage the tenant's clients (SUPER_ADMIN through '*'). */
export const CLIENT_VIEW = 'system:client:view';
export const CLIENT_MANAGE = 'system:client:manage';

/** The built-in web client: never deleted or disabled (the portal would lock itself out). */
export const BUILT_IN_CLIENT_ID = 'portal-web';

/** Grant types a client may be allowed. */
export const GRANT_TYPES = {
  password: { zh: '密码登录', en: 'Password' },
  refresh_token: { zh: '刷新令牌', en: 'Refresh token' },
} as const;
export type TGrantType = keyof typeof GRANT_TYPES;
export const GRANT_TYPE_CODES = Object.keys(GRANT_TYPES) as [TGrantType, ...TGrantType[]];

/** Token lifetime bounds, in seconds: 5 minutes to 12 hours (access), 1 hour to 30 days (refresh). */
export const ACCESS_TTL = { min: 300, max: 12 * 3600 } as const;
export const REFRESH_TTL = { min: 3600, max: 30 * 86400 } as const;

const FORMAT = bilingual('格式不正确', 'Incorrect Format');
const REQUIRED = bilingual('不能为空', "Can't be empty");

const ttl = (bounds: { min: number; max: number }, zh: string, en: string) =>
  z
    .number({ error: FORMAT })
    .int(FORMAT)
    .min(
      bounds.min,
      bilingual(`${zh}不能少于 ${bounds.min} 秒`, `${en} must be at least ${bounds.min} seconds`),
    )
    .max(
      bounds.max,
      bilingual(`${zh}不能超过 ${bounds.max} 秒`, `${en} must be at most ${bounds.max} seconds`),
    )
    .nullable()
    .describe('seconds; null: the portal default');

/** The fields an administrator sets on a client (create and edit). */
export const ZClientFields = z
  .object({
    name: z
      .string({ error: REQUIRED })
      .trim()
      .min(1, REQUIRED)
      .max(100, bilingual('最多 100 个字符', 'At most 100 characters')),
    confidential: z.boolean({ error: FORMAT }),
    captchaExempt: z.boolean({ error: FORMAT }).default(false),
    grantTypes: z
      .array(z.enum(GRANT_TYPE_CODES, { error: FORMAT }), { error: FORMAT })
      .min(1, bilingual('至少选择一种授权方式', 'Choose at least one grant type'))
      .transform((v) => [...new Set(v)]),
    accessTokenSeconds: ttl(ACCESS_TTL, '访问令牌有效期', 'The access token lifetime').default(null),
    refreshTokenSeconds: ttl(REFRESH_TTL, '刷新令牌有效期', 'The refresh token lifetime').default(null),
    enabled: z.boolean({ error: FORMAT }).default(true),
  })
  .refine((v) => v.confidential || !v.captchaExempt, {
    path: ['captchaExempt'],
    error: bilingual(
      '只有机密客户端可以免验证码',
      'Only a confidential client may sign in without a captcha',
    ),
  });

/** A client id: 3 to 64 letters, digits, dots, underscores and hyphens; unique across tenants. */
export const ZClientIdField = z
  .string({ error: REQUIRED })
  .trim()
  .min(3, bilingual('客户端 ID 长度为 3 到 64 个字符', 'The client ID must be 3 to 64 characters'))
  .max(64, bilingual('客户端 ID 长度为 3 到 64 个字符', 'The client ID must be 3 to 64 characters'))
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._-]*$/,
    bilingual(
      '客户端 ID 只能包含字母、数字、点、下划线和连字符',
      'The client ID may hold letters, digits, dots, underscores and hyphens only',
    ),
  );

/** POST /authority/client: a new client; its secret is generated and answered once. */
export const ZClientCreate = ZClientFields.and(z.object({ clientId: ZClientIdField }));
export type TClientCreate = z.input<typeof ZClientCreate>;

/** PUT /authority/client: the fields of an existing client (the client ID never changes). */
export const ZClientUpdate = ZClientFields.and(z.object({ id: z.uuid({ error: FORMAT }) }));
export type TClientUpdate = z.input<typeof ZClientUpdate>;

export const ZClientPageBody = z.object({
  current: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
  model: z
    .object({
      clientId: z.string().trim().max(64, bilingual('最多 64 个字符', 'At most 64 characters')).optional(),
      name: z.string().trim().max(100, bilingual('最多 100 个字符', 'At most 100 characters')).optional(),
      enabled: z.boolean({ error: FORMAT }).optional(),
    })
    .default({}),
});
export type TClientPageBody = z.input<typeof ZClientPageBody>;

export const ZClientRecord = z.object({
  id: z.string(),
  clientId: z.string(),
  name: z.string(),
  confidential: z.boolean(),
  captchaExempt: z.boolean(),
  grantTypes: z.array(z.string()),
  accessTokenSeconds: z.number().int().nullable(),
  refreshTokenSeconds: z.number().int().nullable(),
  enabled: z.boolean(),
  /** The built-in web client (shared by every tenant): read-only here. */
  builtIn: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string().nullable(),
});
export type TClientRecord = z.infer<typeof ZClientRecord>;

export const ZClientPage = z.object({
  records: z.array(ZClientRecord),
  current: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
});
export type TClientPage = z.infer<typeof ZClientPage>;

/** A client with its secret: the answer of create and of reset secret, the only time it shows. */
export const ZClientWithSecret = z.object({ client: ZClientRecord, clientSecret: z.string() });
export type TClientWithSecret = z.infer<typeof ZClientWithSecret>;

export const ZClientId = z.object({ id: z.uuid({ error: FORMAT }) });
export const ZClientEnabled = z.object({
  id: z.uuid({ error: FORMAT }),
  enabled: z.boolean({ error: FORMAT }),
});
