/**
 * Rules of the operator's send-message screen (claims spec sections 3, 5 and 9; decision 0032):
 * name 2 to 50 characters, content at most 2000 characters in Chinese and English, a validity
 * period whose start is not earlier than today and whose expiry is at least 15 minutes ahead,
 * and a provider list that cannot be empty. Shared by the server routes and the web form.
 */
import { z } from 'zod';
import { PROVIDER_SEARCH_TYPE } from '../dictionaries/codes.ts';
import { bilingual, type TBilingual } from '../i18n/bilingual.ts';
import { zCommaList } from '../text/comma-list.ts';
import { MSG_LEVELS, MSG_STATUSES, MSG_TYPE_POP_UP, MSG_TYPE_ROLLING, type TMsgStatusCode } from './codes.ts';

export const MSG_NAME_MIN = 2;
export const MSG_NAME_MAX = 50;
export const MSG_CONTENT_MAX = 2000;
/** Expiry must be at least this far after now (spec section 9). */
export const MSG_MIN_EXPIRY_MS = 15 * 60 * 1000;
/** The day of "not earlier than today" is the China-time day (UTC+8), as every date filter here. */
const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;

/** The validation messages of spec section 5 ("Messages"), in both languages. */
export const MSG_RULE_MESSAGES = {
  name: { zh: '名称为 2 到 50 个字符', en: 'Name is 2 to 50 characters' },
  contentEmpty: { zh: '不能为空', en: "Can't be empty" },
  contentMax: { zh: '内容最多 2000 个字符', en: 'Content is at most 2000 characters' },
  providersEmpty: { zh: '医疗机构列表不能为空', en: 'The provider list cannot be empty' },
  validityRequired: { zh: '请选择有效期', en: 'A validity period is required' },
  startBeforeToday: { zh: '开始时间不能早于今天', en: 'Start must not be earlier than today' },
  expiryTooSoon: {
    zh: '失效时间必须至少晚于当前时间 15 分钟',
    en: 'Expiry must be at least 15 minutes after now',
  },
  expiryBeforeStart: { zh: '失效时间必须晚于开始时间', en: 'Expiry must be after the start' },
} as const satisfies Record<string, TBilingual>;

const msg = (key: keyof typeof MSG_RULE_MESSAGES) =>
  bilingual(MSG_RULE_MESSAGES[key].zh, MSG_RULE_MESSAGES[key].en);

/** What the sender may choose: pop-up or rolling (03, centre-only, is for system notifications). */
export const MSG_SEND_TYPES = [MSG_TYPE_POP_UP, MSG_TYPE_ROLLING] as const;

/** Provider search types 01 geography, 02 provider name or id, 03 person in charge, 04 all providers. */
export const MSG_SEARCH_TYPES = Object.values(PROVIDER_SEARCH_TYPE).map((e) => e.code) as [
  '01',
  '02',
  '03',
  '04',
];
export type TMsgSearchType = (typeof MSG_SEARCH_TYPES)[number];

/** Save: keep a draft, or send (a sent message saved again is modified). */
export const MSG_SAVE_ACTIONS = ['draft', 'send'] as const;

/** The instant today began (China time) for the instant `now`. */
export function startOfToday(now: Date): Date {
  const local = now.getTime() + CHINA_OFFSET_MS;
  return new Date(local - (local % (24 * 60 * 60 * 1000)) - CHINA_OFFSET_MS);
}

export interface TMsgRuleIssue {
  path: string;
  message: TBilingual;
}

/**
 * The validity rules of a message to be sent, at the instant `now`: both ends present, start not
 * earlier than today, expiry at least 15 minutes after now and after the start.
 */
export function validityIssues(
  v: { validFrom?: string | null; validTo?: string | null },
  now: Date,
): TMsgRuleIssue[] {
  const from = v.validFrom ? new Date(v.validFrom) : null;
  const to = v.validTo ? new Date(v.validTo) : null;
  if (!from || !to || Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) {
    return [{ path: 'validFrom', message: MSG_RULE_MESSAGES.validityRequired }];
  }
  const issues: TMsgRuleIssue[] = [];
  if (from < startOfToday(now))
    issues.push({ path: 'validFrom', message: MSG_RULE_MESSAGES.startBeforeToday });
  if (to.getTime() < now.getTime() + MSG_MIN_EXPIRY_MS) {
    issues.push({ path: 'validTo', message: MSG_RULE_MESSAGES.expiryTooSoon });
  } else if (to <= from) {
    issues.push({ path: 'validTo', message: MSG_RULE_MESSAGES.expiryBeforeStart });
  }
  return issues;
}

/** Whether the recipient choice names anyone (all providers, or at least one criterion). */
export function hasRecipients(r: {
  searchType: TMsgSearchType;
  areaCodes: string[];
  providerIds: string[];
  personInChargeIds: string[];
}): boolean {
  if (r.searchType === '04') return true;
  if (r.searchType === '01') return r.areaCodes.length > 0;
  if (r.searchType === '02') return r.providerIds.length > 0;
  return r.personInChargeIds.length > 0;
}

const ZName = z.string().trim().min(MSG_NAME_MIN, msg('name')).max(MSG_NAME_MAX, msg('name'));
const ZContent = z.string().trim().min(1, msg('contentEmpty')).max(MSG_CONTENT_MAX, msg('contentMax'));
const ZCodes = (max: number) => z.array(z.string().trim().min(1).max(64)).max(max).default([]);
const ZInstant = z.iso.datetime({ offset: true, error: msg('validityRequired') }).nullish();

/** The message fields of the compose form (without the action and id). */
export const ZMsgFields = z.object({
  name: ZName,
  nameEn: ZName,
  msgType: z.enum(MSG_SEND_TYPES),
  msgLevel: z.enum(Object.keys(MSG_LEVELS) as ['01', '02', '03']),
  content: ZContent,
  enContent: ZContent,
  validFrom: ZInstant,
  validTo: ZInstant,
  searchType: z.enum(MSG_SEARCH_TYPES),
  /** 01: area codes (province, city or district) of the area tree. */
  areaCodes: ZCodes(500),
  /** 02: provider ids picked by name or id. */
  providerIds: ZCodes(20_000),
  /** 03: ids of the operator users in charge. */
  personInChargeIds: ZCodes(200),
});
export type TMsgFields = z.input<typeof ZMsgFields>;

/**
 * POST /msg/msg (save). A draft needs only a valid name and lengths; sending (or modifying a sent
 * message) also needs recipients and a validity period inside the rules, checked at `now`.
 */
export const ZMsgSaveBody = ZMsgFields.extend({
  id: z.uuid().optional(),
  action: z.enum(MSG_SAVE_ACTIONS).default('send'),
}).superRefine((body, ctx) => {
  if (body.action !== 'send') return;
  for (const issue of validityIssues(body, new Date())) {
    ctx.addIssue({
      code: 'custom',
      path: [issue.path],
      message: bilingual(issue.message.zh, issue.message.en),
    });
  }
  if (!hasRecipients(body))
    ctx.addIssue({ code: 'custom', path: ['providerIds'], message: msg('providersEmpty') });
});
export type TMsgSaveBody = z.input<typeof ZMsgSaveBody>;

/** POST /msg/msg/preview: what a provider will see, in both languages. */
export const ZMsgPreviewBody = ZMsgFields.pick({
  name: true,
  nameEn: true,
  msgType: true,
  msgLevel: true,
  content: true,
  enContent: true,
});

/** DELETE /msg/msg: a draft is deleted, a sent message is withdrawn. */
export const ZMsgDeleteBody = z.object({
  ids: z.array(z.uuid()).min(1, bilingual('尚未选择数据', 'No data selected yet')).max(100),
});

const statusCodes = Object.keys(MSG_STATUSES) as [TMsgStatusCode, ...TMsgStatusCode[]];

/** POST /msg/msg/page: the operator's messages with filters (name, type, level, state, period, sender). */
export const ZMsgManagePageBody = z.object({
  current: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
  name: z.string().trim().max(50).optional(),
  msgType: z.enum(MSG_SEND_TYPES).optional(),
  msgLevel: z.enum(Object.keys(MSG_LEVELS) as ['01', '02', '03']).optional(),
  status: z.enum(statusCodes).optional(),
  /** Messages valid at some time within [periodStart, periodEnd] (YYYY-MM-DD, China time). */
  periodStart: z.iso.date().optional(),
  periodEnd: z.iso.date().optional(),
  sender: z.string().trim().max(100).optional(),
});
export type TMsgManagePageBody = z.input<typeof ZMsgManagePageBody>;

/** Where a message is in its validity window (derived; the job records the transitions). */
export const MSG_PHASES = {
  scheduled: { zh: '未开始', en: 'Scheduled' },
  active: { zh: '有效', en: 'Active' },
  expired: { zh: '已失效', en: 'Expired' },
} as const;
export type TMsgPhase = keyof typeof MSG_PHASES;

/** The validity phase of a message at `now`. */
export function phaseAt(v: { validFrom: Date; validTo: Date | null }, now: Date): TMsgPhase {
  if (v.validFrom > now) return 'scheduled';
  if (v.validTo && v.validTo <= now) return 'expired';
  return 'active';
}

/** One row of the operator's list. */
export const ZMsgManageRecord = z.object({
  id: z.string(),
  name: z.string(),
  nameEn: z.string(),
  msgType: z.string(),
  msgLevel: z.string(),
  status: z.string(),
  phase: z.enum(['scheduled', 'active', 'expired']),
  content: z.string(),
  enContent: z.string(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  searchType: z.string(),
  sender: z.string(),
  senderEn: z.string(),
  sentAt: z.string().nullable(),
  updatedAt: z.string(),
  recipients: z.number().int(),
  read: z.number().int(),
  unread: z.number().int(),
});
export type TMsgManageRecord = z.infer<typeof ZMsgManageRecord>;

export const ZMsgManagePage = z.object({
  records: z.array(ZMsgManageRecord),
  current: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
});
export type TMsgManagePage = z.infer<typeof ZMsgManagePage>;

/** A message as its sender edits it (GET /msg/msg/{id}/edit). */
export const ZMsgEditView = ZMsgManageRecord.extend({
  areaCodes: z.array(z.string()),
  providerIds: z.array(z.string()),
  personInChargeIds: z.array(z.string()),
});
export type TMsgEditView = z.infer<typeof ZMsgEditView>;

/** What a provider will see (the preview). */
export const ZMsgPreview = z.object({
  zh: z.object({ title: z.string(), content: z.string(), typeLabel: z.string(), levelLabel: z.string() }),
  en: z.object({ title: z.string(), content: z.string(), typeLabel: z.string(), levelLabel: z.string() }),
  msgType: z.string(),
  msgLevel: z.string(),
  important: z.boolean(),
});
export type TMsgPreview = z.infer<typeof ZMsgPreview>;

/** Read statistics of one message: providers addressed and how many of them read it. */
export const ZMsgStats = z.object({
  recipients: z.number().int(),
  read: z.number().int(),
  unread: z.number().int(),
  byProvider: z.object({
    records: z.array(
      z.object({
        providerId: z.string(),
        providerCnName: z.string(),
        providerEnName: z.string(),
        readers: z.number().int(),
        firstReadAt: z.string().nullable(),
      }),
    ),
    current: z.number().int(),
    size: z.number().int(),
    total: z.number().int(),
  }),
});
export type TMsgStats = z.infer<typeof ZMsgStats>;

/** POST /msg/msg/listMsgByProviderId: the messages a provider receives, for operators. */
export const ZMsgByProviderBody = z.object({
  providerId: z.string().trim().min(1).max(64),
  current: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

/** POST /msg/msg/center/collectAll: unread counts per code for several providers. */
export const ZMsgCollectAllBody = z.object({
  codes: z
    .array(z.enum(['12', '01', '13', '02', '03', '04']))
    .min(1)
    .max(6)
    .default(['12', '01', '13', '02', '03', '04']),
  providerIdList: z
    .array(z.string().trim().min(1).max(64))
    .min(1, bilingual('尚未选择数据', 'No data selected yet'))
    .max(500),
});

/** How many persons in charge one lookup answers by default and at most (a picker searches, issue 10). */
export const PERSONS_IN_CHARGE_MAX = 50;
export const PERSONS_IN_CHARGE_LIMIT_MAX = 100;
/**
 * GET /msg/msg/personsInCharge: `keyword` (account or either name, contains) narrows the
 * tenant's operator users; `ids` (comma-separated user ids, the picker's values, up to the 200
 * a message may name) are answered too, first; `limit` (default 50, at most 100) bounds the
 * rest. A client that asks one more than it shows learns that more users match.
 */
export const ZPersonsInChargeQuery = z.object({
  keyword: z.string().trim().max(64).optional(),
  ids: zCommaList(z.uuid(), { max: 200, textMax: 37 * 200 }),
  limit: z.coerce.number().int().min(1).max(PERSONS_IN_CHARGE_LIMIT_MAX).default(PERSONS_IN_CHARGE_MAX),
  ts: z.string().optional(),
});

/** An operator user to choose as a person in charge, with how many providers they look after. */
export const ZPersonInCharge = z.object({
  id: z.string(),
  name: z.string(),
  nameEn: z.string(),
  account: z.string(),
  providers: z.number(),
});
export type TPersonInCharge = z.infer<typeof ZPersonInCharge>;
