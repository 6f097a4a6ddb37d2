/**
 * The hospital statement (decision 0040): the bilingual template, and reading and checking an
 * uploaded statement row by row. The sheet is read as a stream by the member import's reader;
 * what a row names in the database (members, policies, coverages, pre-authorisations, earlier
 * lines) is read with one query per kind for the whole file, so 5,000 rows take a few queries.
 */
import {
  CLAIM_BATCH_STATUS,
  CLAIM_LINE_STATUS,
  CLAIM_REPORT_MAX_ERRORS,
  CLAIM_STATEMENT_MAX_ROWS,
  checkStatementRow,
  duplicateInFile,
  duplicateKey,
  duplicateOfBatch,
  ROW_MESSAGES,
  rowError,
  STATEMENT_COLUMNS,
  statementHeader,
  statementKeyOf,
  type TRowError,
  type TStatementKey,
  type TStatementLine,
  type TStatementReport,
} from '@portal/domain/claims/rules';
import { sumMoney } from '@portal/domain/members/benefits';
import { PREAUTH_STATUS } from '@portal/domain/preauth/rules';
import { and, eq, inArray, ne, type SQL } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import {
  benefitUsage,
  members,
  planProviders,
  policies,
  policyCoverages,
} from '../members/members.tables.ts';
import { readWorkbook } from '../members/members.xlsx-reader.ts';
import { preauthCases } from '../preauth/preauth.tables.ts';
import { claimBatches, claimLines } from './claims.tables.ts';

/** The template: one sheet, bilingual headers, one example row, text cells. */
export async function statementTemplate(lang: 'zh' | 'en'): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(lang === 'zh' ? '对账单' : 'statement');
  sheet.columns = STATEMENT_COLUMNS.map((c) => ({ header: statementHeader(c), key: c[0], width: 22 }));
  sheet.getRow(1).font = { bold: true };
  for (const col of sheet.columns) col.numFmt = '@';
  sheet.addRow({
    memberId: 'M0001001',
    patientName: '张伟',
    visitDate: '2026-03-02',
    visitType: '01',
    coverageCode: 'OP',
    icdCode: 'J06.9',
    diagnosis: '急性上呼吸道感染',
    itemCode: 'LAB-001',
    itemName: '血常规',
    quantity: '1',
    amount: '85.00',
    currency: 'CNY',
    preauthNo: '',
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The rows of a statement that passed the shape rules, and the problems of the others. */
export async function readStatement(
  bytes: Buffer,
  today: string,
): Promise<{ rows: number; lines: TStatementLine[]; errors: TRowError[] }> {
  let sheet: ReturnType<typeof readWorkbook>[number] | undefined;
  try {
    sheet = readWorkbook(bytes)[0];
  } catch {
    throw new AppError('CLAIM_STATEMENT_UNREADABLE');
  }
  if (!sheet) throw new AppError('CLAIM_STATEMENT_UNREADABLE');
  const lines: TStatementLine[] = [];
  const errors: TRowError[] = [];
  let keys: (TStatementKey | '')[] | null = null;
  let rows = 0;
  try {
    for await (const { row, values } of sheet.rows()) {
      if (keys === null) {
        keys = values.map(statementKeyOf);
        const missing = STATEMENT_COLUMNS.filter((c) => !keys?.includes(c[0]));
        if (missing.length > 0)
          throw new AppError('CLAIM_STATEMENT_HEADER', {
            params: { columns: missing.map((c) => statementHeader(c)).join(', ') },
          });
        continue;
      }
      if (values.every((v) => v === '')) continue;
      if (++rows > CLAIM_STATEMENT_MAX_ROWS)
        throw new AppError('CLAIM_STATEMENT_TOO_MANY_ROWS', { params: { max: CLAIM_STATEMENT_MAX_ROWS } });
      const cells: Partial<Record<TStatementKey, string>> = {};
      keys.forEach((key, i) => {
        if (key) cells[key] = values[i] ?? '';
      });
      const checked = checkStatementRow(row, cells, today);
      if (checked.line) lines.push(checked.line);
      else errors.push(...checked.errors);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('CLAIM_STATEMENT_UNREADABLE');
  }
  if (keys === null) throw new AppError('CLAIM_STATEMENT_UNREADABLE');
  return { rows, lines, errors };
}

/** A checked line with the rows it refers to: what a batch stores. */
export interface TResolvedLine extends TStatementLine {
  memberRef: string;
  memberName: string;
  memberNameEn: string;
  policyRef: string;
  policyNo: string;
  coverageRef: string;
  preauthRef: string | null;
  dupKey: string;
}

const same = (a: string, b: string) =>
  a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

/** The members' policies under plans the provider serves, with the served period, for the names given. */
async function servedPolicies(db: TDbOrTx, tenantId: string, providerId: string, memberIds: string[]) {
  if (memberIds.length === 0) return [];
  return db
    .select({
      memberRef: members.id,
      memberId: members.memberId,
      name: members.name,
      nameEn: members.nameEn,
      policyRef: policies.id,
      policyNo: policies.policyNo,
      validFrom: policies.validFrom,
      validTo: policies.validTo,
      servedFrom: planProviders.validFrom,
      servedTo: planProviders.validTo,
    })
    .from(members)
    .innerJoin(policies, and(eq(policies.memberRef, members.id), eq(policies.tenantId, members.tenantId)))
    .innerJoin(
      planProviders,
      and(eq(planProviders.planRef, policies.planRef), eq(planProviders.tenantId, members.tenantId)),
    )
    .where(
      and(
        eq(members.tenantId, tenantId),
        inArray(members.memberId, memberIds),
        eq(members.status, '01'),
        eq(policies.status, '01'),
        eq(planProviders.providerId, providerId),
      ),
    );
}

async function coveragesOf(db: TDbOrTx, tenantId: string, policyRefs: string[]) {
  if (policyRefs.length === 0) return [];
  return db
    .select({
      id: policyCoverages.id,
      policyRef: policyCoverages.policyRef,
      coverageCode: policyCoverages.coverageCode,
      currency: policyCoverages.currency,
    })
    .from(policyCoverages)
    .where(and(eq(policyCoverages.tenantId, tenantId), inArray(policyCoverages.policyRef, policyRefs)));
}

/** The named pre-authorisations of this provider, with whether their reservation is still pending. */
async function preauthsOf(db: TDbOrTx, tenantId: string, providerId: string, caseNos: string[]) {
  if (caseNos.length === 0) return [];
  const cases = await db
    .select({
      id: preauthCases.id,
      caseNo: preauthCases.caseNo,
      memberId: preauthCases.memberId,
      status: preauthCases.status,
      validUntil: preauthCases.validUntil,
    })
    .from(preauthCases)
    .where(
      and(
        eq(preauthCases.tenantId, tenantId),
        eq(preauthCases.providerId, providerId),
        inArray(preauthCases.caseNo, caseNos),
      ),
    );
  const held = cases.length
    ? await db
        .select({ sourceId: benefitUsage.sourceId })
        .from(benefitUsage)
        .where(
          and(
            eq(benefitUsage.tenantId, tenantId),
            eq(benefitUsage.sourceType, 'preauth'),
            eq(benefitUsage.status, 'pending'),
            inArray(
              benefitUsage.sourceId,
              cases.map((c) => c.id),
            ),
          ),
        )
    : [];
  const pending = new Set(held.map((h) => h.sourceId));
  return cases.map((c) => ({ ...c, reserved: pending.has(c.id) }));
}

/** Lines of other pending or approved batches of the tenant with the same duplicate keys, not rejected. */
async function earlierClaims(db: TDbOrTx, tenantId: string, keys: string[], excludeBatch: string | null) {
  if (keys.length === 0) return [];
  return db
    .select({ dupKey: claimLines.dupKey, batchNo: claimBatches.batchNo })
    .from(claimLines)
    .innerJoin(claimBatches, eq(claimBatches.id, claimLines.batchRef))
    .where(
      and(
        eq(claimLines.tenantId, tenantId),
        inArray(claimLines.dupKey, keys),
        ne(claimLines.status, CLAIM_LINE_STATUS.REJECTED.code),
        inArray(claimBatches.status, [CLAIM_BATCH_STATUS.PENDING.code, CLAIM_BATCH_STATUS.APPROVED.code]),
        excludeBatch ? ne(claimBatches.id, excludeBatch) : undefined,
      ) as SQL,
    );
}

const COLUMN_ORDER = new Map(STATEMENT_COLUMNS.map((c, i) => [c[0] as string, i]));
const byPlace = (a: TRowError, b: TRowError) =>
  a.row - b.row || (COLUMN_ORDER.get(a.column) ?? -1) - (COLUMN_ORDER.get(b.column) ?? -1);

/**
 * Checks a statement against the database for a provider: member served on the visit date,
 * patient name, coverage in the currency, pre-authorisation, duplicates. Answers the report
 * (first 1,000 problems, totals of the valid lines per currency) and the resolved lines.
 */
export async function checkStatement(
  db: TDbOrTx,
  input: { tenantId: string; providerId: string; bytes: Buffer; today: string; excludeBatch?: string | null },
): Promise<{ report: TStatementReport; lines: TResolvedLine[] }> {
  const { tenantId, providerId } = input;
  const read = await readStatement(input.bytes, input.today);
  const errors = [...read.errors];
  const policiesFound = await servedPolicies(db, tenantId, providerId, [
    ...new Set(read.lines.map((l) => l.memberId)),
  ]);
  const coverages = await coveragesOf(db, tenantId, [...new Set(policiesFound.map((p) => p.policyRef))]);
  const preauths = await preauthsOf(db, tenantId, providerId, [
    ...new Set(read.lines.map((l) => l.preauthNo).filter(Boolean)),
  ]);
  const keys = read.lines.map(duplicateKey);
  const earlier = new Map(
    (await earlierClaims(db, tenantId, [...new Set(keys)], input.excludeBatch ?? null)).map((e) => [
      e.dupKey,
      e.batchNo,
    ]),
  );
  const policiesOf = Map.groupBy(policiesFound, (p) => p.memberId);
  const coverageOf = new Map(coverages.map((c) => [`${c.policyRef}|${c.coverageCode}|${c.currency}`, c]));
  const firstRowOf = new Map<string, number>();
  const lines: TResolvedLine[] = [];
  read.lines.forEach((line, i) => {
    const fail = (column: string, m: { zh: string; en: string }) =>
      errors.push(rowError(line.row, column, m));
    const policy = policiesOf
      .get(line.memberId)
      ?.find(
        (p) =>
          p.validFrom <= line.visitDate &&
          p.validTo >= line.visitDate &&
          (p.servedFrom === null || p.servedFrom <= line.visitDate) &&
          (p.servedTo === null || p.servedTo >= line.visitDate),
      );
    if (!policy) {
      fail('memberId', ROW_MESSAGES.memberNotServed);
      return;
    }
    let ok = true;
    if (!same(line.patientName, policy.name) && !same(line.patientName, policy.nameEn)) {
      fail('patientName', ROW_MESSAGES.nameMismatch);
      ok = false;
    }
    const coverage = coverageOf.get(`${policy.policyRef}|${line.coverageCode}|${line.currency}`);
    if (!coverage) {
      fail('coverageCode', ROW_MESSAGES.coverageMissing);
      ok = false;
    }
    let preauthRef: string | null = null;
    if (line.preauthNo) {
      const found = preauths.find((c) => c.caseNo === line.preauthNo && c.memberId === line.memberId);
      if (!found) {
        fail('preauthNo', ROW_MESSAGES.preauthNotFound);
        ok = false;
      } else if (
        found.status !== PREAUTH_STATUS.APPROVED.code ||
        !found.reserved ||
        (found.validUntil !== null && found.validUntil < line.visitDate)
      ) {
        fail('preauthNo', ROW_MESSAGES.preauthNotUsable);
        ok = false;
      } else preauthRef = found.id;
    }
    const key = keys[i];
    const first = firstRowOf.get(key);
    if (first !== undefined) {
      fail('', duplicateInFile(first));
      ok = false;
    } else firstRowOf.set(key, line.row);
    const batchNo = earlier.get(key);
    if (batchNo) {
      fail('', duplicateOfBatch(batchNo));
      ok = false;
    }
    if (ok && coverage)
      lines.push({
        ...line,
        memberRef: policy.memberRef,
        memberName: policy.name,
        memberNameEn: policy.nameEn,
        policyRef: policy.policyRef,
        policyNo: policy.policyNo,
        coverageRef: coverage.id,
        preauthRef,
        dupKey: key,
      });
  });
  errors.sort(byPlace);
  return {
    report: {
      rows: read.rows,
      valid: lines.length,
      errorCount: errors.length,
      errors: errors.slice(0, CLAIM_REPORT_MAX_ERRORS),
      totals: totalsOf(lines.map((l) => ({ currency: l.currency, claimed: l.amount, payable: '0.00' }))),
    },
    lines,
  };
}

/** Sums per currency, exactly, in currency order. */
function totalsOf(items: { currency: string; claimed: string; payable: string | null }[]) {
  const by = new Map<string, { claimed: string[]; payable: string[] }>();
  for (const it of items) {
    const entry = by.get(it.currency) ?? { claimed: [], payable: [] };
    entry.claimed.push(it.claimed);
    if (it.payable !== null) entry.payable.push(it.payable);
    by.set(it.currency, entry);
  }
  return [...by.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, v]) => ({ currency, claimed: sumMoney(v.claimed), payable: sumMoney(v.payable) }));
}
