/**
 * Leave a message (`/advance/message`, decision 0039): a conversation per case between the
 * case's provider and the operator's staff, with attachments under the pre-authorisation file
 * limits (100 MB a file, 500 MB a message).
 */
import { z } from 'zod';
import { bilingual } from '../i18n/bilingual.ts';
import { preauthText } from './rules.ts';

/** The files feature's business type of a message's attachments (profile 'preauth'). */
export const PREAUTH_MSG_BIZ_TYPE = 'PREAUTH_MSG';
export const PREAUTH_MSG_MAX_CHARS = 2000;

/** Who wrote a message: the provider's staff or the operator's. */
export const PREAUTH_MSG_SIDE = {
  PROVIDER: { code: 'provider', zh: '医疗机构', en: 'Provider' },
  OPERATOR: { code: 'operator', zh: '运营方', en: 'Operator' },
} as const;
export type TPreauthMsgSide = 'provider' | 'operator';

export const ZPreauthMessageBody = z
  .object({
    caseId: z.string().uuid(bilingual('格式不正确', 'Incorrect Format')),
    content: preauthText(PREAUTH_MSG_MAX_CHARS).default(''),
    fileIds: z
      .array(z.string().uuid(bilingual('格式不正确', 'Incorrect Format')))
      .max(20)
      .default([]),
  })
  .refine((b) => b.content.length > 0 || b.fileIds.length > 0, {
    path: ['content'],
    message: bilingual('请填写留言或添加附件', 'Write a message or attach a file'),
  });
export type TPreauthMessageBody = z.input<typeof ZPreauthMessageBody>;

export const ZPreauthMessage = z.object({
  id: z.string(),
  side: z.enum(['provider', 'operator']),
  authorName: z.string(),
  authorNameEn: z.string(),
  content: z.string(),
  files: z.array(z.object({ id: z.string(), originalName: z.string(), size: z.number() })),
  /** Whether the other side has read it. */
  read: z.boolean(),
  /** Written by the asking user. */
  mine: z.boolean(),
  createTime: z.string(),
});
export type TPreauthMessage = z.infer<typeof ZPreauthMessage>;

export const ZPreauthConversation = z.object({
  caseId: z.string(),
  caseNo: z.string(),
  status: z.string(),
  providerId: z.string(),
  messages: z.array(ZPreauthMessage),
});
export type TPreauthConversation = z.infer<typeof ZPreauthConversation>;
