/**
 * User import (issue 13): the template, the preview of an uploaded .xlsx with a row-level report
 * in both languages, and the commit of a previewed file, all rows or the valid ones only
 * (decision 0026). The preview is kept in the KV (Redis or the database) for 30 minutes under a
 * token tied to the tenant and the user who uploaded it.
 */
import { randomUUID } from 'node:crypto';
import { USER_TYPE } from '@portal/domain/dictionaries/codes';
import { ERRORS, formatMessage } from '@portal/domain/errors/catalogue';
import { parseBilingual, type TBilingual } from '@portal/domain/i18n/bilingual';
import {
  ACCOUNT_DUPLICATE_IN_FILE_MESSAGE,
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  PROVIDER_USER_TYPE,
  ROLE_CODE_UNKNOWN_MESSAGE,
  type TImportMode,
  type TImportPreview,
  type TImportRowError,
  type TUserImportRow,
  ZUserImportRow,
} from '@portal/domain/users/rules';
import { and, eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { writeOperationLog } from '../../platform/audit-log/audit-log.service.ts';
import type { TActor } from '../../platform/auth/access.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { importHeader, readImportSheet } from '../../platform/http/xlsx-import.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { userRoles } from '../roles/roles.tables.ts';
import { assertOperator, existingProviderIds, tenantRoles } from './users.admin.store.ts';
import type { TChangeContext } from './users.admin.ts';
import { users } from './users.tables.ts';

const PREVIEW_SECONDS = 30 * 60;
const keyOf = (token: string) => `user-import:${token}`;

/** What a preview keeps until its commit. */
interface TStoredPreview {
  tenantId: string;
  userId: string;
  rows: { row: number; value: TUserImportRow }[];
  errors: TImportRowError[];
  total: number;
}

/** The import template: the header row, one example row, and a sheet with the codes to use. */
export async function importTemplate(p: TPlatform, { actor }: { actor: TActor }): Promise<Buffer> {
  assertOperator(actor);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('users');
  sheet.columns = IMPORT_COLUMNS.map((c) => ({ header: importHeader(c), key: c.key, width: 22 }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow({
    account: 'zhang_san',
    name: '张三',
    nameEn: 'Zhang San',
    userType: USER_TYPE.OPERATOR.code,
    providerId: '',
    roles: 'AUDITOR',
    email: 'zhang.san@example.com',
    mobile: '13800138000',
  });
  const codes = workbook.addWorksheet('codes');
  codes.columns = [
    { header: '类别 / Kind', width: 18 },
    { header: '编码 / Code', width: 18 },
    { header: '中文 / Chinese', width: 24 },
    { header: '英文 / English', width: 32 },
  ];
  for (const t of Object.values(USER_TYPE)) codes.addRow(['用户类型 / User type', t.code, t.zh, t.en]);
  for (const r of await tenantRoles(p.db, actor.tenantId))
    codes.addRow(['角色 / Role', r.code, r.name, r.nameEn]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const rowError = (row: number, account: string, field: string, message: TBilingual): TImportRowError => ({
  row,
  account,
  field,
  msg: message.zh,
  msg_en: message.en,
});

/** Reads an uploaded workbook's first sheet: its header must be the template's. */
const readRows = (bytes: Buffer) =>
  readImportSheet(bytes, {
    columns: IMPORT_COLUMNS,
    maxRows: IMPORT_MAX_ROWS,
    errors: {
      empty: 'USER_IMPORT_EMPTY',
      tooMany: 'USER_IMPORT_TOO_MANY',
      badHeader: 'USER_IMPORT_BAD_HEADER',
    },
  });

/**
 * Checks the rows against the rules and the tenant: format (the shared rules), duplicates in
 * the file, accounts that exist, providers and role codes of the tenant.
 */
async function checkRows(
  db: TDbOrTx,
  tenantId: string,
  rows: { row: number; cells: Record<string, string> }[],
): Promise<{ valid: { row: number; value: TUserImportRow }[]; errors: TImportRowError[] }> {
  const errors: TImportRowError[] = [];
  const parsed: { row: number; value: TUserImportRow }[] = [];
  for (const { row, cells } of rows) {
    const result = ZUserImportRow.safeParse({ ...cells, userType: cells.userType.padStart(2, '0') });
    if (result.success) parsed.push({ row, value: result.data });
    else {
      const seen = new Set<string>();
      for (const issue of result.error.issues) {
        const field = String(issue.path[0] ?? '');
        if (seen.has(field)) continue;
        seen.add(field);
        errors.push(rowError(row, cells.account, field, parseBilingual(issue.message)));
      }
    }
  }
  const accounts = parsed.map((r) => r.value.account.toLowerCase());
  const taken = new Set(
    accounts.length === 0
      ? []
      : (
          await db
            .select({ account: sql<string>`lower(${users.account})` })
            .from(users)
            .where(and(eq(users.tenantId, tenantId), inArray(sql`lower(${users.account})`, accounts)))
        ).map((r) => r.account),
  );
  const providerIds = [...new Set(parsed.flatMap((r) => (r.value.providerId ? [r.value.providerId] : [])))];
  const providers = await existingProviderIds(db, { tenantId, providerIds });
  const roleCodes = new Set((await tenantRoles(db, tenantId)).map((r) => r.code));
  const firstRow = new Map<string, number>();
  const valid: { row: number; value: TUserImportRow }[] = [];
  for (const item of parsed) {
    const { row, value } = item;
    const problems: TImportRowError[] = [];
    const key = value.account.toLowerCase();
    const earlier = firstRow.get(key);
    if (earlier !== undefined) {
      const m = parseBilingual(ACCOUNT_DUPLICATE_IN_FILE_MESSAGE);
      problems.push(
        rowError(row, value.account, 'account', {
          zh: formatMessage(m.zh, { row: earlier }),
          en: formatMessage(m.en, { row: earlier }),
        }),
      );
    } else firstRow.set(key, row);
    if (taken.has(key))
      problems.push(
        rowError(row, value.account, 'account', {
          zh: ERRORS.USERNAME_EXISTS.zh,
          en: ERRORS.USERNAME_EXISTS.en,
        }),
      );
    if (value.providerId && !providers.has(value.providerId)) {
      const e = ERRORS.USER_PROVIDER_UNKNOWN;
      problems.push(
        rowError(row, value.account, 'providerId', {
          zh: formatMessage(e.zh, { providerId: value.providerId }),
          en: formatMessage(e.en, { providerId: value.providerId }),
        }),
      );
    }
    for (const code of value.roles) {
      if (roleCodes.has(code)) continue;
      const m = parseBilingual(ROLE_CODE_UNKNOWN_MESSAGE);
      problems.push(
        rowError(row, value.account, 'roles', {
          zh: formatMessage(m.zh, { code }),
          en: formatMessage(m.en, { code }),
        }),
      );
    }
    if (problems.length > 0) errors.push(...problems);
    else valid.push(item);
  }
  errors.sort((a, b) => a.row - b.row);
  return { valid, errors };
}

const previewAnswer = (token: string, stored: TStoredPreview, expiresAt: Date): TImportPreview => ({
  token,
  total: stored.total,
  valid: stored.rows.length,
  invalid: stored.total - stored.rows.length,
  errors: stored.errors,
  expiresAt: expiresAt.toISOString(),
});

/** Reads and checks an uploaded file; nothing is written but the preview kept for the commit. */
export async function previewImport(
  p: TPlatform,
  { actor, bytes }: { actor: TActor; bytes: Buffer },
): Promise<TImportPreview> {
  assertOperator(actor);
  const rows = await readRows(bytes);
  const { valid, errors } = await checkRows(p.db, actor.tenantId, rows);
  const stored: TStoredPreview = {
    tenantId: actor.tenantId,
    userId: actor.userId,
    rows: valid,
    errors,
    total: rows.length,
  };
  const token = randomUUID();
  await p.kv.set(keyOf(token), JSON.stringify(stored), PREVIEW_SECONDS);
  return previewAnswer(token, stored, new Date(Date.now() + PREVIEW_SECONDS * 1000));
}

/**
 * Commits a preview: in all-or-nothing mode only a file without errors; in valid-rows-only mode
 * its valid rows. The rows are checked again (an account may have been taken meanwhile), and
 * every user is created in one transaction with its roles and operation-log row. The users get
 * the one initial password and must change it at the first sign-in.
 */
export async function commitImport(
  p: TPlatform,
  ctx: TChangeContext,
  { token, mode, password }: { token: string; mode: TImportMode; password: string },
): Promise<{ created: number; skipped: number; errors: TImportRowError[] }> {
  const { actor } = ctx;
  assertOperator(actor);
  const raw = await p.kv.take(keyOf(token));
  const stored = raw ? (JSON.parse(raw) as TStoredPreview) : null;
  if (!stored || stored.tenantId !== actor.tenantId || stored.userId !== actor.userId) {
    // Someone else's preview stays theirs.
    if (raw && stored) await p.kv.set(keyOf(token), raw, PREVIEW_SECONDS);
    throw new AppError('USER_IMPORT_EXPIRED');
  }
  const passwordHash = await hashPassword(password);
  const tenantId = actor.tenantId;
  try {
    return await p.db.transaction(async (tx) => {
      // Checked again inside the transaction: the tenant may have changed since the preview.
      const again = await checkRows(
        tx,
        tenantId,
        stored.rows.map(({ row, value }) => ({
          row,
          cells: { ...value, providerId: value.providerId ?? '', roles: value.roles.join(',') },
        })),
      );
      const errors = [...stored.errors, ...again.errors].sort((a, b) => a.row - b.row);
      if (mode === 'all-or-nothing' && errors.length > 0) {
        throw new AppError('USER_IMPORT_HAS_ERRORS', {
          params: { count: new Set(errors.map((e) => e.row)).size },
          data: { errors },
        });
      }
      const roleIds = new Map((await tenantRoles(tx, tenantId)).map((r) => [r.code, r.id]));
      const CHUNK = 200;
      for (let i = 0; i < again.valid.length; i += CHUNK) {
        const chunk = again.valid.slice(i, i + CHUNK);
        const inserted = await tx
          .insert(users)
          .values(
            chunk.map(({ value }) => ({
              tenantId,
              account: value.account,
              passwordHash,
              name: value.name,
              nameEn: value.nameEn,
              email: value.email,
              mobile: value.mobile,
              userType: value.userType,
              providerId: value.userType === PROVIDER_USER_TYPE ? value.providerId : null,
              mustChangePassword: true,
              createdBy: actor.userId,
              updatedBy: actor.userId,
            })),
          )
          .returning();
        const links = inserted.flatMap((u, k) =>
          chunk[k].value.roles.map((code) => ({
            tenantId,
            userId: u.id,
            roleId: roleIds.get(code) as string,
          })),
        );
        if (links.length > 0) await tx.insert(userRoles).values(links).onConflictDoNothing();
        for (const [k, u] of inserted.entries()) {
          const { passwordHash: _h, ...after } = u;
          await writeOperationLog(tx, {
            tenantId,
            userId: actor.userId,
            account: actor.account,
            action: 'import',
            targetTable: 'users',
            targetId: u.id,
            after: { ...after, roles: chunk[k].value.roles },
            requestId: ctx.requestId,
          });
        }
      }
      return { created: again.valid.length, skipped: stored.total - again.valid.length, errors };
    });
  } catch (error) {
    // A refused all-or-nothing commit leaves the preview for a valid-rows-only commit.
    if (error instanceof AppError && error.entry === ERRORS.USER_IMPORT_HAS_ERRORS)
      await p.kv.set(keyOf(token), raw as string, PREVIEW_SECONDS);
    throw error;
  }
}
