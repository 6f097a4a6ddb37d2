/**
 * Code tables of operator-to-provider messages (docs/decisions/0008-messages.md).
 * The spec fixes the six message-centre codes the shell queries (12, 01, 13, 02, 03, 04) and
 * that code 04 holds the pop-up notices; the meaning of the others is our design.
 */

import { MESSAGE_CODE, MESSAGE_LEVEL, MESSAGE_STATE, MESSAGE_TYPE } from '../dictionaries/codes.ts';

// The labels live once, in dictionaries/codes.ts; these views add the keys the message
// centre needs (categoryId, key) and index the tables by code.

/** Message-centre categories, in the order the shell shows them. */
export const MSG_CATEGORIES = {
  '12': { ...MESSAGE_CODE.SYSTEM, categoryId: 'system' },
  '01': { ...MESSAGE_CODE.TASK, categoryId: 'task' },
  '13': { ...MESSAGE_CODE.CLAIM, categoryId: 'claim' },
  '02': { ...MESSAGE_CODE.PRE_AUTHORIZATION, categoryId: 'preAuth' },
  '03': { ...MESSAGE_CODE.APPOINTMENT, categoryId: 'appointment' },
  '04': { ...MESSAGE_CODE.ANNOUNCEMENT, categoryId: 'notice' },
} as const;

export type TMsgCategoryCode = keyof typeof MSG_CATEGORIES;

/** The codes the shell's badge asks for, in display order (spec: 12, 01, 13, 02, 03, 04). */
export const MSG_CENTER_CODES = [
  '12',
  '01',
  '13',
  '02',
  '03',
  '04',
] as const satisfies readonly TMsgCategoryCode[];

/** Appointment messages: also counts the appointments a provider has not read yet (decision 0038). */
export const MSG_CODE_APPOINTMENT = '03' satisfies TMsgCategoryCode;

/** The category whose pop-up messages the global notice dialog shows ("Check detail" opens it). */
export const MSG_NOTICE_CODE = '04' satisfies TMsgCategoryCode;

/**
 * How a message is displayed besides the message centre: 01 in the global notice dialog, 02 in
 * the navbar's scrolling notice, 03 only in the message centre (system notifications such as
 * task results, which must not take over the scrolling notice).
 */
export const MSG_TYPES = {
  '01': { ...MESSAGE_TYPE.POP_UP, key: 'popUp' },
  '02': { ...MESSAGE_TYPE.ROLLING, key: 'rolling' },
  '03': { ...MESSAGE_TYPE.INBOX, key: 'inbox' },
} as const;

export type TMsgTypeCode = keyof typeof MSG_TYPES;
export const MSG_TYPE_POP_UP = '01' satisfies TMsgTypeCode;
export const MSG_TYPE_ROLLING = '02' satisfies TMsgTypeCode;
export const MSG_TYPE_INBOX = '03' satisfies TMsgTypeCode;

/** Message level; 03 shows the scrolling notice in the important style. */
export const MSG_LEVELS = {
  '01': { ...MESSAGE_LEVEL.NORMAL, key: 'normal' },
  '02': { ...MESSAGE_LEVEL.HIGH, key: 'high' },
  '03': { ...MESSAGE_LEVEL.URGENT, key: 'urgent' },
} as const;

export type TMsgLevelCode = keyof typeof MSG_LEVELS;
export const MSG_LEVEL_URGENT = '03' satisfies TMsgLevelCode;

/**
 * Message state (claims spec section 4): a sent message can be withdrawn or modified; a draft
 * is saved by the sender and reaches nobody until it is sent (decision 0032).
 */
export const MSG_STATUSES = {
  '01': { ...MESSAGE_STATE.SENT, key: 'sent' },
  '02': { ...MESSAGE_STATE.WITHDRAWN, key: 'withdrawn' },
  '03': { ...MESSAGE_STATE.DRAFT, key: 'draft' },
} as const;

export type TMsgStatusCode = keyof typeof MSG_STATUSES;
export const MSG_STATUS_SENT = '01' satisfies TMsgStatusCode;
export const MSG_STATUS_WITHDRAWN = '02' satisfies TMsgStatusCode;
export const MSG_STATUS_DRAFT = '03' satisfies TMsgStatusCode;

/** Who a recipient row addresses; a message has one or more such rows. */
export const MSG_RECIPIENT_KINDS = {
  user: { code: 'user', zh: '指定用户', en: 'A user' },
  provider: { code: 'provider', zh: '指定医院', en: 'A provider' },
  allProviders: { code: 'allProviders', zh: '全部医院', en: 'All providers' },
  allOperators: { code: 'allOperators', zh: '全部运营人员', en: 'All operator staff' },
} as const;

export type TMsgRecipientKind = keyof typeof MSG_RECIPIENT_KINDS;

/** Read filter of the message list. */
export const MSG_READ_STATUSES = {
  unread: { code: 'unread', zh: '未读', en: 'Unread' },
  read: { code: 'read', zh: '已读', en: 'Read' },
} as const;

export type TMsgReadStatus = keyof typeof MSG_READ_STATUSES;

/** The badge shows at most this number (spec section 9: "Badge caps at 99"). */
export const MSG_BADGE_CAP = 99;

/** Badge text for a count: the number, or '99+' above the cap. */
export function badgeText(count: number): string {
  return count > MSG_BADGE_CAP ? `${MSG_BADGE_CAP}+` : String(count);
}
