/**
 * Rules of the dictionary lookups and their administration (spec 1 section 7 "Doctor and
 * hospital area", spec 2 sections 2 and 7), shared by the server routes and the web forms.
 */
import { z } from 'zod';
import { ERRORS } from '../errors/catalogue.ts';
import { bilingual, pleaseInput, pleaseSelect, type TBilingual } from '../i18n/bilingual.ts';
import { AREA_LEVEL_CODE_TYPES, DOMESTIC_COUNTRY_CODE, OUTPATIENTS_CODE_TYPE } from './codes.ts';

/**
 * Kinds of dictionary type. Code tables are add-only: their codes carry meaning in the
 * application's rules, so entries can be added and renamed but never deleted or re-coded.
 */
export const DICTIONARY_KIND = {
  CODE_TABLE: { code: 'codeTable', zh: '码表', en: 'Code table' },
  DICTIONARY: { code: 'dictionary', zh: '字典', en: 'Dictionary' },
} as const;
export const DICTIONARY_KINDS = ['codeTable', 'dictionary'] as const;
export type TDictionaryKind = (typeof DICTIONARY_KINDS)[number];

/** Code types whose entries live in the area table (administered on the areas screen). */
export const AREA_CODE_TYPES: readonly string[] = AREA_LEVEL_CODE_TYPES;
/** The code type whose entries are the departments table. */
export const DEPARTMENT_CODE_TYPE = OUTPATIENTS_CODE_TYPE;
/** Deepest area level: districts have no children. */
export const AREA_MAX_LEVEL = '05';

/** Codes: letters, digits, '_', '.', '-' (departments like 03.02.X01, countries like 23 or SG). */
export const DICT_CODE_PATTERN = /^[A-Za-z0-9_.-]+$/;
/** Code types: letters, digits, '_', '.', '-' (ldCode-currency, bizDict-invoice_type). */
export const CODE_TYPE_PATTERN = /^[A-Za-z0-9_.-]+$/;
/** The characters the spec forbids in free text (and the bank search ignores). */
export const SPECIAL_CHARACTERS = /[|^]/;
/** True when the text holds | or ^. */
export const hasSpecialCharacters = (value: string): boolean => SPECIAL_CHARACTERS.test(value);

export const DICT_LIMITS = {
  codeType: 64,
  code: 32,
  codeName: 200,
  codeEnName: 300,
  typeName: 100,
  typeNameEn: 200,
  areaCode: 16,
  areaName: 100,
  areaEnName: 200,
  sort: 999_999,
  keyword: 100,
  /** Code types one lookup call may ask for. */
  lookupTypes: 100,
} as const;

/** Field labels of the administration forms. */
export const DICT_LABELS = {
  codeType: { zh: '字典类型', en: 'Code type' },
  code: { zh: '编码', en: 'Code' },
  codeName: { zh: '中文名称', en: 'Chinese name' },
  codeEnName: { zh: '英文名称', en: 'English name' },
  typeName: { zh: '类型名称', en: 'Type name' },
  typeNameEn: { zh: '英文类型名称', en: 'English type name' },
  kind: { zh: '类别', en: 'Kind' },
  sort: { zh: '排序', en: 'Sort order' },
  enabled: { zh: '启用', en: 'Enabled' },
  upCode: { zh: '上级地区', en: 'Parent area' },
  cnName: { zh: '中文名称', en: 'Chinese name' },
  enName: { zh: '英文名称', en: 'English name' },
} as const satisfies Record<string, TBilingual>;

const FORMAT = bilingual(ERRORS.VALIDATION.zh, ERRORS.VALIDATION.en);
const SPECIAL = bilingual(ERRORS.SPECIAL_CHARACTERS.zh, ERRORS.SPECIAL_CHARACTERS.en);
const tooLong = (label: TBilingual, max: number) =>
  bilingual(`${label.zh}不能超过${max}个字符`, `${label.en} must be at most ${max} characters`);
const formatOf = (label: TBilingual) => bilingual(`${label.zh}格式不正确`, `${label.en}: incorrect format`);

/** A required text field: trimmed, not empty, bounded, without | and ^. */
const requiredText = (label: TBilingual, max: number) =>
  z
    .string({ error: pleaseInput(label) })
    .trim()
    .min(1, pleaseInput(label))
    .max(max, tooLong(label, max))
    .refine((v) => !hasSpecialCharacters(v), { error: SPECIAL });

const codeField = (label: TBilingual, max: number, pattern: RegExp) =>
  z
    .string({ error: pleaseInput(label) })
    .trim()
    .min(1, pleaseInput(label))
    .max(max, tooLong(label, max))
    .regex(pattern, formatOf(label));

const sortField = z.coerce
  .number({ error: formatOf(DICT_LABELS.sort) })
  .int(formatOf(DICT_LABELS.sort))
  .min(0, formatOf(DICT_LABELS.sort))
  .max(DICT_LIMITS.sort, formatOf(DICT_LABELS.sort));

/** Optional search text: missing and null become ''. */
const searchText = (max: number) =>
  z
    .string({ error: FORMAT })
    .trim()
    .max(max, FORMAT)
    .nullish()
    .transform((v) => v ?? '');

// ---------------------------------------------------------------------------------------
// Lookups

/** One entry of a lookup answer; codeName is Chinese, codeEnName English. */
export const ZDictEntry = z.object({
  code: z.string(),
  codeType: z.string(),
  codeName: z.string(),
  codeEnName: z.string(),
  enabled: z.boolean().describe('disabled entries are still returned so stored codes keep their labels'),
});
export type TDictEntry = z.infer<typeof ZDictEntry>;

/** One code type asked for: codeList, when not empty, keeps only those codes. */
export const ZCodeQuery = z.object({
  codeType: z.string({ error: FORMAT }).trim().min(1, FORMAT).max(DICT_LIMITS.codeType, FORMAT),
  codeList: z
    .array(z.string({ error: FORMAT }).trim().max(DICT_LIMITS.code, FORMAT), { error: FORMAT })
    .max(5000, FORMAT)
    .nullish()
    .transform((v) => (v ?? []).filter(Boolean)),
});
export type TCodeQuery = z.input<typeof ZCodeQuery>;

/** Body of /oauth/dictionary/codes and /drsystem/providerTask/queryDictList. */
export const ZCodeQueryList = z.array(ZCodeQuery, { error: FORMAT }).max(DICT_LIMITS.lookupTypes, FORMAT);

/** An area row (codes are unique in the whole table; continents hang under '0'). */
export const ZArea = z.object({
  id: z.string(),
  code: z.string(),
  upCode: z.string(),
  level: z.string().describe('01 continent, 02 country, 03 province, 04 city, 05 district'),
  cnName: z.string(),
  enName: z.string(),
  sort: z.number().int(),
  hasChildren: z.boolean(),
});
export type TArea = z.infer<typeof ZArea>;

export const ZDepartment = z.object({ deptCode: z.string(), deptCnName: z.string(), deptEnName: z.string() });
export type TDepartment = z.infer<typeof ZDepartment>;

/** Bank list item with the spec's field names. */
export const ZBank = z.object({ bankcode: z.string(), bankname: z.string(), bankEnName: z.string() });
export type TBank = z.infer<typeof ZBank>;

/** One value of POST /oauth/enums. */
export const ZEnumItem = z.object({ code: z.string(), name: z.string(), nameEn: z.string() });
export type TEnumItem = z.infer<typeof ZEnumItem>;

// ---------------------------------------------------------------------------------------
// Administration

const pageFields = {
  current: z.coerce.number({ error: FORMAT }).int(FORMAT).min(1, FORMAT).max(100_000, FORMAT).default(1),
  size: z.coerce.number({ error: FORMAT }).int(FORMAT).min(1, FORMAT).max(100, FORMAT).default(10),
};

/** POST /authority/dictionary/page: entries by code type, code and name (either language). */
export const ZDictionaryPageBody = z.object({
  ...pageFields,
  model: z
    .object({
      codeType: searchText(DICT_LIMITS.codeType),
      code: searchText(DICT_LIMITS.code),
      name: searchText(DICT_LIMITS.keyword),
    })
    .nullish()
    .transform((v) => v ?? { codeType: '', code: '', name: '' }),
});
export type TDictionaryPageBody = z.input<typeof ZDictionaryPageBody>;

/** An entry as the administration lists it. */
export const ZDictionaryRecord = z.object({
  id: z.string(),
  codeType: z.string(),
  code: z.string(),
  codeName: z.string(),
  codeEnName: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
  kind: z.enum(DICTIONARY_KINDS),
  updatedAt: z.string(),
});
export type TDictionaryRecord = z.infer<typeof ZDictionaryRecord>;

export const ZDictionaryEntryInput = z.object({
  codeType: codeField(DICT_LABELS.codeType, DICT_LIMITS.codeType, CODE_TYPE_PATTERN),
  code: codeField(DICT_LABELS.code, DICT_LIMITS.code, DICT_CODE_PATTERN),
  codeName: requiredText(DICT_LABELS.codeName, DICT_LIMITS.codeName),
  codeEnName: requiredText(DICT_LABELS.codeEnName, DICT_LIMITS.codeEnName),
  sort: sortField.optional().describe('missing: after the last one'),
  enabled: z.boolean({ error: FORMAT }).default(true),
});
export type TDictionaryEntryInput = z.input<typeof ZDictionaryEntryInput>;

/** PUT /authority/dictionary: the code type of an entry never changes. */
export const ZDictionaryEntryUpdate = ZDictionaryEntryInput.omit({ codeType: true }).extend({
  id: z.uuid({ error: FORMAT }),
});
export type TDictionaryEntryUpdate = z.input<typeof ZDictionaryEntryUpdate>;

/** DELETE bodies: a list of ids, or {ids}. */
export const ZIdList = z
  .union([z.array(z.uuid({ error: FORMAT })), z.object({ ids: z.array(z.uuid({ error: FORMAT })) })], {
    error: FORMAT,
  })
  .transform((v) => (Array.isArray(v) ? v : v.ids))
  .pipe(
    z
      .array(z.string())
      .min(1, bilingual(ERRORS.NO_DATA_SELECTED.zh, ERRORS.NO_DATA_SELECTED.en))
      .max(500, FORMAT),
  );

export const ZDictionaryTypePageBody = z.object({
  ...pageFields,
  model: z
    .object({
      codeType: searchText(DICT_LIMITS.codeType),
      name: searchText(DICT_LIMITS.keyword),
      kind: z
        .enum(DICTIONARY_KINDS, { error: FORMAT })
        .or(z.literal(''))
        .nullish()
        .transform((v) => v ?? ''),
    })
    .nullish()
    .transform((v) => v ?? { codeType: '', name: '', kind: '' as const }),
});
export type TDictionaryTypePageBody = z.input<typeof ZDictionaryTypePageBody>;

export const ZDictionaryTypeRecord = z.object({
  id: z.string(),
  codeType: z.string(),
  name: z.string(),
  nameEn: z.string(),
  kind: z.enum(DICTIONARY_KINDS),
  sort: z.number().int(),
  entryCount: z.number().int(),
  updatedAt: z.string(),
});
export type TDictionaryTypeRecord = z.infer<typeof ZDictionaryTypeRecord>;

export const ZDictionaryTypeInput = z.object({
  codeType: codeField(DICT_LABELS.codeType, DICT_LIMITS.codeType, CODE_TYPE_PATTERN),
  name: requiredText(DICT_LABELS.typeName, DICT_LIMITS.typeName),
  nameEn: requiredText(DICT_LABELS.typeNameEn, DICT_LIMITS.typeNameEn),
  kind: z.enum(DICTIONARY_KINDS, { error: pleaseSelect(DICT_LABELS.kind) }).default('dictionary'),
  sort: sortField.optional().describe('missing: after the last one'),
});
export type TDictionaryTypeInput = z.input<typeof ZDictionaryTypeInput>;

/** PUT /authority/dictionary/type: names, sort, and dictionary -> code table (never back). */
export const ZDictionaryTypeUpdate = ZDictionaryTypeInput.omit({ codeType: true }).extend({
  id: z.uuid({ error: FORMAT }),
});
export type TDictionaryTypeUpdate = z.input<typeof ZDictionaryTypeUpdate>;

export const ZAreaInput = z.object({
  upCode: codeField(DICT_LABELS.upCode, DICT_LIMITS.areaCode, DICT_CODE_PATTERN),
  code: codeField(DICT_LABELS.code, DICT_LIMITS.areaCode, DICT_CODE_PATTERN),
  cnName: requiredText(DICT_LABELS.cnName, DICT_LIMITS.areaName),
  enName: requiredText(DICT_LABELS.enName, DICT_LIMITS.areaEnName),
  sort: sortField.optional(),
});
export type TAreaInput = z.input<typeof ZAreaInput>;

/** PUT /authority/area: names and sort; codes are kept by stored records and never change. */
export const ZAreaUpdate = z.object({
  id: z.uuid({ error: FORMAT }),
  cnName: requiredText(DICT_LABELS.cnName, DICT_LIMITS.areaName),
  enName: requiredText(DICT_LABELS.enName, DICT_LIMITS.areaEnName),
  sort: sortField.optional(),
});
export type TAreaUpdate = z.input<typeof ZAreaUpdate>;

export const ZAreaPageBody = z.object({
  ...pageFields,
  model: z
    .object({
      keyword: searchText(DICT_LIMITS.keyword).describe('part of the code, Chinese or English name'),
      level: z
        .enum(AREA_LEVEL_CODE_TYPES, { error: FORMAT })
        .or(z.literal(''))
        .nullish()
        .transform((v) => v ?? ''),
    })
    .nullish()
    .transform((v) => v ?? { keyword: '', level: '' as const }),
});

/** A page of records (the generic list answer of spec section 3). */
export const ZPageOf = <T extends z.ZodType>(record: T) =>
  z.object({
    records: z.array(record),
    current: z.number().int(),
    size: z.number().int(),
    total: z.number().int(),
  });

/** The label of an entry in a language. */
export const entryLabel = (entry: { codeName: string; codeEnName: string }, lang: string): string =>
  (lang === 'en' ? entry.codeEnName : entry.codeName) || entry.codeName || entry.codeEnName;

// ---------------------------------------------------------------------------------------
// Hospital form address (spec 1 section 4 "Hospital form rules", section 5)

/** The address fields of the hospital form; provinceCity is [province, city, district]. */
export interface TAreaValue {
  continent: string;
  country: string;
  provinceCity: string[];
}

export const EMPTY_AREA_VALUE: TAreaValue = { continent: '', country: '', provinceCity: [] };

/**
 * The address after one field changes: changing the continent clears country and
 * province/city (so does clearing it); changing the country clears province/city.
 */
export function changeArea(value: TAreaValue, field: keyof TAreaValue, next: string | string[]): TAreaValue {
  if (field === 'continent') {
    const continent = typeof next === 'string' ? next : '';
    return continent === value.continent ? value : { continent, country: '', provinceCity: [] };
  }
  if (field === 'country') {
    const country = typeof next === 'string' ? next : '';
    return country === value.country ? value : { ...value, country, provinceCity: [] };
  }
  return { ...value, provinceCity: Array.isArray(next) ? next.filter(Boolean) : [] };
}

/**
 * Whether the province/city/district cascader lets any level be chosen ("strict-check", the
 * Element cascader's checkStrictly): only outside China, whose addresses may stop at a
 * province or city; a Chinese address is chosen down to its district.
 */
export const areaAnyLevelSelectable = (country: string): boolean => country !== DOMESTIC_COUNTRY_CODE;

/** provinceCity is required on submit only for a domestic (country 23) address. */
export const provinceCityRequired = (country: string): boolean => country === DOMESTIC_COUNTRY_CODE;

/** A page of records as the administration lists answer it. */
export interface TPage<T> {
  records: T[];
  current: number;
  size: number;
  total: number;
}

/** Permissions of the dictionary and area administration (SUPER_ADMIN holds '*'). */
export const DICTIONARY_PERMISSIONS = {
  view: 'authority:dictionary:view',
  add: 'authority:dictionary:add',
  edit: 'authority:dictionary:edit',
  delete: 'authority:dictionary:delete',
  areaView: 'authority:area:view',
  areaAdd: 'authority:area:add',
  areaEdit: 'authority:area:edit',
} as const;
