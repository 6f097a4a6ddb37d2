/** Shapes of the doctor and doctor-task answers, shared by the server's response schemas and the web. */
import { z } from 'zod';
import { ZOperationRecord, ZTaskFile } from '../hospital-tasks/api.ts';

const instant = () => z.string().nullable().describe('ISO-8601 instant');

const ZDoctorFields = z.object({
  certificateNo: z.string(),
  cnLastName: z.string(),
  cnFirstName: z.string(),
  enLastName: z.string(),
  enFirstName: z.string(),
  gender: z.string(),
  multiPractice: z.string(),
  externalDisplay: z.string(),
  languages: z.array(z.string()),
  professionalLevel: z.string(),
  expertiseCn: z.string(),
  expertiseEn: z.string(),
  serviceOverviewCn: z.string(),
  serviceOverviewEn: z.string(),
  departments: z.array(z.string()),
  photo: z.string(),
  practiceEndDate: z.string(),
  collectors: z.array(z.string()),
});

/** A practice of the doctor (operators see every provider's). */
export const ZDoctorPractice = z.object({
  providerId: z.string(),
  externalDisplay: z.string(),
  departments: z.array(z.string()),
  practiceEndDate: z.string(),
  collectors: z.array(z.string()),
  delFlag: z.string(),
  lastTaskNo: z.string().nullable(),
});

/** A doctor as detail/{id} shows it; recommendRating and recommendNote only for operator staff. */
export const ZDoctorView = ZDoctorFields.extend({
  id: z.string(),
  providerId: z.string().nullable(),
  delFlag: z.string(),
  version: z.number().int(),
  photoFile: ZTaskFile.nullable(),
  practices: z.array(ZDoctorPractice),
  recommendRating: z.number().int().nullable().optional(),
  recommendNote: z.string().optional(),
  /** The compare data of the task that last changed the doctor here (NEW markers). */
  compareResult: z.string().nullable(),
  oldData: z.record(z.string(), z.object({ flag: z.boolean(), oldValue: z.unknown() })).nullable(),
});
export type TDoctorView = z.infer<typeof ZDoctorView>;

/** A doctor task with its operation records. */
export const ZDoctorTaskView = ZDoctorFields.extend({
  id: z.string(),
  taskNo: z.string(),
  taskType: z.string(),
  providerId: z.string(),
  doctorId: z.string().nullable(),
  status: z.string(),
  version: z.number().int(),
  photoFile: ZTaskFile.nullable(),
  compareResult: z.string().nullable(),
  oldData: z.record(z.string(), z.object({ flag: z.boolean(), oldValue: z.unknown() })).nullable(),
  auditFlows: z.array(ZOperationRecord),
  auditResult: z.string().nullable(),
  returnReason: z.string().nullable(),
  auditDate: instant(),
  auditMember: z.string().nullable(),
  auditMemberEn: z.string().nullable(),
  commitDate: instant(),
  commitName: z.string().nullable(),
  commitNameEn: z.string().nullable(),
  personInCharge: z.string().nullable(),
  publicityDate: instant(),
});
export type TDoctorTaskView = z.infer<typeof ZDoctorTaskView>;

/** The audit detail: the task, the decisions taken on it, and whether it can be decided now. */
export const ZDoctorAuditView = ZDoctorTaskView.extend({
  decisions: z.array(
    z.object({
      auditResult: z.string().nullable(),
      conclusion: z.string(),
      returnReason: z.string().nullable(),
      auditDate: z.string(),
      auditMember: z.string(),
      auditMemberEn: z.string(),
      operatorKind: z.string(),
    }),
  ),
  auditable: z.boolean(),
});

/** A row of the doctor list. */
export const ZDoctorListItem = z.object({
  id: z.string(),
  certificateNo: z.string(),
  cnName: z.string(),
  enName: z.string(),
  gender: z.string(),
  professionalLevel: z.string(),
  providerId: z.string().nullable(),
  departments: z.array(z.string()),
  externalDisplay: z.string(),
  delFlag: z.string(),
});
export type TDoctorListItem = z.infer<typeof ZDoctorListItem>;

/** A row of the doctor task lists. */
export const ZDoctorTaskListItem = z.object({
  id: z.string(),
  taskNo: z.string(),
  taskType: z.string(),
  status: z.string(),
  providerId: z.string(),
  doctorId: z.string().nullable(),
  certificateNo: z.string(),
  cnName: z.string(),
  enName: z.string(),
  commitDate: instant(),
  auditDate: instant(),
  commitName: z.string().nullable(),
  auditMember: z.string().nullable(),
  version: z.number().int(),
});
export type TDoctorTaskListItem = z.infer<typeof ZDoctorTaskListItem>;
