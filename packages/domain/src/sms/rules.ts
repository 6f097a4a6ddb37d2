/**
 * SMS (spec second document sections 3, 5 and 9; docs/decisions/0034-sms.md): the content and
 * recipient rules, the template variables and the segment counter, shared by the server
 * routes and the web form.
 */
import { z } from 'zod';
import { ERRORS } from '../errors/catalogue.ts';
import { bilingual } from '../i18n/bilingual.ts';
import { MAINLAND_MOBILE } from '../users/rules.ts';

/** Send SMS batches. */
export const SMS_SEND = 'sms:sms:send';
/** Read the sent batches and their recipients' delivery status. */
export const SMS_VIEW = 'sms:sms:view';

/** Spec section 9: at most 500 characters of content. */
export const SMS_MAX_CHARS = 500;
/** Spec section 9: 70 characters in one message (UCS-2, how mainland carriers count). */
export const SMS_SINGLE_CHARS = 70;
/** Spec section 9: 67 characters per part of a longer (concatenated) message. */
export const SMS_PART_CHARS = 67;
/** Recipients of one batch, all sources together. */
export const SMS_MAX_RECIPIENTS = 1000;
/** Providers whose contacts one batch may address. */
export const SMS_MAX_PROVIDERS = 200;

/**
 * The bracket symbols a template must not contain (spec section 5): the square brackets in
 * every width. Mainland gateways put the sender's signature in 【】 themselves and refuse
 * content that carries its own; [] and ［］ read the same on a handset.
 */
export const SMS_BRACKETS = ['【', '】', '[', ']', '［', '］', '〖', '〗'] as const;

/**
 * The template variables, written #name# (no bracket of any kind, so the bracket rule never
 * clashes with them), with what fills them for each recipient.
 */
export const SMS_VARIABLES = {
  phone: { zh: '手机号', en: 'phone number' },
  name: { zh: '联系人姓名', en: 'contact name' },
  provider: { zh: '医疗机构名称', en: 'provider name' },
  providerId: { zh: '医疗机构编码', en: 'provider id' },
} as const;
export type TSmsVariable = keyof typeof SMS_VARIABLES;
const VARIABLE_NAMES = Object.keys(SMS_VARIABLES) as TSmsVariable[];

/** #word# where word is an ASCII identifier: '#3 and #4' is plain text. */
const VARIABLE = /#([A-Za-z][A-Za-z0-9]*)#/g;

export const SMS_REQUIRED_MESSAGE = bilingual(ERRORS.SMS_REQUIRED.zh, ERRORS.SMS_REQUIRED.en);
export const SMS_TOO_LONG_MESSAGE = bilingual(
  `短信内容最多 ${SMS_MAX_CHARS} 个字`,
  `The content is at most ${SMS_MAX_CHARS} characters`,
);
export const SMS_BRACKET_MESSAGE = bilingual(
  '模板不能包含括号符号（【】[]）',
  'The template cannot contain the bracket symbol (【】[])',
);
export const SMS_NO_RECIPIENTS_MESSAGE = bilingual(
  '请输入手机号或选择医疗机构联系人',
  'Enter phone numbers or choose provider contacts',
);

/** Characters as a reader counts them (code points: an emoji is one). */
export const charCount = (text: string): number => [...text].length;

/** The variables a template uses, in order of first use. */
export function templateVariables(content: string): string[] {
  const seen: string[] = [];
  for (const m of content.matchAll(VARIABLE)) if (!seen.includes(m[1])) seen.push(m[1]);
  return seen;
}

/** Variables used that the portal does not know. */
export function unknownVariables(content: string): string[] {
  return templateVariables(content).filter((v) => !(VARIABLE_NAMES as string[]).includes(v));
}

const unknownVariableMessage = (names: string[]) =>
  bilingual(
    `未知的变量 ${names.map((n) => `#${n}#`).join('、')}，可用：${VARIABLE_NAMES.map((n) => `#${n}#`).join('、')}`,
    `Unknown variable ${names.map((n) => `#${n}#`).join(', ')}; use ${VARIABLE_NAMES.map((n) => `#${n}#`).join(', ')}`,
  );

/** The SMS content (a template): not empty, at most 500 characters, no bracket, known variables. */
export const ZSmsContent = z.string({ error: SMS_REQUIRED_MESSAGE }).superRefine((value, ctx) => {
  if (value.trim() === '') ctx.addIssue({ code: 'custom', message: SMS_REQUIRED_MESSAGE });
  else if (charCount(value) > SMS_MAX_CHARS) ctx.addIssue({ code: 'custom', message: SMS_TOO_LONG_MESSAGE });
  else if (SMS_BRACKETS.some((b) => value.includes(b)))
    ctx.addIssue({ code: 'custom', message: SMS_BRACKET_MESSAGE });
  else {
    const unknown = unknownVariables(value);
    if (unknown.length > 0) ctx.addIssue({ code: 'custom', message: unknownVariableMessage(unknown) });
  }
});

/** The 11-digit number of a mainland mobile written with or without +86, spaces or hyphens; else null. */
export function normalizeMobile(entry: string): string | null {
  const compact = entry.replace(/[\s-]/g, '');
  return MAINLAND_MOBILE.exec(compact)?.[1] ?? null;
}

/** Several entries at once: separated by line breaks, commas, semicolons or 、 (any width). */
const SEPARATORS = /[\n\r,;，；、]+/;

export interface TPhoneList {
  /** Valid numbers, 11 digits, first occurrence order, each once. */
  phones: string[];
  /** Entries that are not a mainland mobile number, as typed, each once. */
  invalid: string[];
  /** How many entries repeated a number already listed. */
  duplicates: number;
}

/** Splits typed phone numbers, removes repeats and names each invalid one. */
export function parsePhoneList(text: string): TPhoneList {
  const phones: string[] = [];
  const invalid: string[] = [];
  let duplicates = 0;
  for (const raw of text.split(SEPARATORS)) {
    const entry = raw.trim();
    if (entry === '') continue;
    const phone = normalizeMobile(entry);
    if (!phone) {
      if (!invalid.includes(entry)) invalid.push(entry);
    } else if (phones.includes(phone)) duplicates += 1;
    else phones.push(phone);
  }
  return { phones, invalid, duplicates };
}

/** 'Phone number is invalid' (spec section 8) naming the entries. */
export function invalidPhonesMessage(invalid: string[]): string {
  const shown = invalid.slice(0, 10).join(', ');
  const more = invalid.length > 10 ? ` (+${invalid.length - 10})` : '';
  return bilingual(
    `${ERRORS.PHONE_INVALID.zh}：${shown}${more}`,
    `${ERRORS.PHONE_INVALID.en}: ${shown}${more}`,
  );
}

/** The phone numbers field: typed text with at most SMS_MAX_RECIPIENTS valid entries, none invalid. */
export const ZSmsPhones = z
  .string()
  .max(40_000, bilingual('手机号过多', 'Too many phone numbers'))
  .superRefine((value, ctx) => {
    const list = parsePhoneList(value);
    if (list.invalid.length > 0)
      ctx.addIssue({ code: 'custom', message: invalidPhonesMessage(list.invalid) });
    else if (list.phones.length > SMS_MAX_RECIPIENTS)
      ctx.addIssue({ code: 'custom', message: tooManyRecipientsMessage() });
  });

export const tooManyRecipientsMessage = () =>
  bilingual(
    `一次最多发送给 ${SMS_MAX_RECIPIENTS} 个手机号`,
    `One send reaches at most ${SMS_MAX_RECIPIENTS} phone numbers`,
  );

/** What fills the variables for one recipient (phone always; the rest for provider contacts). */
export type TSmsRecipientValues = Partial<Record<TSmsVariable, string>> & { phone: string };

/** The template with the recipient's values; null when a used variable has no value for them. */
export function renderSms(content: string, values: TSmsRecipientValues): { text: string; missing: string[] } {
  const missing: string[] = [];
  const text = content.replace(VARIABLE, (whole, name: string) => {
    const value = values[name as TSmsVariable];
    if (value === undefined || value === '') {
      if (!missing.includes(name)) missing.push(name);
      return whole;
    }
    return value;
  });
  return { text, missing };
}

export interface TSmsSegments {
  /** Characters counted (UTF-16 units, as UCS-2 carries them), signature included. */
  chars: number;
  /** Messages the carrier bills: 1 up to 70 characters, otherwise ceil(chars / 67). */
  segments: number;
  /** Characters per segment at this length: 70 or 67. */
  perSegment: number;
}

/**
 * The segment counter of spec section 9: 70 characters in a single message, 67 per part of a
 * longer one. Mainland carriers count every message this way (UCS-2), Latin letters too, and
 * count the signature 【...】 the gateway adds, so `signName` is counted with its brackets.
 */
export function smsSegments(text: string, signName = ''): TSmsSegments {
  const chars = text.length + (signName ? signName.length + 2 : 0);
  if (chars === 0) return { chars: 0, segments: 0, perSegment: SMS_SINGLE_CHARS };
  if (chars <= SMS_SINGLE_CHARS) return { chars, segments: 1, perSegment: SMS_SINGLE_CHARS };
  return { chars, segments: Math.ceil(chars / SMS_PART_CHARS), perSegment: SMS_PART_CHARS };
}

/** Delivery status of one recipient (one outbox row). */
export const SMS_STATUS = {
  PENDING: { code: 'pending', zh: '待发送', en: 'Pending' },
  SENDING: { code: 'sending', zh: '发送中', en: 'Sending' },
  SENT: { code: 'sent', zh: '已发送', en: 'Sent' },
  FAILED: { code: 'failed', zh: '发送失败', en: 'Send failure' },
} as const;
export const SMS_STATUS_CODES = ['pending', 'sending', 'sent', 'failed'] as const;
export type TSmsStatus = (typeof SMS_STATUS_CODES)[number];

/** The carrier's delivery receipt of a sent SMS (decision 0035); '' before it is sent. */
export const SMS_DELIVERY = {
  WAITING: { code: 'waiting', zh: '等待回执', en: 'Awaiting receipt' },
  DELIVERED: { code: 'delivered', zh: '已送达', en: 'Delivered' },
  UNDELIVERED: { code: 'undelivered', zh: '未送达', en: 'Not delivered' },
  UNKNOWN: { code: 'unknown', zh: '无回执', en: 'No receipt' },
} as const;
export const SMS_DELIVERY_CODES = ['', 'waiting', 'delivered', 'undelivered', 'unknown'] as const;
export type TSmsDelivery = (typeof SMS_DELIVERY_CODES)[number];

const ZProviderIds = z
  .array(z.string().trim().min(1).max(64), { error: bilingual('格式不正确', 'Incorrect Format') })
  .max(
    SMS_MAX_PROVIDERS,
    bilingual(`最多选择 ${SMS_MAX_PROVIDERS} 家医疗机构`, `Choose at most ${SMS_MAX_PROVIDERS} providers`),
  )
  .default([]);

/** POST /msg/sms/preview and POST /msg/sms: content and recipients. */
export const ZSmsDraft = z.object({
  content: ZSmsContent,
  /** Typed phone numbers, several at once (see parsePhoneList). */
  phones: ZSmsPhones.default(''),
  /** Providers whose contacts' mobile numbers receive the SMS. */
  providerIds: ZProviderIds,
});
export type TSmsDraft = z.input<typeof ZSmsDraft>;

/** POST /msg/sms: the draft and a key the client makes once per send, so a repeat sends nothing twice. */
export const ZSmsSend = ZSmsDraft.extend({
  requestKey: z.uuid({ error: bilingual('格式不正确', 'Incorrect Format') }),
});
export type TSmsSend = z.input<typeof ZSmsSend>;

export const ZSmsPreviewRecipient = z.object({
  phone: z.string(),
  name: z.string(),
  providerId: z.string(),
  providerName: z.string(),
  text: z.string(),
  segments: z.number().int(),
});
export type TSmsPreviewRecipient = z.infer<typeof ZSmsPreviewRecipient>;

export const ZSmsPreview = z.object({
  recipients: z.array(ZSmsPreviewRecipient),
  /** Repeated numbers left out (typed twice, or a contact also typed). */
  duplicates: z.number().int(),
  /** Chosen providers that have no mobile contact. */
  providersWithoutMobile: z.array(z.string()),
  segments: z.number().int(),
});
export type TSmsPreview = z.infer<typeof ZSmsPreview>;

export const ZSmsBatch = z.object({
  id: z.string(),
  content: z.string(),
  senderAccount: z.string(),
  senderName: z.string(),
  senderNameEn: z.string(),
  createdAt: z.string(),
  total: z.number().int(),
  pending: z.number().int(),
  sending: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  /** Of the sent: receipts that say delivered, and not delivered. */
  delivered: z.number().int(),
  undelivered: z.number().int(),
});
export type TSmsBatch = z.infer<typeof ZSmsBatch>;

const ZPaging = {
  current: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
};

export const ZSmsBatchPageBody = z.object(ZPaging);
export type TSmsBatchPageBody = z.input<typeof ZSmsBatchPageBody>;
export const ZSmsBatchPage = z.object({
  records: z.array(ZSmsBatch),
  current: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
});
export type TSmsBatchPage = z.infer<typeof ZSmsBatchPage>;

export const ZSmsRecipientPageBody = z.object({ ...ZPaging, batchId: z.uuid() });
export type TSmsRecipientPageBody = z.input<typeof ZSmsRecipientPageBody>;
export const ZSmsRecipient = z.object({
  id: z.string(),
  phone: z.string(),
  name: z.string(),
  providerId: z.string(),
  text: z.string(),
  status: z.enum(SMS_STATUS_CODES),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  providerMessageId: z.string(),
  error: z.string(),
  delivery: z.enum(SMS_DELIVERY_CODES),
  /** The gateway's reason for not delivered (its error code), or why no receipt came. */
  deliveryReason: z.string(),
  deliveredAt: z.string().nullable(),
});
export type TSmsRecipient = z.infer<typeof ZSmsRecipient>;
export const ZSmsRecipientPage = z.object({
  records: z.array(ZSmsRecipient),
  current: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
});
export type TSmsRecipientPage = z.infer<typeof ZSmsRecipientPage>;

/** GET /msg/sms/settings: what the form needs to count like the gateway. */
export const ZSmsSettings = z.object({ signName: z.string(), adapter: z.string() });
export type TSmsSettings = z.infer<typeof ZSmsSettings>;

/** POST /msg/sms/providers: providers to choose contacts from. */
export const ZSmsProviderSearchBody = z.object({
  keyword: z.string().trim().max(100).default(''),
});
export const ZSmsProviderOption = z.object({
  providerId: z.string(),
  providerCnName: z.string(),
  providerEnName: z.string(),
  mobiles: z.number().int(),
});
export type TSmsProviderOption = z.infer<typeof ZSmsProviderOption>;
