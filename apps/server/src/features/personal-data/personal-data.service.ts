/**
 * Revealing a masked personal value (decision 0020): the reveal is written to the operation
 * log before the screen shows the value. Features register which of their objects hold
 * personal fields and who may see each object.
 */
import type { TRevealBody, TRevealResult } from '@portal/domain/personal-data/rules';
import { writeOperationLog } from '../../platform/audit-log/audit-log.service.ts';
import type { TActor } from '../../platform/auth/access.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TPlatform } from '../../platform/platform.ts';

export interface TRevealTarget {
  /** The personal fields of the object that may be revealed. */
  fields: readonly string[];
  /** Whether the actor may see the object at all (tenant, and provider for provider staff). */
  canSee: (p: TPlatform, input: { actor: TActor; bizId: string }) => Promise<boolean>;
  /**
   * The field's value, for objects whose answers carry it masked (it leaves the server only
   * here, after the log row); null when the object cannot be read.
   */
  readValue?: (
    p: TPlatform,
    input: { actor: TActor; bizId: string; field: string },
  ) => Promise<string | null>;
}

const targets = new Map<TRevealBody['bizType'], TRevealTarget>();

export function registerRevealTarget(bizType: TRevealBody['bizType'], target: TRevealTarget): void {
  targets.set(bizType, target);
}

/** Logs that the actor revealed `field` of the object; refuses objects the actor cannot see. */
export async function logReveal(
  p: TPlatform,
  { actor, requestId, bizType, bizId, field }: TRevealBody & { actor: TActor; requestId: string },
): Promise<TRevealResult> {
  const target = targets.get(bizType);
  if (!target?.fields.includes(field))
    throw new AppError('VALIDATION', {
      data: { fieldErrors: { field: ['Not a personal field of this object'] } },
    });
  // Another tenant's object, or another provider's, reads as missing.
  if (!(await target.canSee(p, { actor, bizId }))) throw new AppError('NOT_FOUND');
  const value = target.readValue ? await target.readValue(p, { actor, bizId, field }) : undefined;
  if (value === null) throw new AppError('NOT_FOUND');
  await writeOperationLog(p.db, {
    tenantId: actor.tenantId,
    userId: actor.userId,
    account: actor.account,
    action: 'reveal',
    targetTable: bizType,
    targetId: bizId,
    after: { field },
    requestId,
  });
  return value === undefined ? { logged: true } : { logged: true, value };
}
