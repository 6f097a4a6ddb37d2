import {
  APPROVAL_CONCLUSION,
  CONTACT_SHOW,
  CONTACT_TYPE,
  PROVIDER_ACCOUNT_STATUS,
  TASK_TYPE,
} from '@portal/domain/dictionaries/codes';
import {
  canExportTask,
  type TAnnounceQuery,
  type TNewsLetterBody,
} from '@portal/domain/hospital-audit/rules';
import { LABELS } from '@portal/domain/hospital-tasks/rules';
import { and, asc, count, eq, gt, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import {
  chinaDay,
  EXPORT_BATCH,
  keysetBatches,
  pick,
  type TExportFile,
  type TLang,
  writeSheet,
  XLSX_TYPE,
} from '../../platform/http/xlsx-export.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { findTask } from '../change-tasks/change-tasks.store.ts';
import { hospitalTaskKind, toForm } from '../hospital-tasks/hospital-tasks.kind.ts';
import { findProviderRecord, listProviderRecords } from '../hospital-tasks/hospital-tasks.records.ts';
import {
  hospitalTaskAudits,
  providers,
  type THospitalTaskAuditRow,
  type THospitalTaskRow,
  type TProviderRow,
} from '../hospital-tasks/hospital-tasks.tables.ts';
import { createValueFormatter } from './hospital-audit.format.ts';
import { latestApproval } from './hospital-audit.service.ts';

const UTC_OFFSET = '+08:00';
const DAY_MS = 86_400_000;
const dayStart = (day: string) => new Date(`${day}T00:00:00${UTC_OFFSET}`);

/** The tenant's valid provider records, ordered by provider id, in batches (keyset paging). */
export function validRecordBatches(
  db: TDbOrTx,
  tenantId: string,
  batch = EXPORT_BATCH,
): AsyncGenerator<TProviderRow[]> {
  return keysetBatches(
    (after: string | null, limit) =>
      db
        .select()
        .from(providers)
        .where(
          and(
            eq(providers.tenantId, tenantId),
            eq(providers.status, PROVIDER_ACCOUNT_STATUS.VALID.code),
            ...(after === null ? [] : [gt(providers.providerId, after)]),
          ),
        )
        .orderBy(asc(providers.providerId))
        .limit(limit),
    (row) => row.providerId,
    batch,
  );
}

interface TDecisionPeriod {
  tenantId: string;
  from?: Date;
  to?: Date;
}

const approvedIn = ({ tenantId, from, to }: TDecisionPeriod) =>
  and(
    eq(hospitalTaskAudits.tenantId, tenantId),
    eq(hospitalTaskAudits.conclusion, APPROVAL_CONCLUSION.APPROVED.code),
    ...(from ? [gte(hospitalTaskAudits.auditedAt, from)] : []),
    ...(to ? [lt(hospitalTaskAudits.auditedAt, to)] : []),
  );

/** The approvals of a period in the order they were made, in batches (keyset on time and id). */
export function approvalBatches(
  db: TDbOrTx,
  period: TDecisionPeriod,
  batch = EXPORT_BATCH,
): AsyncGenerator<THospitalTaskAuditRow[]> {
  return keysetBatches(
    (after: { at: Date; id: string } | null, limit) =>
      db
        .select()
        .from(hospitalTaskAudits)
        .where(
          and(
            approvedIn(period),
            ...(after
              ? [
                  or(
                    gt(hospitalTaskAudits.auditedAt, after.at),
                    and(eq(hospitalTaskAudits.auditedAt, after.at), gt(hospitalTaskAudits.id, after.id)),
                  ),
                ]
              : []),
          ),
        )
        .orderBy(asc(hospitalTaskAudits.auditedAt), asc(hospitalTaskAudits.id))
        .limit(limit),
    (row) => ({ at: row.auditedAt, id: row.id }),
    batch,
  );
}

/** How many approvals a period has and how many newsletter rows they make (a new hospital is one). */
async function approvalTotals(db: TDbOrTx, period: TDecisionPeriod) {
  const [row] = await db
    .select({
      tasks: count(),
      changes: sql<string>`coalesce(sum(case when ${hospitalTaskAudits.taskType} = ${TASK_TYPE.ADD_HOSPITAL.code} then 1 else jsonb_array_length(${hospitalTaskAudits.changes}) end), 0)`,
    })
    .from(hospitalTaskAudits)
    .where(approvedIn(period));
  return { tasks: Number(row.tasks), changes: Number(row.changes) };
}

/** Phones shown to patients only: the announcement is public. */
function publicPhones(record: TProviderRow): string {
  return record.contacts
    .filter(
      (c) => c.contactType === CONTACT_TYPE.PHONE.code && c.show === CONTACT_SHOW.REVEALED.code && c.tel,
    )
    .map((c) => c.tel)
    .join(', ');
}

interface TAnnounced {
  record: TProviderRow;
  publicity: Date | null;
}

/**
 * Which approved hospitals an announcement lists, with their publicity dates: how many, and
 * the batches to write. taskNo: that task's hospital, refused (409) unless the task is
 * approved, which is how 'a hospital creation task can be exported only in a passed state' is
 * enforced; providerId: that record, refused (409) without one; a period: hospitals approved in
 * it, each with its latest approval; nothing: every valid record.
 */
async function announcedHospitals(
  p: TPlatform,
  actor: TActor,
  query: TAnnounceQuery,
): Promise<{ total: number; single?: string; batches: () => AsyncGenerator<TAnnounced[]> }> {
  const tenantId = actor.tenantId;
  const one = (hospital: TAnnounced) => ({
    total: 1,
    single: hospital.record.providerId,
    batches: async function* () {
      yield [hospital];
    },
  });
  if (query.taskNo) {
    const task = await findTask<THospitalTaskRow>(p.db, hospitalTaskKind, {
      tenantId,
      idOrTaskNo: query.taskNo,
    });
    if (!canExportTask(task.status))
      throw new AppError('TASK_NOT_EXPORTABLE', {
        params: { taskNo: task.taskNo },
        data: { status: task.status },
      });
    const decision = await latestApproval(p.db, { tenantId, taskId: task.id });
    const providerId = decision?.providerId ?? task.providerId;
    const record = await findProviderRecord(p.db, { tenantId, providerId });
    if (!record) throw new AppError('PROVIDER_NOT_EXPORTABLE', { params: { providerId } });
    return one({ record, publicity: task.publicityDate });
  }
  if (query.providerId) {
    const record = await findProviderRecord(p.db, { tenantId, providerId: query.providerId });
    if (!record) throw new AppError('PROVIDER_NOT_EXPORTABLE', { params: { providerId: query.providerId } });
    return one({ record, publicity: record.approvedAt });
  }
  if (query.startDate || query.endDate) {
    // One row per hospital approved in the period: as many as there are hospitals, not tasks.
    const latestRows = await p.db
      .select({
        providerId: hospitalTaskAudits.providerId,
        at: sql<Date>`max(${hospitalTaskAudits.auditedAt})`,
      })
      .from(hospitalTaskAudits)
      .where(
        approvedIn({
          tenantId,
          from: query.startDate ? dayStart(query.startDate) : undefined,
          to: query.endDate ? new Date(dayStart(query.endDate).getTime() + DAY_MS) : undefined,
        }),
      )
      .groupBy(hospitalTaskAudits.providerId);
    const latest = new Map(latestRows.map((r) => [r.providerId, new Date(r.at)]));
    const ids = [...latest.keys()].sort();
    let total = 0;
    for (let i = 0; i < ids.length; i += EXPORT_BATCH) {
      const [row] = await p.db
        .select({ n: count() })
        .from(providers)
        .where(
          and(
            eq(providers.tenantId, tenantId),
            inArray(providers.providerId, ids.slice(i, i + EXPORT_BATCH)),
          ),
        );
      total += Number(row.n);
    }
    return {
      total,
      batches: async function* () {
        for (let i = 0; i < ids.length; i += EXPORT_BATCH) {
          const records = await listProviderRecords(p.db, {
            tenantId,
            providerIds: ids.slice(i, i + EXPORT_BATCH),
          });
          yield records.map((record) => ({
            record,
            publicity: latest.get(record.providerId) ?? record.approvedAt,
          }));
        }
      },
    };
  }
  const [row] = await p.db
    .select({ n: count() })
    .from(providers)
    .where(and(eq(providers.tenantId, tenantId), eq(providers.status, PROVIDER_ACCOUNT_STATUS.VALID.code)));
  return {
    total: Number(row.n),
    batches: async function* () {
      for await (const records of validRecordBatches(p.db, tenantId)) {
        yield records.map((record) => ({ record, publicity: record.approvedAt }));
      }
    },
  };
}

const ANNOUNCE_FIELDS = [
  'medicalType',
  'providerPro',
  'providerLeval',
  'directPayType',
  'dbFlag',
  'languages',
  'country',
  'provinceCity',
  'hospitalCAddress',
  'hospitalEAddress',
] as const;

/** downloadAnnounce: the announcement of approved network hospitals as an .xlsx workbook. */
export async function buildAnnouncement(
  p: TPlatform,
  { actor, query, lang }: { actor: TActor; query: TAnnounceQuery; lang: TLang },
): Promise<TExportFile> {
  const hospitals = await announcedHospitals(p, actor, query);
  const format = await createValueFormatter(p, actor.tenantId, lang);
  const today = chinaDay(new Date());
  const t = (zh: string, en: string) => (lang === 'zh' ? zh : en);
  const columns = [
    { header: t('序号', 'No.'), width: 6 },
    { header: pick(lang, LABELS.providerId), width: 12 },
    { header: pick(lang, LABELS.providerCnName), width: 28 },
    { header: pick(lang, LABELS.providerEnName), width: 36 },
    ...ANNOUNCE_FIELDS.map((f) => ({
      header: pick(lang, LABELS[f]),
      width: f.startsWith('hospital') ? 36 : 16,
    })),
    { header: t('对外电话', 'Public phone'), width: 22 },
    { header: pick(lang, LABELS.webAddr), width: 28 },
    { header: pick(lang, LABELS.publicityDate), width: 14 },
  ];
  const scope = query.taskNo
    ? t(`任务 ${query.taskNo}`, `task ${query.taskNo}`)
    : query.providerId
      ? t(`医院 ${query.providerId}`, `hospital ${query.providerId}`)
      : query.startDate || query.endDate
        ? t(
            `审核通过期间 ${query.startDate || '…'} 至 ${query.endDate || '…'}`,
            `approved ${query.startDate || '…'} to ${query.endDate || '…'}`,
          )
        : t('全部审核通过的医院', 'all approved hospitals');
  const frame = {
    name: t('医院公告', 'Announcement'),
    title: t('网络医院公告', 'Network Hospital Announcement'),
    subtitle: t(
      `${scope}，共 ${hospitals.total} 家，导出日期 ${today}`,
      `${scope}: ${hospitals.total} hospital(s), exported ${today}`,
    ),
    columns,
  };
  const single = hospitals.single ? `-${hospitals.single}` : '';
  return {
    contentType: XLSX_TYPE,
    fileName: `${t('医院公告', 'hospital-announcement')}${single}-${today.replaceAll('-', '')}.xlsx`,
    write: (out) => {
      let i = 0;
      return writeSheet(out, {
        creator: actor.name,
        frame,
        batches: hospitals.batches(),
        rows: (batch) =>
          batch.map(({ record, publicity }) => {
            const form = toForm(record) as unknown as Record<string, unknown>;
            i += 1;
            return [
              i,
              record.providerId,
              record.providerCnName || '-',
              record.providerEnName || '-',
              ...ANNOUNCE_FIELDS.map((f) => format(f, form[f])),
              publicPhones(record) || '-',
              record.webAddr || '-',
              publicity ? chinaDay(publicity) : '-',
            ];
          }),
      });
    },
  };
}

/**
 * downloadNewsLetter: the approved changes of a period as an .xlsx workbook: every approved
 * update with one row per changed field (label, approved value before, new value), and every
 * new hospital with its main data. Built from the decisions, so it shows what was approved.
 */
export async function buildNewsletter(
  p: TPlatform,
  { actor, body, lang }: { actor: TActor; body: TNewsLetterBody; lang: TLang },
): Promise<TExportFile> {
  const period = {
    tenantId: actor.tenantId,
    from: dayStart(body.startDate),
    to: new Date(dayStart(body.endDate).getTime() + DAY_MS),
  };
  const totals = await approvalTotals(p.db, period);
  const format = await createValueFormatter(p, actor.tenantId, lang);
  const t = (zh: string, en: string) => (lang === 'zh' ? zh : en);
  const types = new Map(Object.values(TASK_TYPE).map((e) => [e.code as string, e]));
  /** The newsletter rows of one approval, without their running number. */
  const rowsOf = (d: THospitalTaskAuditRow): (string | number)[][] => {
    const base = [
      chinaDay(d.auditedAt),
      d.taskNo,
      types.has(d.taskType) ? pick(lang, types.get(d.taskType)!) : d.taskType,
      d.providerId,
      lang === 'zh' ? d.providerCnName || d.providerEnName : d.providerEnName || d.providerCnName,
    ];
    if (d.taskType === TASK_TYPE.ADD_HOSPITAL.code) {
      const values = new Map(d.changes.map((c) => [c.field, c.newValue]));
      const summary = (
        ['providerCnName', 'providerEnName', 'medicalType', 'hospitalCAddress', 'hospitalEAddress'] as const
      )
        .map((f) => `${pick(lang, LABELS[f])}${t('：', ': ')}${format(f, values.get(f))}`)
        .join('\n');
      return [[...base, t('新增医院', 'New hospital'), '-', summary]];
    }
    return d.changes.map((c) => {
      const label = (LABELS as Record<string, { zh: string; en: string }>)[c.field];
      return [
        ...base,
        label ? pick(lang, label) : c.field,
        format(c.field, c.oldValue),
        format(c.field, c.newValue),
      ];
    });
  };
  return {
    contentType: XLSX_TYPE,
    fileName: `${t('医院变更简报', 'hospital-newsletter')}-${body.startDate.replaceAll('-', '')}-${body.endDate.replaceAll('-', '')}.xlsx`,
    write: (out) => {
      let n = 0;
      return writeSheet(out, {
        creator: actor.name,
        frame: {
          name: t('变更简报', 'Newsletter'),
          title: t('网络医院变更简报', 'Network Hospital Newsletter'),
          subtitle: t(
            `${body.startDate} 至 ${body.endDate}：审核通过 ${totals.tasks} 个任务，${totals.changes} 项变更`,
            `${body.startDate} to ${body.endDate}: ${totals.tasks} approved task(s), ${totals.changes} change(s)`,
          ),
          columns: [
            { header: t('序号', 'No.'), width: 6 },
            { header: t('审核通过日期', 'Approved on'), width: 14 },
            { header: pick(lang, LABELS.taskNo), width: 18 },
            { header: pick(lang, LABELS.taskType), width: 14 },
            { header: pick(lang, LABELS.providerId), width: 12 },
            { header: t('医院名称', 'Hospital'), width: 30 },
            { header: t('变更项', 'Changed field'), width: 22 },
            { header: t('原值', 'Old value'), width: 40 },
            { header: t('新值', 'New value'), width: 40 },
          ],
        },
        batches: approvalBatches(p.db, period),
        rows: (batch) =>
          batch.flatMap(rowsOf).map((r) => {
            n += 1;
            return [n, ...r];
          }),
      });
    },
  };
}
