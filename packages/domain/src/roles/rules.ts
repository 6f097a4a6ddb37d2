/**
 * Rules of the role administration (issue 14; spec document 2 sections 2, 3 'Role', 8), shared
 * by the server routes and the web forms. Decision 0033.
 */
import { z } from 'zod';
import { ERRORS } from '../errors/catalogue.ts';
import { bilingual } from '../i18n/bilingual.ts';

/** Permission codes of the role administration (SUPER_ADMIN holds them through '*'). */
export const ROLE_PERMISSIONS = {
  VIEW: 'authority:role:view',
  ADD: 'authority:role:add',
  EDIT: 'authority:role:edit',
  DELETE: 'authority:role:delete',
  /** Choosing a role's menus and permissions. */
  AUTHORIZE: 'authority:role:authorize',
  /** Giving the role to users and taking it back. */
  USERS: 'authority:role:users',
} as const;

/** Data scopes a role may carry (stored; applying them is the organisations' work). */
export const DATA_SCOPE = {
  all: { code: 'all', zh: '全部数据', en: 'All data' },
  org_and_below: { code: 'org_and_below', zh: '本机构及以下', en: 'Own organisation and below' },
  org: { code: 'org', zh: '本机构', en: 'Own organisation' },
  self: { code: 'self', zh: '仅本人', en: 'Self only' },
  custom: { code: 'custom', zh: '自定义机构', en: 'Custom organisations' },
} as const;
export const DATA_SCOPE_CODES = ['all', 'org_and_below', 'org', 'self', 'custom'] as const;
export type TDataScope = (typeof DATA_SCOPE_CODES)[number];

/**
 * The roles the product itself relies on: they cannot be deleted, disabled or given another
 * code, and keep the grants listed here (SUPER_ADMIN keeps '*' and cannot be edited at all).
 */
export const BUILT_IN_ROLES: Readonly<Record<string, { permissions: readonly string[] }>> = {
  SUPER_ADMIN: { permissions: ['*'] },
  SMART_PORTAL: {
    permissions: ['drsystem:homePage:view', 'drsystem:providerTask:*', 'drsystem:doctorTask:*'],
  },
  AUDITOR: { permissions: ['drsystem:homePage:view'] },
  NET_VIEW: { permissions: ['drsystem:homePage:view', 'drsystem:homePage:netView'] },
  CLAIM_ADMIN: { permissions: ['claim:*'] },
};

/** True for a role the product relies on. */
export const isBuiltInRole = (code: string): boolean => Object.hasOwn(BUILT_IN_ROLES, code.toUpperCase());

const FORMAT = bilingual(ERRORS.VALIDATION.zh, ERRORS.VALIDATION.en);
const noPipeOrCaret = (v: string) => !/[|^]/.test(v);
const pipeMessage = bilingual(ERRORS.SPECIAL_CHARACTERS.zh, ERRORS.SPECIAL_CHARACTERS.en);

export const ROLE_CODE_MESSAGE = bilingual(
  '角色编码为 2 到 64 位字母、数字或下划线，以字母开头',
  'The role code is 2 to 64 letters, digits or underscores, starting with a letter',
);

const ZRoleFields = {
  name: z
    .string({ error: bilingual('请输入角色名称', 'Please enter the role name') })
    .trim()
    .min(1, bilingual('请输入角色名称', 'Please enter the role name'))
    .max(50, bilingual('角色名称最多 50 个字符', 'The role name is at most 50 characters'))
    .refine(noPipeOrCaret, { error: pipeMessage }),
  nameEn: z
    .string({ error: bilingual('请输入英文名称', 'Please enter the English name') })
    .trim()
    .min(1, bilingual('请输入英文名称', 'Please enter the English name'))
    .max(100, bilingual('英文名称最多 100 个字符', 'The English name is at most 100 characters'))
    .refine(noPipeOrCaret, { error: pipeMessage }),
  description: z
    .string()
    .trim()
    .max(500, bilingual('描述最多 500 个字符', 'The description is at most 500 characters'))
    .refine(noPipeOrCaret, { error: pipeMessage })
    .default(''),
  dataScope: z.enum(DATA_SCOPE_CODES, {
    error: bilingual('请选择数据范围', 'Please select the data scope'),
  }),
  enabled: z.boolean({ error: FORMAT }).default(true),
  /** The organisations of the data scope 'custom' (decision 0028); ignored for the other scopes. */
  organisationIds: z
    .array(z.uuid({ error: FORMAT }))
    .max(500, FORMAT)
    .default([]),
};

/** The data scope 'custom' needs at least one organisation. */
export const CUSTOM_SCOPE_MESSAGE = bilingual(
  '自定义机构的数据范围请至少选择一个机构',
  'Choose at least one organisation for the data scope custom organisations',
);
const checkCustomScope = (
  v: { dataScope: string; organisationIds: string[] },
  ctx: { addIssue: (issue: { code: 'custom'; path: string[]; message: string }) => void },
) => {
  if (v.dataScope === 'custom' && v.organisationIds.length === 0)
    ctx.addIssue({ code: 'custom', path: ['organisationIds'], message: CUSTOM_SCOPE_MESSAGE });
};

/** The grants of a role: the menus it shows and the permission strings it grants. */
export const ZRoleGrants = z.object({
  menuIds: z
    .array(z.uuid({ error: FORMAT }))
    .max(1000, FORMAT)
    .default([]),
  permissions: z.array(z.string().trim().min(1, FORMAT).max(200, FORMAT)).max(2000, FORMAT).default([]),
});

/** POST /authority/role: a new role with its grants. */
export const ZRoleCreate = z
  .object({
    code: z
      .string({ error: bilingual('请输入角色编码', 'Please enter the role code') })
      .trim()
      .min(1, bilingual('请输入角色编码', 'Please enter the role code'))
      .regex(/^[A-Za-z][A-Za-z0-9_]{1,63}$/, ROLE_CODE_MESSAGE),
    ...ZRoleFields,
    ...ZRoleGrants.shape,
  })
  .superRefine(checkCustomScope);
export type TRoleCreate = z.input<typeof ZRoleCreate>;

/** PUT /authority/role: a role's fields and grants (the code never changes). */
export const ZRoleEdit = z
  .object({ id: z.uuid({ error: FORMAT }), ...ZRoleFields, ...ZRoleGrants.shape })
  .superRefine(checkCustomScope);
export type TRoleEdit = z.input<typeof ZRoleEdit>;

/** DELETE /authority/role: roles to delete; `removeFromUsers` confirms taking them from their users. */
export const ZRoleDelete = z.object({
  ids: z
    .array(z.uuid({ error: FORMAT }))
    .min(1, bilingual(ERRORS.NO_DATA_SELECTED.zh, ERRORS.NO_DATA_SELECTED.en))
    .max(100, FORMAT),
  removeFromUsers: z.boolean({ error: FORMAT }).default(false),
});

/** PUT /authority/role/enabled */
export const ZRoleEnable = z.object({ id: z.uuid({ error: FORMAT }), enabled: z.boolean({ error: FORMAT }) });

/** The filters of the role list. */
export const ZRoleFilter = z.object({
  code: z.string().trim().max(64, FORMAT).optional(),
  name: z.string().trim().max(100, FORMAT).optional(),
  dataScope: z.enum(DATA_SCOPE_CODES, { error: FORMAT }).optional(),
  enabled: z.boolean({ error: FORMAT }).optional(),
});
export type TRoleFilter = z.infer<typeof ZRoleFilter>;

/** POST /authority/role/page */
export const ZRolePageBody = z.object({
  current: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
  model: ZRoleFilter.default({}),
});
export type TRolePageBody = z.input<typeof ZRolePageBody>;

/** PUT and DELETE /authority/role/users: users to give the role to, or take it from. */
export const ZRoleUsersChange = z.object({
  roleId: z.uuid({ error: FORMAT }),
  userIds: z
    .array(z.uuid({ error: FORMAT }))
    .min(1, bilingual(ERRORS.NO_DATA_SELECTED.zh, ERRORS.NO_DATA_SELECTED.en))
    .max(500, FORMAT),
});
export type TRoleUsersChange = z.input<typeof ZRoleUsersChange>;

/** POST /authority/role/users/page: a page of the role's users. */
export const ZRoleUsersPageBody = z.object({
  current: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
  model: z.object({
    roleId: z.uuid({ error: FORMAT }),
    keyword: z.string().trim().max(100, FORMAT).optional(),
  }),
});
export type TRoleUsersPageBody = z.input<typeof ZRoleUsersPageBody>;

/** A role as the administration sees it. */
export interface TAdminRole {
  id: string;
  code: string;
  name: string;
  nameEn: string;
  description: string;
  dataScope: TDataScope;
  enabled: boolean;
  builtIn: boolean;
  userCount: number;
  createdAt: string;
}

/** A role with its grants (the drawer). */
export interface TAdminRoleDetail extends TAdminRole {
  menuIds: string[];
  permissions: string[];
  /** The organisations of the data scope 'custom' (decision 0028). */
  organisationIds: string[];
}

/** A node of the menu tree of the grant picker: a menu with its submenus and resources. */
export interface TMenuTreeNode {
  id: string;
  name: string;
  title: string;
  titleEn: string;
  hidden: boolean;
  children: TMenuTreeNode[];
  resources: { id: string; code: string; name: string; nameEn: string }[];
}
