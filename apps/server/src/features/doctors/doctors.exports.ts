/**
 * The doctor list exports (.xlsx): the provider's doctor list and the operator's doctor tasks of
 * the audit list, each with the filters of its list, streamed in keyset batches like the
 * hospital exports (platform/http/xlsx-export.ts).
 */
import {
  HOSPITAL_TASK_STATUS,
  OUTPATIENTS_CODE_TYPE,
  TASK_TYPE,
  YES_NO,
} from '@portal/domain/dictionaries/codes';
import { DEL_FLAG, DOCTOR_GENDER, PROFESSIONAL_LEVEL } from '@portal/domain/doctors/codes';
import type { TDoctorListRequest } from '@portal/domain/doctors/rules';
import type { TAuditTaskFilter } from '@portal/domain/hospital-audit/rules';
import { and, asc, count, desc, eq, gt, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { TActor } from '../../platform/auth/access.ts';
import {
  chinaDay,
  chinaMinute,
  keysetBatches,
  type TExportFile,
  type TLang,
  writeSheet,
  XLSX_TYPE,
} from '../../platform/http/xlsx-export.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { assertOperator } from '../change-tasks/change-tasks.audit.ts';
import { entriesOfType } from '../dictionaries/dictionaries.service.ts';
import { taskScopeCondition } from '../organisations/organisations.scope.ts';
import { doctorNames } from './doctors.kind.ts';
import { doctorListWhere, doctorTaskFilterOfAudit, doctorTaskListSource } from './doctors.service.ts';
import {
  doctorPractices,
  doctors,
  doctorTasks,
  type TDoctorPracticeRow,
  type TDoctorRow,
  type TDoctorTaskRow,
} from './doctors.tables.ts';

const EMPTY = '-';
const LANGUAGE_CODE_TYPE = 'ldCode-language';

/** A header in the request's language; English headers start with a capital. */
const header = (lang: TLang, zh: string, en: string) =>
  lang === 'zh' ? zh : `${en.charAt(0).toUpperCase()}${en.slice(1)}`;

/** Labels of a code table in one language, by code; an unknown code shows as itself. */
function labeller(lang: TLang, entries: Iterable<{ code: string; zh: string; en: string }>) {
  const map = new Map([...entries].map((e) => [e.code, lang === 'zh' ? e.zh : e.en]));
  return (code: string | null | undefined) => (code ? (map.get(code) ?? code) : EMPTY);
}

/** Labels of one of the tenant's dictionaries (languages, departments) in one language. */
async function dictionaryLabeller(p: TPlatform, tenantId: string, codeType: string, lang: TLang) {
  const entries = await entriesOfType(p, { tenantId, codeType });
  const label = labeller(
    lang,
    entries.map((e) => ({ code: e.code, zh: e.codeName, en: e.codeEnName || e.codeName })),
  );
  const sep = lang === 'zh' ? '、' : ', ';
  return (codes: readonly string[]) => (codes.length ? codes.map(label).join(sep) : EMPTY);
}

/** The doctors of a list filter in certificate-number order, in batches (keyset on the unique certificate number). */
export function doctorBatches(
  p: TPlatform,
  where: SQL | undefined,
  batch?: number,
): AsyncGenerator<TDoctorRow[]> {
  return keysetBatches(
    (after: string | null, limit) =>
      p.db
        .select()
        .from(doctors)
        .where(and(where, ...(after === null ? [] : [gt(doctors.certificateNo, after)])))
        .orderBy(asc(doctors.certificateNo))
        .limit(limit),
    (row) => row.certificateNo,
    batch,
  );
}

/**
 * management/export: the doctors of the list (the list's filter: keyword; operators also
 * providerId) as an .xlsx workbook. Provider staff get their own provider's doctors with that
 * practice; operators without a provider filter get every doctor with all the providers where
 * they practise.
 */
export async function buildDoctorListExport(
  p: TPlatform,
  { actor, model, lang }: { actor: TActor; model: TDoctorListRequest['model']; lang: TLang },
): Promise<TExportFile> {
  const { where, providerId } = doctorListWhere(actor, model);
  const [{ total }] = await p.db.select({ total: count() }).from(doctors).where(where);
  const languages = await dictionaryLabeller(p, actor.tenantId, LANGUAGE_CODE_TYPE, lang);
  const departments = await dictionaryLabeller(p, actor.tenantId, OUTPATIENTS_CODE_TYPE, lang);
  const gender = labeller(lang, Object.values(DOCTOR_GENDER));
  const level = labeller(lang, Object.values(PROFESSIONAL_LEVEL));
  const yesNo = labeller(lang, Object.values(YES_NO));
  const delFlag = labeller(lang, Object.values(DEL_FLAG));
  const t = (zh: string, en: string) => (lang === 'zh' ? zh : en);
  const today = chinaDay(new Date());
  const scope = [
    providerId ? t(`医院 ${providerId}`, `provider ${providerId}`) : t('全部医院', 'all providers'),
    ...(model.keyword ? [t(`关键字“${model.keyword}”`, `keyword "${model.keyword}"`)] : []),
  ].join(t('，', ', '));

  /** The practices of a batch of doctors (only the provider's when the list is scoped to one). */
  const practicesOf = async (ids: string[]) => {
    const rows = await p.db
      .select()
      .from(doctorPractices)
      .where(
        and(
          eq(doctorPractices.tenantId, actor.tenantId),
          inArray(doctorPractices.doctorId, ids),
          ...(providerId
            ? [eq(doctorPractices.providerId, providerId)]
            : [eq(doctorPractices.delFlag, DEL_FLAG.VALID.code)]),
        ),
      )
      .orderBy(asc(doctorPractices.providerId));
    const byDoctor = new Map<string, TDoctorPracticeRow[]>();
    for (const r of rows) byDoctor.set(r.doctorId, [...(byDoctor.get(r.doctorId) ?? []), r]);
    return byDoctor;
  };

  return {
    contentType: XLSX_TYPE,
    fileName: `${t('医生列表', 'doctors')}${providerId ? `-${providerId}` : ''}-${today.replaceAll('-', '')}.xlsx`,
    write: async (out) => {
      let n = 0;
      let practices = new Map<string, TDoctorPracticeRow[]>();
      const batches = async function* () {
        for await (const batch of doctorBatches(p, where)) {
          practices = await practicesOf(batch.map((d) => d.id));
          yield batch;
        }
      };
      await writeSheet(out, {
        creator: actor.name,
        frame: {
          name: t('医生', 'Doctors'),
          title: t('医生列表', 'Doctor List'),
          subtitle: t(
            `${scope}，共 ${total} 名医生，导出日期 ${today}`,
            `${scope}: ${total} doctor(s), exported ${today}`,
          ),
          columns: [
            { header: t('序号', 'No.'), width: 6 },
            { header: header(lang, '执业证号', 'certificate number'), width: 18 },
            { header: t('中文姓名', 'Chinese name'), width: 12 },
            { header: t('英文姓名', 'English name'), width: 20 },
            { header: header(lang, '性别', 'gender'), width: 8 },
            { header: header(lang, '职称', 'professional level'), width: 18 },
            { header: header(lang, '语言', 'languages'), width: 20 },
            { header: header(lang, '科室', 'departments'), width: 28 },
            { header: header(lang, '对外展示', 'external display'), width: 10 },
            { header: header(lang, '执业截止日期', 'practice end date'), width: 14 },
            { header: t('执业医院', 'Practising at'), width: 16 },
            { header: t('状态', 'Status'), width: 8 },
          ],
        },
        batches: batches(),
        rows: (batch) =>
          batch.map((d) => {
            const here = practices.get(d.id) ?? [];
            const one = providerId ? (here[0] ?? null) : null;
            const names = doctorNames(d);
            n += 1;
            return [
              n,
              d.certificateNo,
              names.cnName || EMPTY,
              names.enName || EMPTY,
              gender(d.gender),
              level(d.professionalLevel),
              languages(d.languages),
              departments(one ? one.departments : [...new Set(here.flatMap((pr) => pr.departments))]),
              one ? yesNo(one.externalDisplay) : EMPTY,
              one?.practiceEndDate || EMPTY,
              here.map((pr) => pr.providerId).join(', ') || EMPTY,
              // A practice ended (invalid) at the provider reads as invalid there.
              delFlag(one && one.delFlag !== DEL_FLAG.VALID.code ? one.delFlag : d.delFlag),
            ];
          }),
      });
    },
  };
}

/** The doctor tasks of a filter, newest task number first, in batches (keyset on the unique task number). */
export function doctorTaskBatches(
  p: TPlatform,
  where: SQL | undefined,
  batch?: number,
): AsyncGenerator<TDoctorTaskRow[]> {
  return keysetBatches(
    (after: string | null, limit) =>
      p.db
        .select()
        .from(doctorTasks)
        .where(and(where, ...(after === null ? [] : [lt(doctorTasks.taskNo, after)])))
        .orderBy(desc(doctorTasks.taskNo))
        .limit(limit),
    (row) => row.taskNo,
    batch,
  );
}

/**
 * management/msh-task-export: the doctor tasks of the operator's audit list (providerTaskMsh/list)
 * with that list's filter, as an .xlsx workbook, newest task first. A hospital-name filter
 * leaves doctor tasks out, as it does in the list. Operators only.
 */
export async function buildDoctorTaskExport(
  p: TPlatform,
  { actor, filter, lang }: { actor: TActor; filter: TAuditTaskFilter; lang: TLang },
): Promise<TExportFile> {
  assertOperator(actor);
  const crossKind = doctorTaskFilterOfAudit(filter);
  const where = crossKind
    ? doctorTaskListSource({
        tenantId: actor.tenantId,
        providerId: null,
        filter: crossKind,
        scopeOf: (tasks) => taskScopeCondition(actor, tasks),
      }).where
    : sql`false`;
  const [{ total }] = await p.db.select({ total: count() }).from(doctorTasks).where(where);
  const taskType = labeller(lang, Object.values(TASK_TYPE));
  const status = labeller(lang, Object.values(HOSPITAL_TASK_STATUS));
  const t = (zh: string, en: string) => (lang === 'zh' ? zh : en);
  const person = (zh: string | null, en: string | null) => (lang === 'zh' ? zh || en : en || zh) || EMPTY;
  const today = chinaDay(new Date());
  return {
    contentType: XLSX_TYPE,
    fileName: `${t('医生任务', 'doctor-tasks')}-${today.replaceAll('-', '')}.xlsx`,
    write: async (out) => {
      let n = 0;
      await writeSheet(out, {
        creator: actor.name,
        frame: {
          name: t('医生任务', 'Doctor tasks'),
          title: t('医生任务审核列表', 'Doctor Task Audit List'),
          subtitle: t(
            `共 ${total} 个医生任务，导出日期 ${today}`,
            `${total} doctor task(s), exported ${today}`,
          ),
          columns: [
            { header: t('序号', 'No.'), width: 6 },
            { header: t('任务号', 'Task number'), width: 18 },
            { header: t('任务类型', 'Task type'), width: 12 },
            { header: t('医院编号', 'Provider ID'), width: 12 },
            { header: header(lang, '执业证号', 'certificate number'), width: 18 },
            { header: t('中文姓名', 'Chinese name'), width: 12 },
            { header: t('英文姓名', 'English name'), width: 20 },
            { header: t('状态', 'Status'), width: 10 },
            { header: t('提交时间', 'Submitted at'), width: 17 },
            { header: t('提交人', 'Submitted by'), width: 14 },
            { header: t('负责人', 'Person in charge'), width: 14 },
            { header: t('审核时间', 'Audited at'), width: 17 },
            { header: t('审核人', 'Audited by'), width: 14 },
            { header: t('退回原因', 'Return reason'), width: 30 },
          ],
        },
        batches: doctorTaskBatches(p, where),
        rows: (batch) =>
          batch.map((task) => {
            const names = doctorNames(task);
            n += 1;
            return [
              n,
              task.taskNo,
              taskType(task.taskType),
              task.providerId,
              task.certificateNo || EMPTY,
              names.cnName || EMPTY,
              names.enName || EMPTY,
              status(task.status),
              task.commitDate ? chinaMinute(task.commitDate) : EMPTY,
              person(task.commitName, task.commitNameEn),
              task.personInCharge || EMPTY,
              task.auditDate ? chinaMinute(task.auditDate) : EMPTY,
              person(task.auditMember, task.auditMemberEn),
              task.returnReason || EMPTY,
            ];
          }),
      });
    },
  };
}
