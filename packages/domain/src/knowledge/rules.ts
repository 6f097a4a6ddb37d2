/**
 * Medical knowledge bases (symptom, disease, treatment; three levels, bilingual) and the
 * advanced doctor search (spec 1 sections 2 and 3; docs/decisions/0025-knowledge-and-search.md).
 * Used by the server routes and the web forms.
 */
import { z } from 'zod';
import type { TCodeEntry } from '../dictionaries/codes.ts';
import { bilingual, pleaseInput, type TBilingual } from '../i18n/bilingual.ts';

/** The three knowledge bases. */
export const KNOWLEDGE_KIND = {
  SYMPTOM: { code: 'symptom', zh: '症状', en: 'Symptom' },
  DISEASE: { code: 'disease', zh: '疾病', en: 'Disease' },
  TREATMENT: { code: 'treatment', zh: '治疗方式', en: 'Treatment' },
} as const satisfies Record<string, TCodeEntry>;
export type TKnowledgeKind = (typeof KNOWLEDGE_KIND)[keyof typeof KNOWLEDGE_KIND]['code'];
export const KNOWLEDGE_KINDS = ['symptom', 'disease', 'treatment'] as const;

/** Levels of a knowledge base (spec: three levels): 1 chapter or group, 2 block, 3 item. */
export const KNOWLEDGE_LEVEL = {
  L1: { code: '1', zh: '一级', en: 'Level 1' },
  L2: { code: '2', zh: '二级', en: 'Level 2' },
  L3: { code: '3', zh: '三级', en: 'Level 3' },
} as const satisfies Record<string, TCodeEntry>;
export const KNOWLEDGE_MAX_LEVEL = 3;

export const KNOWLEDGE_LABELS = {
  code: { zh: '编码', en: 'code' },
  parentCode: { zh: '上级', en: 'parent' },
  cnName: { zh: '中文名称', en: 'Chinese name' },
  enName: { zh: '英文名称', en: 'English name' },
  departments: { zh: '相关科室', en: 'related departments' },
  symptom: { zh: '症状', en: 'symptom' },
  disease: { zh: '疾病', en: 'disease' },
  treatment: { zh: '治疗方式', en: 'treatment' },
  doctorName: { zh: '医生姓名', en: 'doctor name' },
} as const satisfies Record<string, TBilingual>;

export const KNOWLEDGE_LIMITS = { code: 32, cnName: 100, enName: 200, departments: 20, bonds: 200 } as const;

const FORMAT = bilingual('格式不正确', 'Incorrect Format');
const NO_SPECIALS = bilingual('不能包含 | 或 ^ 字符', 'The characters | and ^ are not allowed');
const tooLong = (label: TBilingual, max: number) =>
  bilingual(`${label.zh}不能超过 ${max} 个字符`, `${label.en} must be at most ${max} characters`);

const requiredText = (label: TBilingual, max: number) =>
  z
    .string({ error: pleaseInput(label) })
    .trim()
    .min(1, pleaseInput(label))
    .max(max, tooLong(label, max))
    .refine((v) => !/[|^]/.test(v), NO_SPECIALS);

const optionalText = (max: number) =>
  z
    .string({ error: FORMAT })
    .trim()
    .max(max, FORMAT)
    .nullish()
    .transform((v) => v ?? '');

/** Codes: letters, digits, dot and hyphen (ICD-10 style, e.g. E11, A00-B99, E11.9). */
const ZKnowledgeCode = z
  .string({ error: FORMAT })
  .trim()
  .max(KNOWLEDGE_LIMITS.code, tooLong(KNOWLEDGE_LABELS.code, KNOWLEDGE_LIMITS.code))
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9.-]*$/,
    bilingual('编码只能包含字母、数字、点和连字符', 'A code has letters, digits, dots and hyphens only'),
  );

/** add/disease and add/treatment: a new entry under a level-1 or level-2 parent, or a new level 1. */
export const ZKnowledgeAddBody = z.object({
  /** Empty: the server gives the next code under the parent. */
  code: z
    .union([ZKnowledgeCode, z.literal('')])
    .nullish()
    .transform((v) => v ?? ''),
  /** Empty: a new level-1 entry. */
  parentCode: optionalText(KNOWLEDGE_LIMITS.code),
  cnName: requiredText(KNOWLEDGE_LABELS.cnName, KNOWLEDGE_LIMITS.cnName),
  enName: requiredText(KNOWLEDGE_LABELS.enName, KNOWLEDGE_LIMITS.enName),
  /** Department codes (dictionary outpatients) that treat it: the search's department link. */
  departments: z
    .array(z.string().trim().min(1).max(32), { error: FORMAT })
    .max(KNOWLEDGE_LIMITS.departments, FORMAT)
    .nullish()
    .transform((v) => [...new Set(v ?? [])]),
});
export type TKnowledgeAddBody = z.output<typeof ZKnowledgeAddBody>;

/** The id of a knowledge entry. */
export const ZKnowledgeId = z.uuid({ error: FORMAT });

/** bondingdisease/{id}: the complete set of diseases bonded to the symptom (replaces the old set). */
export const ZBondingBody = z.object({
  diseaseIds: z.array(ZKnowledgeId).max(KNOWLEDGE_LIMITS.bonds, FORMAT),
});
export type TBondingBody = z.output<typeof ZBondingBody>;

/** Knowledge list: one base, paged, by keyword (either name or code) and parent. */
export const ZKnowledgeListRequest = z.object({
  current: z.number().int().min(1).max(100_000).optional().default(1),
  size: z.number().int().min(1).max(200).optional().default(10),
  model: z.object({
    kind: z.enum(KNOWLEDGE_KINDS, { error: FORMAT }),
    keyword: optionalText(100),
    parentCode: optionalText(KNOWLEDGE_LIMITS.code),
    /** Only this level (1-3); 0 or absent: every level. */
    level: z.number().int().min(0).max(3).optional().default(0),
  }),
});
export type TKnowledgeListRequest = z.output<typeof ZKnowledgeListRequest>;

/** Advanced doctor search (/drsystem/info/advance). */
export const ZAdvanceSearchRequest = z.object({
  current: z.number().int().min(1).max(10_000).optional().default(1),
  size: z.number().int().min(1).max(100).optional().default(10),
  symptom: optionalText(100),
  disease: optionalText(100),
  treatment: optionalText(100),
  doctorName: optionalText(100),
  /** An area code of any level (country, province, city, district) of the hospital. */
  area: optionalText(32),
  /** A department code (dictionary outpatients) of the practice. */
  department: optionalText(32),
  /** A language code of the doctor. */
  language: optionalText(32),
  /** A professional level code (doctors/codes PROFESSIONAL_LEVEL). */
  professionalLevel: optionalText(2),
});
export type TAdvanceSearchRequest = z.output<typeof ZAdvanceSearchRequest>;

/** The spec's rule: a search needs at least one of symptom, disease, treatment or doctor name. */
export function hasSearchCriterion(
  r: Pick<TAdvanceSearchRequest, 'symptom' | 'disease' | 'treatment' | 'doctorName'>,
): boolean {
  return [r.symptom, r.disease, r.treatment, r.doctorName].some((v) => (v ?? '').trim() !== '');
}

/** infoDetail: the hospital of a search result. */
export const ZInfoDetailQuery = z.object({
  providerId: z.string({ error: FORMAT }).trim().min(1, FORMAT).max(64, FORMAT),
  ts: z.string().optional(),
});
