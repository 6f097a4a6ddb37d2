/**
 * Shapes of the hospital-task answers (providerTask and provider-notes calls), shared by the
 * server's response schemas and the web's fetchers.
 */
import { z } from 'zod';
import { COMPARE_FIELDS } from './rules.ts';

const ZBilingualText = z.object({ zh: z.string(), en: z.string() });
const instant = () => z.string().nullable().describe('ISO-8601 instant');

/** A stored file as the task answers list it (photoList, attacheList): both name styles of the spec. */
export const ZTaskFile = z.object({
  id: z.string(),
  fileId: z.string(),
  name: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  url: z.string(),
  fileUrl: z.string(),
  contentType: z.string(),
});
export type TTaskFile = z.infer<typeof ZTaskFile>;

/** An operation record (audit flow) with its text in both languages. */
export const ZOperationRecord = z.object({
  status: z.string(),
  flowType: z.string(),
  operateDate: z.string(),
  operateMember: z.string(),
  operateMemberEn: z.string(),
  operateRemark: z.string(),
  operatorKind: z.enum(['O', 'S']),
  text: ZBilingualText,
});
export type TOperationRecord = z.infer<typeof ZOperationRecord>;

const ZPhoneContactOut = z.object({
  id: z.string(),
  contactType: z.literal('01'),
  tel: z.string(),
  telType: z.array(z.string()),
  show: z.string(),
});
const ZPersonContactOut = <T extends '02' | '03' | '04' | '05'>(type: T) =>
  z.object({
    id: z.string(),
    contactType: z.literal(type),
    name: z.string(),
    tel: z.string(),
    mail: z.string(),
  });

const ZServiceTimeRowOut = z.object({
  serviceType: z.enum(['AM', 'PM', 'OTHER']),
  monday: z.string(),
  tuesday: z.string(),
  wednesday: z.string(),
  thursday: z.string(),
  friday: z.string(),
  saturday: z.string(),
  sunday: z.string(),
});

const ZOldDataOut = z.partialRecord(
  z.enum(COMPARE_FIELDS),
  z.object({ flag: z.boolean(), oldValue: z.unknown() }),
);

/**
 * A hospital task, or the approved record when there is no task (id, taskNo, status null):
 * every field of spec section 3, contacts in their five groups, service times in the server
 * form (rows AM, PM, OTHER), photoList and attacheList with URLs, the operation records.
 */
export const ZHospitalTaskView = z.object({
  id: z.string().nullable(),
  taskNo: z.string().nullable(),
  taskType: z.string().nullable(),
  version: z.number().int().nullable(),
  providerId: z.string(),
  providerEnName: z.string(),
  providerCnName: z.string(),
  medicalType: z.string(),
  providerPro: z.string(),
  providerLeval: z.string(),
  proDeptCategory: z.string(),
  socialSecurity: z.string(),
  directPayType: z.string(),
  languages: z.array(z.string()),
  invoiceType: z.string(),
  providerIntroduceCn: z.string(),
  providerIntroduceEn: z.string(),
  deptListCn: z.string(),
  deptListEn: z.string(),
  outPatients: z.array(z.string()),
  currency: z.string(),
  bankCode: z.string(),
  bankName: z.string(),
  bank: z.string(),
  accountName: z.string(),
  accountNo: z.string(),
  countryCode: z.string(),
  bankAddress: z.string(),
  hospitalCAddress: z.string(),
  hospitalEAddress: z.string(),
  webAddr: z.string(),
  continent: z.string(),
  country: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  provinceCity: z.array(z.string()),
  longitude: z.string(),
  latitude: z.string(),
  dbFlag: z.string(),
  notesC: z.string(),
  notesE: z.string(),
  photos: z.array(z.string()),
  photoList: z.array(ZTaskFile),
  attaches: z.array(z.string()),
  attacheList: z.array(ZTaskFile),
  contacts: z.object({
    '01': z.array(ZPhoneContactOut),
    '02': z.array(ZPersonContactOut('02')),
    '03': z.array(ZPersonContactOut('03')),
    '04': z.array(ZPersonContactOut('04')),
    '05': z.array(ZPersonContactOut('05')),
  }),
  serviceTimes: z.array(ZServiceTimeRowOut),
  auditFlows: z.array(ZOperationRecord),
  compareResult: z.string().nullable(),
  oldData: ZOldDataOut.nullable(),
  status: z.string().nullable(),
  cacheStatus: z.string().nullable().describe('the status again, under the name the form caches it'),
  auditResult: z.string().nullable(),
  returnReason: z.string().nullable(),
  auditDate: instant(),
  auditMember: z.string().nullable(),
  auditMemberEn: z.string().nullable().describe("the auditor's English name, shown in English"),
  commitDate: instant(),
  commitName: z.string().nullable(),
  commitNameEn: z.string().nullable().describe("the submitter's English name, shown in English"),
  personInCharge: z.string().nullable(),
  publicityDate: instant(),
  createdAt: instant(),
  updatedAt: instant(),
});
export type THospitalTaskView = z.infer<typeof ZHospitalTaskView>;

/** What saveCache, commit, modify, createCase, withdraw and close answer: the task's new state. */
export const ZHospitalTaskRef = z.object({
  id: z.string(),
  taskNo: z.string(),
  taskType: z.string(),
  status: z.string(),
  version: z.number().int(),
  compareResult: z.string().nullable(),
});
export type THospitalTaskRef = z.infer<typeof ZHospitalTaskRef>;

/** A row of the provider's task list (spec section 3 columns). */
export const ZHospitalTaskListItem = z.object({
  id: z.string(),
  taskNo: z.string(),
  taskType: z.string(),
  status: z.string(),
  providerId: z.string(),
  providerCnName: z.string(),
  providerEnName: z.string(),
  commitDate: instant(),
  auditDate: instant(),
  commitName: z.string().nullable(),
  commitNameEn: z.string().nullable(),
  auditMember: z.string().nullable(),
  auditMemberEn: z.string().nullable(),
  publicityDate: instant(),
  returnReason: z.string().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Doctor tasks (types 01, 02) in the same lists: the doctor and the names the task carries. */
  doctorId: z.string().nullable().optional(),
  certificateNo: z.string().optional(),
  doctorCnName: z.string().optional(),
  doctorEnName: z.string().optional(),
});
export type THospitalTaskListItem = z.infer<typeof ZHospitalTaskListItem>;

/**
 * A page of a list: records, current, size, total. `totalCapped` (the task lists, decision
 * 0022): the filter matches more than `total` rows, which is the most the server counts and
 * pages; absent or false, `total` is exact.
 */
export const ZPage = <T extends z.ZodType>(item: T) =>
  z.object({
    records: z.array(item),
    current: z.number().int(),
    size: z.number().int(),
    total: z.number().int(),
    totalCapped: z.boolean().optional(),
  });

/** checkEdit: the provider may start a change (otherwise the call fails with 40910). */
export const ZCheckEditResult = z.object({ providerId: z.string(), canEdit: z.literal(true) });

/** A provider note. */
export const ZProviderNote = z.object({
  id: z.string(),
  providerId: z.string(),
  notesC: z.string(),
  notesE: z.string(),
  createdByName: z.string(),
  createdByNameEn: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TProviderNote = z.infer<typeof ZProviderNote>;
