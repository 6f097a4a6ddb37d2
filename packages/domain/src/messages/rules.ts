/**
 * Request and answer shapes of the message-centre calls, shared by the server routes and the
 * web's fetchers (docs/decisions/0008-messages.md).
 */
import { z } from 'zod';
import { bilingual } from '../i18n/bilingual.ts';
import {
  MSG_CATEGORIES,
  MSG_CENTER_CODES,
  MSG_LEVELS,
  MSG_READ_STATUSES,
  MSG_TYPES,
  type TMsgCategoryCode,
} from './codes.ts';

const categoryCodes = Object.keys(MSG_CATEGORIES) as [TMsgCategoryCode, ...TMsgCategoryCode[]];
const unknownCode = bilingual('未知的消息分类', 'Unknown message category');

export const ZMsgCategoryCode = z.enum(categoryCodes, { error: unknownCode });
export const ZMsgLevel = z.enum(Object.keys(MSG_LEVELS) as ['01', '02', '03']);
export const ZMsgType = z.enum(Object.keys(MSG_TYPES) as ['01', '02', '03']);
export const ZMsgReadStatus = z.enum(Object.keys(MSG_READ_STATUSES) as ['unread', 'read'], {
  error: bilingual('阅读状态只能是 unread 或 read', 'The read status must be unread or read'),
});
const ZMsgId = z.uuid({ error: bilingual('消息编号格式不正确', 'Incorrect message id') });

/** Message list page size of spec section 9. */
export const MSG_LIST_PAGE_SIZE = 20;

/** POST /msg/msg/center/collect. */
export const ZMsgCollectBody = z.object({
  codes: z
    .array(ZMsgCategoryCode)
    .min(1, bilingual('请至少指定一个消息分类', 'Give at least one message category'))
    .max(categoryCodes.length)
    .default([...MSG_CENTER_CODES]),
});
export type TMsgCollectBody = z.input<typeof ZMsgCollectBody>;

/** One category's unread count (spec: message-centre notice categoryId, code, label, labelEn, count). */
export const ZMsgStatistics = z.object({
  categoryId: z.string(),
  code: ZMsgCategoryCode,
  label: z.string(),
  labelEn: z.string(),
  count: z.number().int().nonnegative(),
});
export type TMsgStatistics = z.infer<typeof ZMsgStatistics>;

/** Unread counts: `count` is the total over the categories of `statisticsList`. */
export const ZMsgCollectResult = z.object({
  count: z.number().int().nonnegative(),
  statisticsList: z.array(ZMsgStatistics),
});
export type TMsgCollectResult = z.infer<typeof ZMsgCollectResult>;

/** POST /msg/msg/center/list. */
export const ZMsgListBody = z.object({
  code: ZMsgCategoryCode.optional(),
  current: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(MSG_LIST_PAGE_SIZE),
  readStatus: ZMsgReadStatus.optional(),
});
export type TMsgListBody = z.input<typeof ZMsgListBody>;

/** A message as the recipient sees it in the list. */
export const ZMsgRecord = z.object({
  id: z.string(),
  code: ZMsgCategoryCode,
  msgType: ZMsgType,
  title: z.string(),
  titleEn: z.string(),
  content: z.string(),
  enContent: z.string(),
  msgLevel: ZMsgLevel,
  read: z.boolean(),
  readAt: z.string().nullable(),
  createdAt: z.string().describe('ISO-8601 instant the message was sent'),
  sender: z.string(),
  senderEn: z.string(),
});
export type TMsgRecord = z.infer<typeof ZMsgRecord>;

export const ZMsgPage = z.object({
  records: z.array(ZMsgRecord),
  current: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
});
export type TMsgPage = z.infer<typeof ZMsgPage>;

/** A message's full view (GET /msg/msg/{id}, POST /msg/anyone/myMsg/mark). */
export const ZMsgDetail = ZMsgRecord.extend({
  status: z.enum(['01', '02']),
  validFrom: z.string(),
  validTo: z.string().nullable(),
  recipient: z.boolean().describe('true when the caller is one of the recipients'),
});
export type TMsgDetail = z.infer<typeof ZMsgDetail>;

/** POST /msg/msg/center/haveRead: the ids the user has read. */
export const ZMsgHaveReadBody = z.object({
  ids: z
    .array(ZMsgId)
    .min(1, bilingual('尚未选择数据', 'No data selected yet'))
    .max(200, bilingual('一次最多标记 200 条消息', 'At most 200 messages at a time')),
});
export type TMsgHaveReadBody = z.infer<typeof ZMsgHaveReadBody>;

export const ZMsgHaveReadResult = ZMsgCollectResult.extend({
  marked: z.number().int().nonnegative().describe('how many of the ids were unread and are now read'),
});
export type TMsgHaveReadResult = z.infer<typeof ZMsgHaveReadResult>;

/** POST /msg/anyone/myMsg/mark. */
export const ZMsgMarkBody = z.object({ id: ZMsgId });

/** The scrolling notice of the navbar. */
export const ZScrollMsg = z.object({
  id: z.string(),
  title: z.string(),
  titleEn: z.string(),
  content: z.string(),
  enContent: z.string(),
  msgLevel: ZMsgLevel,
});

/** One pop-up notice of the global notice dialog. */
export const ZPopUpMsg = z.object({
  id: z.string(),
  code: ZMsgCategoryCode,
  title: z.string(),
  titleEn: z.string(),
  content: z.string(),
  enContent: z.string(),
  msgLevel: ZMsgLevel,
  createdAt: z.string(),
});
export type TPopUpMsg = z.infer<typeof ZPopUpMsg>;

/** GET /msg/msg/center/global. */
export const ZGlobalMsg = z.object({
  scrollMsg: ZScrollMsg.nullable(),
  popUpMsg: z.array(ZPopUpMsg),
});
export type TGlobalMsg = z.infer<typeof ZGlobalMsg>;

/**
 * Applies "reading N messages lowers the total, the global total and that code's count by N"
 * to counts the client holds, for an optimistic update before the server's answer arrives.
 */
export function applyRead(counts: TMsgCollectResult, code: TMsgCategoryCode, n: number): TMsgCollectResult {
  let lowered = 0;
  const statisticsList = counts.statisticsList.map((s) => {
    if (s.code !== code) return s;
    const next = Math.max(0, s.count - n);
    lowered += s.count - next;
    return { ...s, count: next };
  });
  return { count: Math.max(0, counts.count - lowered), statisticsList };
}

/**
 * A message on the live stream (decision 0032, amended): what the stream's user needs to update
 * the badge and the notices without re-reading them, and whether that user has read it.
 */
export const ZMsgLiveMessage = z.object({
  id: z.string(),
  code: ZMsgCategoryCode,
  msgType: z.string(),
  msgLevel: ZMsgLevel,
  title: z.string(),
  titleEn: z.string(),
  content: z.string(),
  enContent: z.string(),
  createdAt: z.string(),
  unread: z.boolean(),
});
export type TMsgLiveMessage = z.infer<typeof ZMsgLiveMessage>;

/** The data of a `messages` event: messages that appeared or left; empty: re-read. */
export type TMsgLiveEvent = { added: TMsgLiveMessage[] } | { removed: TMsgLiveMessage[] };

/** Counts after messages appeared (+1 per unread one of its code) or left (-1 per unread one). */
export function applyLiveChange(
  counts: TMsgCollectResult,
  changed: TMsgLiveMessage[],
  direction: 1 | -1,
): TMsgCollectResult {
  const delta = new Map<string, number>();
  for (const m of changed) if (m.unread) delta.set(m.code, (delta.get(m.code) ?? 0) + direction);
  const statisticsList = counts.statisticsList.map((s) =>
    delta.has(s.code) ? { ...s, count: Math.max(0, s.count + (delta.get(s.code) ?? 0)) } : s,
  );
  return { count: statisticsList.reduce((sum, s) => sum + s.count, 0), statisticsList };
}
