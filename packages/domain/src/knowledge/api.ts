/** Answers of the knowledge-base and advanced-search calls (decision 0025). */
import { z } from 'zod';

/** One entry of a knowledge base. */
export const ZKnowledgeItem = z.object({
  id: z.string(),
  kind: z.string(),
  code: z.string(),
  parentCode: z.string(),
  level: z.number().int(),
  cnName: z.string(),
  enName: z.string(),
  departments: z.array(z.string()),
  /** Symptoms: how many diseases are bonded; diseases: how many symptoms. */
  bondCount: z.number().int(),
});
export type TKnowledgeItem = z.infer<typeof ZKnowledgeItem>;

/** bondingdisease/{id}: the symptom and the diseases bonded to it. */
export const ZSymptomBonding = z.object({
  symptom: ZKnowledgeItem,
  diseases: z.array(ZKnowledgeItem),
});
export type TSymptomBonding = z.infer<typeof ZSymptomBonding>;

/** Why a doctor matched: the criterion and what matched (a name, a term, a department). */
export const ZSearchMatch = z.object({
  criterion: z.enum(['symptom', 'disease', 'treatment', 'doctorName']),
  /** 'name' | 'expertise' | 'department'. */
  via: z.string(),
  /** The knowledge entry or text that matched, in both languages. */
  cnText: z.string(),
  enText: z.string(),
});

/** A row of the advanced search: a doctor at one hospital. */
export const ZAdvanceSearchItem = z.object({
  doctorId: z.string(),
  cnName: z.string(),
  enName: z.string(),
  gender: z.string(),
  professionalLevel: z.string(),
  languages: z.array(z.string()),
  expertiseCn: z.string(),
  expertiseEn: z.string(),
  recommendRating: z.number().int().nullable(),
  providerId: z.string(),
  providerCnName: z.string(),
  providerEnName: z.string(),
  departments: z.array(z.string()),
  score: z.number(),
  matches: z.array(ZSearchMatch),
});
export type TAdvanceSearchItem = z.infer<typeof ZAdvanceSearchItem>;
