/**
 * Rules of the personal centre (/profile/index), shared by the server routes and the web forms.
 */
import { z } from 'zod';
import { ERRORS } from '../errors/catalogue.ts';
import { bilingual } from '../i18n/bilingual.ts';

/** Characters the personal-centre password must not contain (spec section 5). */
export const PASSWORD_FORBIDDEN_CHARACTERS = ['@', '_', '-', '.', '#'] as const;

const PASSWORD_MIN = 8;
const PASSWORD_MAX = 15;

/**
 * A new password set in the personal centre (and on /forceUpdatePwd): 8 to 15 characters, no
 * spaces, at least one letter and one number, none of @ _ - . #.
 */
export const ZNewPassword = z
  .string({ error: bilingual('请输入新密码', 'Please enter the new password') })
  .min(1, bilingual('请输入新密码', 'Please enter the new password'))
  .min(PASSWORD_MIN, bilingual('密码长度为 8 到 15 个字符', 'The password must be 8 to 15 characters'))
  .max(PASSWORD_MAX, bilingual('密码长度为 8 到 15 个字符', 'The password must be 8 to 15 characters'))
  .refine((v) => !/\s/.test(v), {
    error: bilingual('密码不能包含空格', 'The password must not contain spaces'),
  })
  .refine((v) => /[A-Za-z]/.test(v) && /[0-9]/.test(v), {
    error: bilingual(
      '密码至少包含一个字母和一个数字',
      'The password needs at least one letter and one number',
    ),
  })
  .refine((v) => !PASSWORD_FORBIDDEN_CHARACTERS.some((c) => v.includes(c)), {
    error: bilingual('密码不能包含 @ _ - . # 字符', 'The password must not contain the characters @ _ - . #'),
  });

/** Body of PUT /authority/user/password as the server validates it field by field. */
export const ZPasswordChangeFields = z.object({
  oldPassword: z
    .string({ error: bilingual('请输入旧密码', 'Please enter the old password') })
    .min(1, bilingual('请输入旧密码', 'Please enter the old password'))
    .max(64),
  newPassword: ZNewPassword,
  confirmPassword: z
    .string({ error: bilingual('请再次输入新密码', 'Please confirm the new password') })
    .min(1, bilingual('请再次输入新密码', 'Please confirm the new password'))
    .max(64),
});
export type TPasswordChange = z.infer<typeof ZPasswordChangeFields>;

/** True when the confirmation repeats the new password. */
export const passwordsMatch = (v: Pick<TPasswordChange, 'newPassword' | 'confirmPassword'>): boolean =>
  v.newPassword === v.confirmPassword;

/** 'Password mismatch' in both languages (catalogue PASSWORD_MISMATCH). */
export const PASSWORD_MISMATCH_MESSAGE = bilingual(ERRORS.PASSWORD_MISMATCH.zh, ERRORS.PASSWORD_MISMATCH.en);

/** The password-change form: the field rules plus "confirmation must match" on confirmPassword. */
export const ZPasswordChange = ZPasswordChangeFields.refine(passwordsMatch, {
  path: ['confirmPassword'],
  error: PASSWORD_MISMATCH_MESSAGE,
});

const noPipeOrCaret = (v: string) => !/[|^]/.test(v);
const pipeMessage = bilingual(ERRORS.SPECIAL_CHARACTERS.zh, ERRORS.SPECIAL_CHARACTERS.en);

/** Body of PUT /authority/user/base: the user's own names and work description. */
export const ZUserBase = z.object({
  name: z
    .string({ error: bilingual('请输入姓名', 'Please enter the name') })
    .trim()
    .min(1, bilingual('请输入姓名', 'Please enter the name'))
    .max(50, bilingual('姓名最多 50 个字符', 'The name is at most 50 characters'))
    .refine(noPipeOrCaret, { error: pipeMessage }),
  nameEn: z
    .string()
    .trim()
    .max(100, bilingual('英文名最多 100 个字符', 'The English name is at most 100 characters'))
    .refine(noPipeOrCaret, { error: pipeMessage })
    .default(''),
  workDescribe: z
    .string()
    .trim()
    .max(500, bilingual('工作描述最多 500 个字符', 'The work description is at most 500 characters'))
    .refine(noPipeOrCaret, { error: pipeMessage })
    .default(''),
});
export type TUserBase = z.input<typeof ZUserBase>;

/** Avatar uploads: jpg or png, at most 10 MB (spec section 5, "Image uploads ... up to 10 MB"). */
export const AVATAR_MAX_BYTES = 10 * 1024 * 1024;
export const AVATAR_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;

/* ------------------------------------------------------------------------------------------
 * User administration (issue 13; spec document 1 section 5, document 2 section 5).
 * ------------------------------------------------------------------------------------------ */

/** Permission codes of the user administration (SUPER_ADMIN holds them through '*'). */
export const USER_PERMISSIONS = {
  VIEW: 'authority:user:view',
  ADD: 'authority:user:add',
  EDIT: 'authority:user:edit',
  DELETE: 'authority:user:delete',
  RESET: 'authority:user:reset',
  RELOAD: 'authority:user:reload',
  IMPORT: 'authority:user:import',
  EXPORT: 'authority:user:export',
} as const;

/** The user type of provider (hospital) staff; every other type is operator-side staff. */
export const PROVIDER_USER_TYPE = '02';
/** The user types of the user_type code table (dictionaries USER_TYPE). */
export const USER_TYPE_CODES = ['01', '02', '03', '04'] as const;

export const ACCOUNT_MAX = 30;
const ACCOUNT_PATTERN = /^[A-Za-z0-9_-]{1,30}$/;

export const ACCOUNT_REQUIRED_MESSAGE = bilingual('请输入账号', 'Please enter the account');
export const ACCOUNT_FORMAT_MESSAGE = bilingual(
  '账号为 1 到 30 位字母、数字、- 或 _',
  'The account must be 1 to 30 letters, digits, - or _',
);
export const ACCOUNT_PROVIDER_PREFIX_MESSAGE = bilingual(
  '医疗机构人员账号不能以 P 或 SP 开头（不区分大小写）',
  'A provider staff account must not start with P or SP (in any case)',
);

/**
 * The problem of an account for a user type, or null: 1 to 30 letters, digits, '-' and '_'; a
 * provider staff account must not start with P or SP in any case (those are provider ids).
 */
export function accountProblem(account: string, userType: string): string | null {
  if (account === '') return ACCOUNT_REQUIRED_MESSAGE;
  if (!ACCOUNT_PATTERN.test(account)) return ACCOUNT_FORMAT_MESSAGE;
  if (userType === PROVIDER_USER_TYPE && /^s?p/i.test(account)) return ACCOUNT_PROVIDER_PREFIX_MESSAGE;
  return null;
}

export const USER_PASSWORD_LENGTH_MESSAGE = bilingual(
  '密码长度为 8 到 15 个字符',
  'The password must be 8 to 15 characters',
);
export const USER_PASSWORD_CHARACTERS_MESSAGE = bilingual(
  '密码只能包含字母和数字，不能有空格或特殊字符',
  'The password may hold only letters and digits, no spaces or special characters',
);
export const USER_PASSWORD_STRENGTH_MESSAGE = bilingual(
  '密码至少包含一个大写字母和一个数字',
  'The password needs at least one capital letter and one digit',
);

/**
 * The problem of a password an administrator sets for a user, or null: 8 to 15 letters and
 * digits only, at least one capital letter and one digit.
 */
export function userPasswordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return USER_PASSWORD_LENGTH_MESSAGE;
  if (!/^[A-Za-z0-9]+$/.test(password)) return USER_PASSWORD_CHARACTERS_MESSAGE;
  if (!/[A-Z]/.test(password) || !/[0-9]/.test(password)) return USER_PASSWORD_STRENGTH_MESSAGE;
  return null;
}

export const EMAIL_INVALID_MESSAGE = bilingual(ERRORS.EMAIL_INVALID.zh, ERRORS.EMAIL_INVALID.en);
export const MOBILE_INVALID_MESSAGE = bilingual(ERRORS.PHONE_INVALID.zh, ERRORS.PHONE_INVALID.en);
const EMAIL = /^[^\s@;,]+@[^\s@;,]+\.[^\s@;,]+$/;
/** Mainland mobile numbers: 11 digits starting 13-19, optionally with +86 / 86 (the number is group 1). */
export const MAINLAND_MOBILE = /^(?:\+?86)?(1[3-9]\d{9})$/;
export const isEmail = (v: string): boolean => EMAIL.test(v);
export const isMainlandMobile = (v: string): boolean => MAINLAND_MOBILE.test(v);

const FORMAT = bilingual(ERRORS.VALIDATION.zh, ERRORS.VALIDATION.en);
export const PROVIDER_REQUIRED_MESSAGE = bilingual(
  '医疗机构人员必须选择所属医疗机构',
  'Provider staff must belong to a provider',
);
export const PROVIDER_FOR_OPERATOR_MESSAGE = bilingual(
  '运营人员不能关联医疗机构',
  'Operator staff are never linked to a provider',
);

const ZPersonFields = {
  name: ZUserBase.shape.name,
  nameEn: ZUserBase.shape.nameEn,
  email: z
    .string()
    .trim()
    .max(200, bilingual('邮箱最多 200 个字符', 'The email is at most 200 characters'))
    .refine((v) => v === '' || isEmail(v), { error: EMAIL_INVALID_MESSAGE })
    .default(''),
  mobile: z
    .string()
    .trim()
    .refine((v) => v === '' || isMainlandMobile(v), { error: MOBILE_INVALID_MESSAGE })
    .default(''),
  userType: z.enum(USER_TYPE_CODES, { error: bilingual('请选择用户类型', 'Please select the user type') }),
  providerId: z
    .string()
    .trim()
    .max(64, FORMAT)
    .nullish()
    .transform((v) => v || null),
  roleIds: z
    .array(z.uuid({ error: FORMAT }))
    .max(50, FORMAT)
    .default([]),
  enabled: z.boolean().default(true),
  /** The organisation the user belongs to (decision 0028); null: none. */
  orgId: z
    .uuid({ error: FORMAT })
    .nullish()
    .transform((v) => v ?? null),
};

/** The email and mobile fields of a user (also the web form's rules). */
export const ZUserEmail = ZPersonFields.email;
export const ZUserMobile = ZPersonFields.mobile;

/** A provider user has a provider; an operator-side user never has one. */
function checkProvider(
  v: { userType: string; providerId: string | null },
  ctx: { addIssue: (issue: { code: 'custom'; path: string[]; message: string }) => void },
) {
  if (v.userType === PROVIDER_USER_TYPE && !v.providerId)
    ctx.addIssue({ code: 'custom', path: ['providerId'], message: PROVIDER_REQUIRED_MESSAGE });
  if (v.userType !== PROVIDER_USER_TYPE && v.providerId)
    ctx.addIssue({ code: 'custom', path: ['providerId'], message: PROVIDER_FOR_OPERATOR_MESSAGE });
}

/** POST /authority/user: a new user with an initial password that must change at first sign-in. */
export const ZUserCreate = z
  .object({
    account: z.string({ error: ACCOUNT_REQUIRED_MESSAGE }).trim(),
    password: z.string({ error: bilingual('请输入密码', 'Please enter the password') }),
    ...ZPersonFields,
  })
  .superRefine((v, ctx) => {
    const account = accountProblem(v.account, v.userType);
    if (account) ctx.addIssue({ code: 'custom', path: ['account'], message: account });
    const password = userPasswordProblem(v.password);
    if (password) ctx.addIssue({ code: 'custom', path: ['password'], message: password });
    checkProvider(v, ctx);
  });
export type TUserCreate = z.input<typeof ZUserCreate>;

/** PUT /authority/user: the user's fields but the account and the password. */
export const ZUserEdit = z
  .object({ id: z.uuid({ error: FORMAT }), ...ZPersonFields })
  .superRefine((v, ctx) => checkProvider(v, ctx));
export type TUserEdit = z.input<typeof ZUserEdit>;

/** DELETE /authority/user: the ids of the users to delete. */
export const ZUserIds = z.object({
  ids: z
    .array(z.uuid({ error: FORMAT }))
    .min(1, bilingual(ERRORS.NO_DATA_SELECTED.zh, ERRORS.NO_DATA_SELECTED.en))
    .max(500, FORMAT),
});

/** PUT /authority/user/enabled: switches users on or off. */
export const ZUserEnable = ZUserIds.extend({ enabled: z.boolean({ error: FORMAT }) });

/** The sortable columns of the user list. */
export const USER_SORTS = ['account', 'name', 'userType', 'createdAt', 'lastLoginAt'] as const;

/** The filters of the user list (page and export). */
export const ZUserFilter = z.object({
  account: z.string().trim().max(30, FORMAT).optional(),
  name: z.string().trim().max(100, FORMAT).optional(),
  userType: z.enum(USER_TYPE_CODES, { error: FORMAT }).optional(),
  providerId: z.string().trim().max(64, FORMAT).optional(),
  roleId: z.uuid({ error: FORMAT }).optional(),
  orgId: z.uuid({ error: FORMAT }).optional(),
  enabled: z.boolean({ error: FORMAT }).optional(),
  createdFrom: z.iso.datetime({ offset: true, error: FORMAT }).optional(),
  createdTo: z.iso.datetime({ offset: true, error: FORMAT }).optional(),
});
export type TUserFilter = z.infer<typeof ZUserFilter>;

/** POST /authority/user/page: the generic list request (current, size, sort, order, model). */
export const ZUserPageBody = z.object({
  current: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
  sort: z.enum(USER_SORTS, { error: FORMAT }).default('createdAt'),
  order: z
    .enum(['ascending', 'descending', 'asc', 'desc'], { error: FORMAT })
    .default('descending')
    .transform((v) => (v === 'ascending' || v === 'asc' ? 'asc' : 'desc')),
  model: ZUserFilter.default({}),
});
export type TUserPageBody = z.input<typeof ZUserPageBody>;

/** How an import commits: every row or none, or the valid rows only. */
export const IMPORT_MODES = ['all-or-nothing', 'valid-only'] as const;
export type TImportMode = (typeof IMPORT_MODES)[number];

/**
 * POST /authority/user/import: commits a previewed upload. Every imported user gets the one
 * initial `password` (user password rule) and must change it at the first sign-in.
 */
export const ZUserImportCommit = z
  .object({
    token: z.string().trim().min(1, FORMAT).max(64, FORMAT),
    mode: z.enum(IMPORT_MODES, { error: FORMAT }),
    password: z.string({ error: bilingual('请输入初始密码', 'Please enter the initial password') }),
  })
  .superRefine((v, ctx) => {
    const problem = userPasswordProblem(v.password);
    if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
  });
export type TUserImportCommit = z.input<typeof ZUserImportCommit>;

/** The columns of the import template, in order (the header row carries both languages). */
export const IMPORT_COLUMNS = [
  { key: 'account', zh: '账号', en: 'Account' },
  { key: 'name', zh: '姓名', en: 'Name' },
  { key: 'nameEn', zh: '英文名', en: 'English name' },
  { key: 'userType', zh: '用户类型', en: 'User type' },
  { key: 'providerId', zh: '医疗机构编号', en: 'Provider ID' },
  { key: 'roles', zh: '角色编码', en: 'Role codes' },
  { key: 'email', zh: '邮箱', en: 'Email' },
  { key: 'mobile', zh: '手机号', en: 'Mobile' },
] as const;
export type TImportColumn = (typeof IMPORT_COLUMNS)[number]['key'];

/** Rows of one import file at most. */
export const IMPORT_MAX_ROWS = 5000;
/** Bytes of one import file at most. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/** One row of an import file as read (every cell as text); roles are role codes separated by commas. */
export const ZUserImportRow = z
  .object({
    account: z.string().trim(),
    name: ZPersonFields.name,
    nameEn: ZPersonFields.nameEn,
    userType: ZPersonFields.userType,
    providerId: ZPersonFields.providerId,
    roles: z
      .string()
      .trim()
      .max(500, FORMAT)
      .transform((v) =>
        v
          .split(/[,，;；]/)
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    email: ZPersonFields.email,
    mobile: ZPersonFields.mobile,
  })
  .superRefine((v, ctx) => {
    const account = accountProblem(v.account, v.userType);
    if (account) ctx.addIssue({ code: 'custom', path: ['account'], message: account });
    checkProvider(v, ctx);
  });
export type TUserImportRow = z.output<typeof ZUserImportRow>;

/** A problem of one row of an import file, in both languages. */
export interface TImportRowError {
  /** The spreadsheet row number (the header is row 1). */
  row: number;
  account: string;
  field: string;
  msg: string;
  msg_en: string;
}

/** The preview of an import: what would be created and what is wrong, row by row. */
export interface TImportPreview {
  token: string;
  total: number;
  valid: number;
  invalid: number;
  errors: TImportRowError[];
  expiresAt: string;
}

export const ACCOUNT_DUPLICATE_IN_FILE_MESSAGE = bilingual(
  '账号在文件中重复出现（第 {row} 行）',
  'The account appears twice in the file (row {row})',
);
export const ROLE_CODE_UNKNOWN_MESSAGE = bilingual(
  '角色编码 {code} 不存在',
  'Role code {code} does not exist',
);
