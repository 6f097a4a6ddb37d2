/**
 * Provider account administration (docs/decisions/0027-provider-accounts.md): the shapes the
 * server routes and the web screen share.
 */
import { z } from 'zod';
import { PROVIDER_ACCOUNT_STATUS, PROVIDER_SIGN_STATUS } from '../dictionaries/codes.ts';
import { bilingual } from '../i18n/bilingual.ts';
import { PROVIDER_FUNCTION_CODES } from './codes.ts';

/** Read the provider accounts and their staff. */
export const PROVIDER_ACCOUNT_VIEW = 'authority:providerAccount:view';
/** Change a provider's status, signed status and switches. */
export const PROVIDER_ACCOUNT_EDIT = 'authority:providerAccount:edit';

const FORMAT = bilingual('格式不正确', 'Incorrect Format');
const REQUIRED = bilingual('不能为空', "Can't be empty");

const ZStatus = z.enum([PROVIDER_ACCOUNT_STATUS.VALID.code, PROVIDER_ACCOUNT_STATUS.INVALID.code], {
  error: FORMAT,
});
const ZSignStatus = z.enum([PROVIDER_SIGN_STATUS.SIGNED.code, PROVIDER_SIGN_STATUS.UNSIGNED.code], {
  error: FORMAT,
});
const ZProviderId = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .max(64, bilingual('最多 64 个字符', 'At most 64 characters'));

/** POST /authority/providerAccount/page. */
export const ZProviderAccountPageBody = z.object({
  current: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
  model: z
    .object({
      /** Part of the provider id, any case. */
      providerId: z.string().trim().max(64, bilingual('最多 64 个字符', 'At most 64 characters')).optional(),
      /** Part of the Chinese or English name, any case. */
      providerName: z
        .string()
        .trim()
        .max(200, bilingual('最多 200 个字符', 'At most 200 characters'))
        .optional(),
      status: ZStatus.optional(),
      signStatus: ZSignStatus.optional(),
    })
    .default({}),
});
export type TProviderAccountPageBody = z.input<typeof ZProviderAccountPageBody>;

export const ZProviderAccount = z.object({
  providerId: z.string(),
  providerCnName: z.string(),
  providerEnName: z.string(),
  status: z.string(),
  signStatus: z.string(),
  invoiceEnabled: z.boolean(),
  investigationEnabled: z.boolean(),
  appointmentEnabled: z.boolean(),
  medicalExpenseEnabled: z.boolean(),
  medicalExpenseAutoConfirm: z.boolean(),
  /** Number of the provider's staff accounts. */
  staffCount: z.number().int(),
  /** The optimistic version: send it back with a change. */
  version: z.number().int(),
  updatedAt: z.string(),
});
export type TProviderAccount = z.infer<typeof ZProviderAccount>;

export const ZProviderAccountPage = z.object({
  records: z.array(ZProviderAccount),
  current: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
});
export type TProviderAccountPage = z.infer<typeof ZProviderAccountPage>;

/** PUT /authority/providerAccount: the whole setting of one provider, with the version read. */
export const ZProviderAccountUpdate = z
  .object({
    providerId: ZProviderId,
    version: z.number({ error: REQUIRED }).int(FORMAT).min(0, FORMAT),
    status: ZStatus,
    signStatus: ZSignStatus,
    invoiceEnabled: z.boolean({ error: FORMAT }),
    investigationEnabled: z.boolean({ error: FORMAT }),
    appointmentEnabled: z.boolean({ error: FORMAT }),
    medicalExpenseEnabled: z.boolean({ error: FORMAT }),
    medicalExpenseAutoConfirm: z.boolean({ error: FORMAT }),
  })
  .refine((v) => v.medicalExpenseEnabled || !v.medicalExpenseAutoConfirm, {
    path: ['medicalExpenseAutoConfirm'],
    message: bilingual(
      '自动确认须先开启医疗费用管理',
      'Auto-confirm needs medical expense management switched on',
    ),
  });
export type TProviderAccountUpdate = z.input<typeof ZProviderAccountUpdate>;

/** POST /authority/providerAccount/staff: a page of one provider's staff accounts. */
export const ZProviderStaffPageBody = z.object({
  providerId: ZProviderId,
  current: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
});
export type TProviderStaffPageBody = z.input<typeof ZProviderStaffPageBody>;

export const ZProviderStaff = z.object({
  userId: z.string(),
  account: z.string(),
  name: z.string(),
  nameEn: z.string(),
  enabled: z.boolean(),
  lastLoginAt: z.string().nullable(),
});
export type TProviderStaff = z.infer<typeof ZProviderStaff>;

export const ZProviderStaffPage = z.object({
  records: z.array(ZProviderStaff),
  current: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
});
export type TProviderStaffPage = z.infer<typeof ZProviderStaffPage>;

/**
 * GET /claim/providerExt/queryAbility: the caller's provider and its switches. `functions` are
 * the provider functions the caller may use now (null for operator staff, who are not limited
 * by provider switches); the web hides menus and routes of the others.
 */
export const ZProviderAbility = z.object({
  providerId: z.string().nullable(),
  status: z.string().nullable(),
  signStatus: z.string().nullable(),
  invoiceEnabled: z.boolean(),
  investigationEnabled: z.boolean(),
  appointmentEnabled: z.boolean(),
  medicalExpenseEnabled: z.boolean(),
  medicalExpenseAutoConfirm: z.boolean(),
  functions: z.array(z.enum(PROVIDER_FUNCTION_CODES)).nullable(),
});
export type TProviderAbility = z.infer<typeof ZProviderAbility>;
