import type { Writable } from 'node:stream';
import {
  MESSAGE_LEVEL,
  MESSAGE_STATE,
  MESSAGE_TYPE,
  PROVIDER_SEARCH_TYPE,
} from '@portal/domain/dictionaries/codes';
import { MSG_PHASES, type ZMsgManagePageBody } from '@portal/domain/messages/compose';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import type { TActor } from '../../platform/auth/access.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { messagesForExport } from './messages.sending.ts';

type TLang = 'zh' | 'en';
const label = (table: Record<string, { code: string; zh: string; en: string }>, code: string, lang: TLang) =>
  Object.values(table).find((e) => e.code === code)?.[lang] ?? code;

const HEADERS: Record<TLang, string[]> = {
  zh: [
    '名称',
    '英文名称',
    '类型',
    '级别',
    '状态',
    '有效状态',
    '开始时间',
    '失效时间',
    '收件方式',
    '发送人',
    '发送时间',
    '收件医疗机构',
    '已读',
    '未读',
  ],
  en: [
    'Name',
    'English name',
    'Type',
    'Level',
    'State',
    'Validity',
    'Start',
    'Expiry',
    'Recipients by',
    'Sender',
    'Sent at',
    'Providers',
    'Read',
    'Unread',
  ],
};

/** China-time 'YYYY-MM-DD HH:mm' of an instant, '-' when empty. */
function chinaTime(iso: string | null): string {
  if (!iso) return '-';
  return new Date(new Date(iso).getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
}

/**
 * Streams the operator's filtered list as .xlsx: ExcelJS's streaming writer, 500 rows per
 * keyset query, so memory stays flat whatever the number of messages.
 */
export async function writeMessagesExport(
  p: TPlatform,
  input: { actor: TActor; filter: z.output<typeof ZMsgManagePageBody>; lang: TLang; out: Writable },
): Promise<void> {
  const { lang } = input;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: input.out, useStyles: true });
  const sheet = workbook.addWorksheet(lang === 'en' ? 'Messages' : '消息');
  sheet.columns = HEADERS[lang].map((header, i) => ({ header, width: i < 2 ? 30 : 16 }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const batch of messagesForExport(p, { actor: input.actor, filter: input.filter })) {
    for (const m of batch) {
      sheet
        .addRow([
          m.name,
          m.nameEn,
          label(MESSAGE_TYPE, m.msgType, lang),
          label(MESSAGE_LEVEL, m.msgLevel, lang),
          label(MESSAGE_STATE, m.status, lang),
          MSG_PHASES[m.phase][lang],
          chinaTime(m.validFrom),
          chinaTime(m.validTo),
          label(PROVIDER_SEARCH_TYPE, m.searchType, lang),
          lang === 'en' ? m.senderEn || m.sender : m.sender,
          chinaTime(m.sentAt),
          m.recipients,
          m.read,
          m.unread,
        ])
        .commit();
    }
  }
  sheet.commit();
  await workbook.commit();
}
