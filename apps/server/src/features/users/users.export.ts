/**
 * The export of the user list (.xlsx of the filtered list): streamed with ExcelJS's workbook
 * writer, the rows read in keyset batches by account, so memory stays flat however many users
 * there are (like the hospital-audit exports).
 */
import type { Writable } from 'node:stream';
import { USER_TYPE } from '@portal/domain/dictionaries/codes';
import type { TUserFilter } from '@portal/domain/users/rules';
import { and, asc, gt } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { type TExportFile, XLSX_TYPE } from '../../platform/http/xlsx-export.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { assertOperator, rolesOfUsers, userFilterWhere } from './users.admin.store.ts';
import type { TUserRow } from './users.service.ts';
import { users } from './users.tables.ts';

const BATCH = 500;

/** The filtered users of the tenant by account, in batches (keyset on the account). */
export async function* userBatches(
  db: TDbOrTx,
  actor: TActor,
  filter: TUserFilter,
  batch = BATCH,
): AsyncGenerator<TUserRow[]> {
  let after: string | null = null;
  for (;;) {
    const rows: TUserRow[] = await db
      .select()
      .from(users)
      .where(and(userFilterWhere(actor, filter), after === null ? undefined : gt(users.account, after)))
      .orderBy(asc(users.account))
      .limit(batch);
    if (rows.length > 0) yield rows;
    if (rows.length < batch) return;
    after = rows[rows.length - 1].account;
  }
}

const COLUMNS = [
  { zh: '账号', en: 'Account', width: 20 },
  { zh: '姓名', en: 'Name', width: 20 },
  { zh: '英文名', en: 'English name', width: 24 },
  { zh: '用户类型', en: 'User type', width: 20 },
  { zh: '医疗机构编号', en: 'Provider ID', width: 14 },
  { zh: '角色', en: 'Roles', width: 30 },
  { zh: '邮箱', en: 'Email', width: 28 },
  { zh: '手机号', en: 'Mobile', width: 16 },
  { zh: '状态', en: 'Status', width: 10 },
  { zh: '创建时间', en: 'Created', width: 20 },
  { zh: '最近登录', en: 'Last sign-in', width: 20 },
];

const typeLabel = (code: string, lang: 'zh' | 'en') => {
  const entry = Object.values(USER_TYPE).find((t) => t.code === code);
  return entry ? entry[lang] : code;
};
const stamp = (d: Date | null) =>
  d ? new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ') : '';

/** Lets the answer drain before the next batch when the client reads slower than we write. */
function drained(out: Writable): Promise<void> {
  if (!out.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

/** The export file of the filtered user list in the caller's language. */
export function buildUserExport(
  p: TPlatform,
  { actor, filter, lang }: { actor: TActor; filter: TUserFilter; lang: 'zh' | 'en' },
): TExportFile {
  assertOperator(actor);
  const day = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  return {
    contentType: XLSX_TYPE,
    fileName: lang === 'zh' ? `用户列表-${day}.xlsx` : `users-${day}.xlsx`,
    write: async (out) => {
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
      workbook.creator = actor.name;
      workbook.created = new Date();
      const sheet = workbook.addWorksheet(lang === 'zh' ? '用户' : 'Users', {
        views: [{ state: 'frozen', ySplit: 1 }],
      });
      sheet.columns = COLUMNS.map((c) => ({ header: c[lang], width: c.width }));
      sheet.getRow(1).font = { bold: true };
      sheet.getRow(1).commit();
      for await (const batch of userBatches(p.db, actor, filter)) {
        const roles = await rolesOfUsers(p.db, { tenantId: actor.tenantId, userIds: batch.map((u) => u.id) });
        for (const u of batch) {
          sheet
            .addRow([
              u.account,
              u.name,
              u.nameEn,
              typeLabel(u.userType, lang),
              u.providerId ?? '',
              (roles.get(u.id) ?? []).map((r) => (lang === 'zh' ? r.name : r.nameEn || r.name)).join(', '),
              u.email,
              u.mobile,
              u.enabled ? (lang === 'zh' ? '启用' : 'Enabled') : lang === 'zh' ? '停用' : 'Disabled',
              stamp(u.createdAt),
              stamp(u.lastLoginAt),
            ])
            .commit();
        }
        await drained(out);
      }
      await sheet.commit();
      await workbook.commit();
    },
  };
}
