/**
 * Rules of the organisation tree and the data scopes (issue 14; decision 0028), shared by the
 * server routes and the web forms.
 */
import { z } from 'zod';
import { ERRORS } from '../errors/catalogue.ts';
import { bilingual } from '../i18n/bilingual.ts';

/** Permission codes of the organisation administration (SUPER_ADMIN holds them through '*'). */
export const ORGANISATION_PERMISSIONS = {
  VIEW: 'authority:org:view',
  ADD: 'authority:org:add',
  EDIT: 'authority:org:edit',
  DELETE: 'authority:org:delete',
} as const;

/** What an organisation is: an operator department, a provider group or a region. */
export const ORGANISATION_TYPE = {
  dept: { code: 'dept', zh: '运营部门', en: 'Operator department' },
  provider_group: { code: 'provider_group', zh: '医疗机构组', en: 'Provider group' },
  region: { code: 'region', zh: '区域', en: 'Region' },
} as const;
export const ORGANISATION_TYPE_CODES = ['dept', 'provider_group', 'region'] as const;
export type TOrganisationType = (typeof ORGANISATION_TYPE_CODES)[number];

/** Types whose organisations hold providers (their tasks belong to the organisation). */
export const PROVIDER_HOLDING_TYPES: readonly TOrganisationType[] = ['provider_group', 'region'];

const FORMAT = bilingual(ERRORS.VALIDATION.zh, ERRORS.VALIDATION.en);
const noPipeOrCaret = (v: string) => !/[|^]/.test(v);
const pipeMessage = bilingual(ERRORS.SPECIAL_CHARACTERS.zh, ERRORS.SPECIAL_CHARACTERS.en);

const ZOrganisationFields = {
  name: z
    .string({ error: bilingual('请输入机构名称', 'Please enter the organisation name') })
    .trim()
    .min(1, bilingual('请输入机构名称', 'Please enter the organisation name'))
    .max(50, bilingual('机构名称最多 50 个字符', 'The organisation name is at most 50 characters'))
    .refine(noPipeOrCaret, { error: pipeMessage }),
  nameEn: z
    .string({ error: bilingual('请输入英文名称', 'Please enter the English name') })
    .trim()
    .min(1, bilingual('请输入英文名称', 'Please enter the English name'))
    .max(100, bilingual('英文名称最多 100 个字符', 'The English name is at most 100 characters'))
    .refine(noPipeOrCaret, { error: pipeMessage }),
  orgType: z.enum(ORGANISATION_TYPE_CODES, {
    error: bilingual('请选择机构类型', 'Please select the organisation type'),
  }),
  sortOrder: z
    .number({ error: FORMAT })
    .int(FORMAT)
    .min(0, bilingual('排序为 0 到 9999', 'The order is 0 to 9999'))
    .max(9999, bilingual('排序为 0 到 9999', 'The order is 0 to 9999'))
    .default(0),
  /** Provider ids placed in the organisation (provider groups and regions only). */
  providerIds: z
    .array(z.string().trim().min(1, FORMAT).max(64, FORMAT))
    .max(500, bilingual('一个机构最多 500 家医疗机构', 'An organisation holds at most 500 providers'))
    .default([]),
};

/** POST /authority/org: a new organisation under `parentId` (null: a root). */
export const ZOrganisationCreate = z.object({
  parentId: z.uuid({ error: FORMAT }).nullable().default(null),
  ...ZOrganisationFields,
});
export type TOrganisationCreate = z.input<typeof ZOrganisationCreate>;

/** PUT /authority/org: an organisation's fields (its place in the tree does not change). */
export const ZOrganisationEdit = z.object({
  id: z.uuid({ error: FORMAT }),
  version: z.number({ error: FORMAT }).int(FORMAT).min(0, FORMAT),
  ...ZOrganisationFields,
});
export type TOrganisationEdit = z.input<typeof ZOrganisationEdit>;

/** DELETE /authority/org */
export const ZOrganisationDelete = z.object({ id: z.uuid({ error: FORMAT }) });

/** One organisation of the tree as the screens show it. */
export interface TOrganisationNode {
  id: string;
  parentId: string | null;
  name: string;
  nameEn: string;
  orgType: TOrganisationType;
  sortOrder: number;
  version: number;
  providerIds: string[];
  userCount: number;
  children: TOrganisationNode[];
}

/**
 * What an actor may see of the operator screens (decision 0028): everything, or the rows that
 * belong to `orgIds` (users of those organisations; tasks, messages and staff of `providerIds`,
 * the providers placed in them) and the actor's own rows (the tasks they handle, the messages
 * they sent, themselves), which every scope keeps.
 */
export type TActorScope =
  | { all: true }
  | { all: false; orgIds: readonly string[]; providerIds: readonly string[] };

/**
 * The scope of several roles: the widest wins. Any 'all' gives everything; otherwise the
 * organisations every role reaches are joined (the loader computes them); 'self' alone reaches none.
 */
export function combineScopes(
  scopes: readonly string[],
  orgIds: readonly string[],
  providerIds: readonly string[],
): TActorScope {
  if (scopes.includes('all')) return { all: true };
  return { all: false, orgIds: [...new Set(orgIds)], providerIds: [...new Set(providerIds)] };
}
