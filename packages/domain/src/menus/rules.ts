/**
 * Rules of the menu and resource administration (issue 14; spec document 1 sections 2 and 6,
 * document 2 section 2), shared by the server routes and the web tree screen. Decision 0029.
 */
import { z } from 'zod';
import { ERRORS } from '../errors/catalogue.ts';
import { bilingual } from '../i18n/bilingual.ts';
import { isKnownComponent } from './page-components.ts';

/** Permission codes of the menu administration (SUPER_ADMIN holds them through '*'). */
export const MENU_PERMISSIONS = {
  VIEW: 'authority:menu:view',
  ADD: 'authority:menu:add',
  EDIT: 'authority:menu:edit',
  DELETE: 'authority:menu:delete',
} as const;

/** The menu groups: the default tree, and the customer-portal tree /transfer?free selects. */
export const MENU_GROUPS = {
  default: { zh: '默认菜单', en: 'Default menu' },
  smartPortal: { zh: '客户门户菜单（smartPortal）', en: 'Customer portal menu (smartPortal)' },
} as const;
export type TMenuGroup = keyof typeof MENU_GROUPS;
export const MENU_GROUP_CODES = Object.keys(MENU_GROUPS) as [TMenuGroup, ...TMenuGroup[]];

const FORMAT = bilingual(ERRORS.VALIDATION.zh, ERRORS.VALIDATION.en);
const noPipeOrCaret = (v: string) => !/[|^]/.test(v);
const pipeMessage = bilingual(ERRORS.SPECIAL_CHARACTERS.zh, ERRORS.SPECIAL_CHARACTERS.en);

const title = z
  .string({ error: bilingual('请输入中文标题', 'Please enter the Chinese title') })
  .trim()
  .min(1, bilingual('请输入中文标题', 'Please enter the Chinese title'))
  .max(50, bilingual('中文标题最多 50 个字符', 'The Chinese title is at most 50 characters'))
  .refine(noPipeOrCaret, { error: pipeMessage });
const titleEn = z
  .string({ error: bilingual('请输入英文标题', 'Please enter the English title') })
  .trim()
  .min(1, bilingual('请输入英文标题', 'Please enter the English title'))
  .max(100, bilingual('英文标题最多 100 个字符', 'The English title is at most 100 characters'))
  .refine(noPipeOrCaret, { error: pipeMessage });
const icon = z
  .string()
  .trim()
  .max(64, FORMAT)
  .regex(/^([A-Z][A-Za-z]*)?$/, bilingual('图标名称格式不正确', 'The icon name is not valid'))
  .default('');
const sortOrder = z.coerce
  .number({ error: bilingual('排序须为 0 到 9999 的整数', 'The order is a whole number from 0 to 9999') })
  .int(bilingual('排序须为 0 到 9999 的整数', 'The order is a whole number from 0 to 9999'))
  .min(0, bilingual('排序须为 0 到 9999 的整数', 'The order is a whole number from 0 to 9999'))
  .max(9999, bilingual('排序须为 0 到 9999 的整数', 'The order is a whole number from 0 to 9999'));

export const MENU_PATH_MESSAGE = bilingual(
  '路径由字母、数字及 / - _ . : 组成，不含空格；外部链接以 http(s):// 开头',
  'A path is letters, digits and / - _ . : without spaces; an external link starts with http(s)://',
);
export const MENU_NAME_MESSAGE = bilingual(
  '路由名称为 2 到 64 位字母、数字、短横线或下划线，以字母开头',
  'The route name is 2 to 64 letters, digits, hyphens or underscores, starting with a letter',
);
export const MENU_COMPONENT_MESSAGE = bilingual(
  '请选择前端已有的页面组件',
  'Please choose a page component the web app has',
);

const path = z
  .string({ error: bilingual('请输入路径', 'Please enter the path') })
  .trim()
  .min(1, bilingual('请输入路径', 'Please enter the path'))
  .max(300, bilingual('路径最多 300 个字符', 'The path is at most 300 characters'))
  .regex(/^(https?:\/\/[^\s|^]+|[A-Za-z0-9_\-.:/]+)$/, MENU_PATH_MESSAGE);

/** The fields an administrator edits on any menu entry, built-in or not. */
const ZMenuDisplay = {
  title,
  titleEn,
  icon,
  hidden: z.boolean({ error: FORMAT }).default(false),
  alwaysShow: z.boolean({ error: FORMAT }).default(false),
  /** Not kept alive when left (the spec's noCache). */
  noCache: z.boolean({ error: FORMAT }).default(false),
  sortOrder: sortOrder.default(0),
};

/** The fields that place an entry and name its page; fixed on built-in entries. */
const ZMenuPlace = {
  parentId: z.uuid({ error: FORMAT }).nullable().default(null),
  menuGroup: z.enum(MENU_GROUP_CODES, { error: FORMAT }).default('default'),
  path,
  component: z
    .string({ error: MENU_COMPONENT_MESSAGE })
    .trim()
    .refine(isKnownComponent, { error: MENU_COMPONENT_MESSAGE }),
  redirect: z
    .string()
    .trim()
    .max(300, FORMAT)
    .regex(/^([A-Za-z0-9_\-.:/]*|noRedirect)$/, MENU_PATH_MESSAGE)
    .default(''),
};

/** POST /authority/menu: a new entry. */
export const ZMenuCreate = z.object({
  name: z
    .string({ error: bilingual('请输入路由名称', 'Please enter the route name') })
    .trim()
    .min(1, bilingual('请输入路由名称', 'Please enter the route name'))
    .regex(/^[A-Za-z][A-Za-z0-9_-]{1,63}$/, MENU_NAME_MESSAGE),
  ...ZMenuPlace,
  ...ZMenuDisplay,
});
export type TMenuCreate = z.input<typeof ZMenuCreate>;
export type TMenuCreateValues = z.output<typeof ZMenuCreate>;

/** PUT /authority/menu: an entry's fields (the route name never changes). */
export const ZMenuEdit = z.object({
  id: z.uuid({ error: FORMAT }),
  /** The version read; another's change in between answers 'changed by someone else'. */
  version: z.number({ error: FORMAT }).int(FORMAT).min(0, FORMAT).optional(),
  ...ZMenuPlace,
  ...ZMenuDisplay,
});
export type TMenuEdit = z.input<typeof ZMenuEdit>;
export type TMenuEditValues = z.output<typeof ZMenuEdit>;

/** DELETE /authority/menu and /authority/resource: one entry by id. */
export const ZMenuIdBody = z.object({ id: z.uuid({ error: FORMAT }) });

/** PUT /authority/menu/order: the children of one parent (null: the top level of a group) in their new order. */
export const ZMenuOrder = z.object({
  parentId: z.uuid({ error: FORMAT }).nullable(),
  menuGroup: z.enum(MENU_GROUP_CODES, { error: FORMAT }).default('default'),
  ids: z
    .array(z.uuid({ error: FORMAT }))
    .min(1, bilingual(ERRORS.NO_DATA_SELECTED.zh, ERRORS.NO_DATA_SELECTED.en))
    .max(500, FORMAT),
});
export type TMenuOrder = z.input<typeof ZMenuOrder>;
export type TMenuOrderValues = z.output<typeof ZMenuOrder>;

export const RESOURCE_CODE_MESSAGE = bilingual(
  '权限编码为冒号分隔的字母、数字、下划线或短横线，如 authority:menu:view',
  'A permission code is parts of letters, digits, underscores or hyphens joined by colons, e.g. authority:menu:view',
);

const ZResourceFields = {
  name: z
    .string({ error: bilingual('请输入中文名称', 'Please enter the Chinese name') })
    .trim()
    .min(1, bilingual('请输入中文名称', 'Please enter the Chinese name'))
    .max(50, bilingual('中文名称最多 50 个字符', 'The Chinese name is at most 50 characters'))
    .refine(noPipeOrCaret, { error: pipeMessage }),
  nameEn: z
    .string({ error: bilingual('请输入英文名称', 'Please enter the English name') })
    .trim()
    .min(1, bilingual('请输入英文名称', 'Please enter the English name'))
    .max(100, bilingual('英文名称最多 100 个字符', 'The English name is at most 100 characters'))
    .refine(noPipeOrCaret, { error: pipeMessage }),
};

/** POST /authority/resource: a permission code under a page. */
export const ZResourceCreate = z.object({
  menuId: z.uuid({ error: FORMAT }),
  code: z
    .string({ error: bilingual('请输入权限编码', 'Please enter the permission code') })
    .trim()
    .min(1, bilingual('请输入权限编码', 'Please enter the permission code'))
    .max(200, RESOURCE_CODE_MESSAGE)
    .regex(/^[A-Za-z][A-Za-z0-9_-]*(:[A-Za-z0-9_-]+)+$/, RESOURCE_CODE_MESSAGE),
  ...ZResourceFields,
});
export type TResourceCreate = z.input<typeof ZResourceCreate>;

/** PUT /authority/resource: a resource's names (its code is what roles grant; it never changes). */
export const ZResourceEdit = z.object({ id: z.uuid({ error: FORMAT }), ...ZResourceFields });
export type TResourceEdit = z.input<typeof ZResourceEdit>;

/** A resource as the administration sees it. */
export interface TAdminResource {
  id: string;
  menuId: string;
  code: string;
  name: string;
  nameEn: string;
  builtIn: boolean;
}

/** A menu entry as the administration sees it, with its children and resources. */
export interface TAdminMenu {
  id: string;
  parentId: string | null;
  menuGroup: TMenuGroup;
  name: string;
  path: string;
  /** The path with its parents' joined (what the address bar shows). */
  fullPath: string;
  component: string;
  redirect: string;
  title: string;
  titleEn: string;
  icon: string;
  hidden: boolean;
  alwaysShow: boolean;
  noCache: boolean;
  sortOrder: number;
  builtIn: boolean;
  version: number;
  children: TAdminMenu[];
  resources: TAdminResource[];
}
