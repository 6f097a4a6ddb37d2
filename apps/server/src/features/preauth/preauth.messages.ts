/**
 * Leave a message (`/advance/message`, decision 0039): the conversation of a case between the
 * staff of its provider and the operator's staff who can see it. Writing a message stores it
 * with its attachments and a message-centre notice to the other side in one transaction, then
 * tells the live channel. Opening the conversation marks the other side's messages read.
 */
import {
  PREAUTH_MSG_BIZ_TYPE,
  type TPreauthConversation,
  type TPreauthMessage,
  type TPreauthMsgSide,
  type ZPreauthMessageBody,
} from '@portal/domain/preauth/messages';
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { TActor } from '../../platform/auth/access.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { chinaSecond } from '../appointments/appointments.service.ts';
import { attachFiles, listFilesOfMany } from '../files/files.service.ts';
import { isProviderStaff } from '../provider-accounts/provider-accounts.access.ts';
import { announceNotices, conversationNotice, writeNotice } from './preauth.notices.ts';
import { oneCaseWhere } from './preauth.service.ts';
import { preauthCases, preauthMessages } from './preauth.tables.ts';

const sideOf = (actor: TActor): TPreauthMsgSide => (isProviderStaff(actor) ? 'provider' : 'operator');

async function visibleCase(p: TPlatform, actor: TActor, caseId: string) {
  const [row] = await p.db.select().from(preauthCases).where(oneCaseWhere(actor, caseId));
  if (!row) throw new AppError('PREAUTH_NOT_FOUND');
  return row;
}

/** The case's messages, oldest first; the other side's unread ones become read. */
export async function openConversation(
  p: TPlatform,
  { actor, caseId }: { actor: TActor; caseId: string },
): Promise<TPreauthConversation> {
  const row = await visibleCase(p, actor, caseId);
  const side = sideOf(actor);
  const rows = await p.db
    .select()
    .from(preauthMessages)
    .where(and(eq(preauthMessages.tenantId, actor.tenantId), eq(preauthMessages.caseRef, row.id)))
    .orderBy(asc(preauthMessages.createdAt), asc(preauthMessages.id));
  if (rows.some((m) => m.side !== side && m.readAt === null)) {
    await p.db
      .update(preauthMessages)
      .set({ readAt: new Date() })
      .where(
        and(
          eq(preauthMessages.tenantId, actor.tenantId),
          eq(preauthMessages.caseRef, row.id),
          ne(preauthMessages.side, side),
          isNull(preauthMessages.readAt),
        ),
      );
  }
  const attached = await listFilesOfMany(p, {
    tenantId: actor.tenantId,
    bizType: PREAUTH_MSG_BIZ_TYPE,
    bizIds: rows.map((m) => m.id),
  });
  const messages: TPreauthMessage[] = rows.map((m) => ({
    id: m.id,
    side: m.side as TPreauthMsgSide,
    authorName: m.authorName,
    authorNameEn: m.authorNameEn,
    content: m.content,
    files: attached
      .filter((f) => f.bizId === m.id)
      .map((f) => ({ id: f.id, originalName: f.originalName, size: f.size })),
    read: m.readAt !== null,
    mine: m.authorId === actor.userId,
    createTime: chinaSecond(m.createdAt),
  }));
  return { caseId: row.id, caseNo: row.caseNo, status: row.status, providerId: row.providerId, messages };
}

/** Leaves a message on the case (text, files or both) and notifies the other side. */
export async function leaveMessage(
  p: TPlatform,
  { actor, input }: { actor: TActor; input: z.output<typeof ZPreauthMessageBody> },
): Promise<TPreauthConversation> {
  const side = sideOf(actor);
  const noticeId = await p.db.transaction(async (tx) => {
    const [row] = await tx.select().from(preauthCases).where(oneCaseWhere(actor, input.caseId)).for('share');
    if (!row) throw new AppError('PREAUTH_NOT_FOUND');
    const [message] = await tx
      .insert(preauthMessages)
      .values({
        tenantId: actor.tenantId,
        caseRef: row.id,
        side,
        authorId: actor.userId,
        authorName: actor.name,
        authorNameEn: actor.nameEn || actor.name,
        content: input.content,
        createdBy: actor.account,
        updatedBy: actor.account,
      })
      .returning({ id: preauthMessages.id });
    await attachFiles(p, {
      tenantId: actor.tenantId,
      ids: input.fileIds,
      bizType: PREAUTH_MSG_BIZ_TYPE,
      bizId: message.id,
      actor,
      db: tx,
    });
    return writeNotice(tx, {
      actor,
      row,
      to: side === 'provider' ? 'operator' : 'provider',
      text: conversationNotice(row, actor, input.content),
    });
  });
  await announceNotices(p, actor.tenantId, [noticeId]);
  return openConversation(p, { actor, caseId: input.caseId });
}

/** Whether the actor may see the message's case (the files feature's rule for its attachments). */
export async function messageVisible(p: TPlatform, { actor, id }: { actor: TActor; id: string }) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return false;
  const rows = await p.db
    .select({ caseRef: preauthMessages.caseRef })
    .from(preauthMessages)
    .where(and(eq(preauthMessages.tenantId, actor.tenantId), eq(preauthMessages.id, id)));
  if (!rows[0]) return false;
  const cases = await p.db
    .select({ id: preauthCases.id })
    .from(preauthCases)
    .where(oneCaseWhere(actor, rows[0].caseRef));
  return cases.length > 0;
}
