/**
 * The organisation tree (issue 14, decision 0028): list, create, edit and delete, and the
 * providers placed in provider groups and regions. Each change is one transaction with its
 * operation-log row; afterwards the tenant's cached sessions are dropped on every instance
 * (decision 0018), since the data scope of any user may reach the organisation.
 */

import { ERRORS, formatMessage } from '@portal/domain/errors/catalogue';
import {
  PROVIDER_HOLDING_TYPES,
  type TOrganisationCreate,
  type TOrganisationEdit,
  type TOrganisationNode,
  type TOrganisationType,
} from '@portal/domain/organisations/rules';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { writeOperationLog } from '../../platform/audit-log/audit-log.service.ts';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { providers } from '../hospital-tasks/hospital-tasks.tables.ts';
import { providerMatching } from '../hospital-tasks/providers.match.ts';
import { users } from '../users/users.tables.ts';
import {
  organisationProviders,
  organisations,
  roleOrganisations,
  type TOrganisationRow,
} from './organisations.tables.ts';

/** Where a change comes from, for its log rows. */
export interface TOrganisationChangeContext {
  actor: TActor;
  requestId: string;
}

const PROVIDER_USER_TYPE = '02';

/** Organisation administration is for operator staff; provider staff are refused whatever they hold. */
export function assertOperator(actor: TActor): void {
  if (actor.userType === PROVIDER_USER_TYPE) throw new AppError('ORG_OPERATOR_ONLY');
}

const fieldError = (field: string, msg: string, msg_en: string) => ({
  data: { fieldErrors: { [field]: { msg, msg_en } } },
});

/** The tenant's organisations as a tree (siblings by order, then name), with providers and user counts. */
export async function organisationTree(
  p: TPlatform,
  { actor }: { actor: TActor },
): Promise<TOrganisationNode[]> {
  assertOperator(actor);
  const tenantId = actor.tenantId;
  const [rows, placed, counts] = await Promise.all([
    p.db
      .select()
      .from(organisations)
      .where(eq(organisations.tenantId, tenantId))
      .orderBy(asc(organisations.sortOrder), asc(organisations.name)),
    p.db
      .select()
      .from(organisationProviders)
      .where(eq(organisationProviders.tenantId, tenantId))
      .orderBy(asc(organisationProviders.providerId)),
    p.db
      .select({ orgId: users.orgId, n: count() })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), sql`${users.orgId} is not null`))
      .groupBy(users.orgId),
  ]);
  const nodes = new Map<string, TOrganisationNode>(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        parentId: r.parentId,
        name: r.name,
        nameEn: r.nameEn,
        orgType: r.orgType as TOrganisationType,
        sortOrder: r.sortOrder,
        version: r.version,
        providerIds: [],
        userCount: 0,
        children: [],
      },
    ]),
  );
  for (const link of placed) nodes.get(link.organisationId)?.providerIds.push(link.providerId);
  for (const c of counts) {
    const node = c.orgId ? nodes.get(c.orgId) : undefined;
    if (node) node.userCount = Number(c.n);
  }
  const roots: TOrganisationNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id) as TOrganisationNode;
    const parent = r.parentId ? nodes.get(r.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** A chosen organisation (a user's) must be one of the tenant's: 400 40192 otherwise. */
export async function assertOrganisationExists(
  db: TDbOrTx,
  { tenantId, orgId }: { tenantId: string; orgId: string | null },
): Promise<void> {
  if (!orgId) return;
  await assertOrganisationsExist(db, { tenantId, ids: [orgId], field: 'orgId' });
}

/** Chosen organisations (a role's custom scope) must be the tenant's: 400 40192 otherwise. */
export async function assertOrganisationsExist(
  db: TDbOrTx,
  { tenantId, ids, field = 'organisationIds' }: { tenantId: string; ids: string[]; field?: string },
): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const found = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(and(eq(organisations.tenantId, tenantId), inArray(organisations.id, unique)));
  if (found.length !== unique.length)
    throw new AppError(
      'ORG_UNKNOWN',
      fieldError(field, '所选机构不存在', 'A chosen organisation does not exist'),
    );
}

/** The organisations a role's custom data scope chooses. */
export async function organisationsOfRole(
  db: TDbOrTx,
  { tenantId, roleId }: { tenantId: string; roleId: string },
): Promise<string[]> {
  const rows = await db
    .select({ id: roleOrganisations.organisationId })
    .from(roleOrganisations)
    .where(and(eq(roleOrganisations.tenantId, tenantId), eq(roleOrganisations.roleId, roleId)));
  return rows.map((r) => r.id);
}

/** Replaces the organisations of a role's custom scope (none unless the scope is 'custom'). */
export async function setRoleOrganisations(
  tx: TDbOrTx,
  { tenantId, roleId, ids }: { tenantId: string; roleId: string; ids: string[] },
): Promise<void> {
  await tx
    .delete(roleOrganisations)
    .where(and(eq(roleOrganisations.tenantId, tenantId), eq(roleOrganisations.roleId, roleId)));
  const unique = [...new Set(ids)];
  if (unique.length > 0)
    await tx
      .insert(roleOrganisations)
      .values(unique.map((organisationId) => ({ tenantId, roleId, organisationId })));
}

/** Drops a deleted role's organisations. */
export async function deleteRoleOrganisations(
  tx: TDbOrTx,
  { tenantId, roleIds }: { tenantId: string; roleIds: string[] },
): Promise<void> {
  if (roleIds.length === 0) return;
  await tx
    .delete(roleOrganisations)
    .where(and(eq(roleOrganisations.tenantId, tenantId), inArray(roleOrganisations.roleId, roleIds)));
}

/** 40190 on the field when a sibling (same parent) has the name in that language, without regard to case. */
async function checkSiblingNames(
  db: TDbOrTx,
  input: { tenantId: string; parentId: string | null; name: string; nameEn: string; exceptId?: string },
) {
  const siblings = and(
    eq(organisations.tenantId, input.tenantId),
    input.parentId ? eq(organisations.parentId, input.parentId) : sql`${organisations.parentId} is null`,
    input.exceptId ? ne(organisations.id, input.exceptId) : undefined,
  );
  const taken = async (column: typeof organisations.name | typeof organisations.nameEn, value: string) =>
    (
      await db
        .select({ id: organisations.id })
        .from(organisations)
        .where(and(siblings, sql`lower(${column}) = lower(${value})`))
        .limit(1)
    ).length > 0;
  const message = [
    '同一上级下已有同名机构',
    'An organisation with this name already exists under the same parent',
  ] as const;
  if (await taken(organisations.name, input.name))
    throw new AppError('ORG_NAME_EXISTS', fieldError('name', ...message));
  if (await taken(organisations.nameEn, input.nameEn))
    throw new AppError('ORG_NAME_EXISTS', fieldError('nameEn', ...message));
}

/**
 * The providers of an organisation: only provider groups and regions hold them; each must be an
 * approved provider record of the tenant and not placed in another organisation.
 */
async function checkProviders(
  db: TDbOrTx,
  input: { tenantId: string; orgType: TOrganisationType; providerIds: string[]; exceptOrgId?: string },
): Promise<string[]> {
  const wanted = [...new Set(input.providerIds)];
  if (wanted.length === 0) return [];
  if (!PROVIDER_HOLDING_TYPES.includes(input.orgType)) throw new AppError('ORG_PROVIDERS_NOT_ALLOWED');
  const found = await db
    .select({ providerId: providers.providerId })
    .from(providers)
    .where(and(eq(providers.tenantId, input.tenantId), inArray(providers.providerId, wanted)));
  const known = new Set(found.map((r) => r.providerId));
  const unknown = wanted.find((id) => !known.has(id));
  if (unknown) throw new AppError('ORG_PROVIDER_UNKNOWN', { params: { value: unknown } });
  const elsewhere = await db
    .select({
      providerId: organisationProviders.providerId,
      name: organisations.name,
      nameEn: organisations.nameEn,
    })
    .from(organisationProviders)
    .innerJoin(
      organisations,
      and(
        eq(organisations.id, organisationProviders.organisationId),
        eq(organisations.tenantId, organisationProviders.tenantId),
      ),
    )
    .where(
      and(
        eq(organisationProviders.tenantId, input.tenantId),
        inArray(organisationProviders.providerId, wanted),
        input.exceptOrgId ? ne(organisationProviders.organisationId, input.exceptOrgId) : undefined,
      ),
    )
    .limit(1);
  if (elsewhere[0])
    throw new AppError('ORG_PROVIDER_TAKEN', {
      zh: formatMessage(ERRORS.ORG_PROVIDER_TAKEN.zh, {
        value: elsewhere[0].providerId,
        org: elsewhere[0].name,
      }),
      en: formatMessage(ERRORS.ORG_PROVIDER_TAKEN.en, {
        value: elsewhere[0].providerId,
        org: elsewhere[0].nameEn,
      }),
    });
  return wanted;
}

async function setProviders(tx: TDbOrTx, tenantId: string, organisationId: string, providerIds: string[]) {
  await tx
    .delete(organisationProviders)
    .where(
      and(
        eq(organisationProviders.tenantId, tenantId),
        eq(organisationProviders.organisationId, organisationId),
      ),
    );
  if (providerIds.length > 0)
    await tx
      .insert(organisationProviders)
      .values(providerIds.map((providerId) => ({ tenantId, organisationId, providerId })));
}

function snapshot(row: TOrganisationRow, providerIds: string[]) {
  return {
    parentId: row.parentId,
    name: row.name,
    nameEn: row.nameEn,
    orgType: row.orgType,
    sortOrder: row.sortOrder,
    providerIds,
  };
}

async function log(
  tx: TDbOrTx,
  ctx: TOrganisationChangeContext,
  action: string,
  targetId: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
) {
  await writeOperationLog(tx, {
    tenantId: ctx.actor.tenantId,
    userId: ctx.actor.userId,
    account: ctx.actor.account,
    action,
    targetTable: 'organisations',
    targetId,
    before,
    after,
    requestId: ctx.requestId,
  });
}

/** Two changes at the same moment: the unique indexes decide, with the same messages. */
function uniqueViolation(error: unknown): AppError | null {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  if ((e.code ?? e.cause?.code) !== '23505') return null;
  const constraint = e.constraint ?? e.cause?.constraint ?? '';
  if (constraint.startsWith('organisation_providers')) return new AppError('ORG_CHANGED');
  return new AppError('ORG_NAME_EXISTS');
}

async function providersOf(db: TDbOrTx, tenantId: string, organisationId: string): Promise<string[]> {
  const rows = await db
    .select({ providerId: organisationProviders.providerId })
    .from(organisationProviders)
    .where(
      and(
        eq(organisationProviders.tenantId, tenantId),
        eq(organisationProviders.organisationId, organisationId),
      ),
    )
    .orderBy(asc(organisationProviders.providerId));
  return rows.map((r) => r.providerId);
}

/** POST /authority/org: a new organisation under a parent of the tenant (or a root). */
export async function createOrganisation(
  p: TPlatform,
  ctx: TOrganisationChangeContext,
  input: Required<TOrganisationCreate>,
): Promise<{ id: string }> {
  assertOperator(ctx.actor);
  const tenantId = ctx.actor.tenantId;
  try {
    const id = await p.db.transaction(async (tx) => {
      let parentPath: string[] = [];
      if (input.parentId) {
        const [parent] = await tx
          .select()
          .from(organisations)
          .where(and(eq(organisations.tenantId, tenantId), eq(organisations.id, input.parentId)))
          .for('update');
        if (!parent)
          throw new AppError(
            'ORG_PARENT_UNKNOWN',
            fieldError('parentId', '上级机构不存在', 'The parent organisation does not exist'),
          );
        parentPath = parent.path;
      }
      await checkSiblingNames(tx, {
        tenantId,
        parentId: input.parentId,
        name: input.name,
        nameEn: input.nameEn,
      });
      const providerIds = await checkProviders(tx, {
        tenantId,
        orgType: input.orgType,
        providerIds: input.providerIds,
      });
      const newId = crypto.randomUUID();
      const [row] = await tx
        .insert(organisations)
        .values({
          id: newId,
          tenantId,
          parentId: input.parentId,
          path: [...parentPath, newId],
          name: input.name,
          nameEn: input.nameEn,
          orgType: input.orgType,
          sortOrder: input.sortOrder,
          createdBy: ctx.actor.userId,
          updatedBy: ctx.actor.userId,
        })
        .returning();
      await setProviders(tx, tenantId, row.id, providerIds);
      await log(tx, ctx, 'create', row.id, null, snapshot(row, providerIds));
      return row.id;
    });
    await p.authCache.invalidate({ tenantId });
    return { id };
  } catch (error) {
    throw uniqueViolation(error) ?? error;
  }
}

/** PUT /authority/org: names, type, order and providers; 409 40934 on a stale version. */
export async function editOrganisation(
  p: TPlatform,
  ctx: TOrganisationChangeContext,
  input: Required<TOrganisationEdit>,
): Promise<{ id: string; version: number }> {
  assertOperator(ctx.actor);
  const tenantId = ctx.actor.tenantId;
  try {
    const version = await p.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(organisations)
        .where(and(eq(organisations.tenantId, tenantId), eq(organisations.id, input.id)))
        .for('update');
      if (!before) throw new AppError('ORG_NOT_FOUND');
      if (before.version !== input.version) throw new AppError('ORG_CHANGED');
      await checkSiblingNames(tx, {
        tenantId,
        parentId: before.parentId,
        name: input.name,
        nameEn: input.nameEn,
        exceptId: before.id,
      });
      const providerIds = await checkProviders(tx, {
        tenantId,
        orgType: input.orgType,
        providerIds: input.providerIds,
        exceptOrgId: before.id,
      });
      const beforeProviders = await providersOf(tx, tenantId, before.id);
      const [after] = await tx
        .update(organisations)
        .set({
          name: input.name,
          nameEn: input.nameEn,
          orgType: input.orgType,
          sortOrder: input.sortOrder,
          updatedAt: new Date(),
          updatedBy: ctx.actor.userId,
          version: sql`${organisations.version} + 1`,
        })
        .where(and(eq(organisations.tenantId, tenantId), eq(organisations.id, before.id)))
        .returning();
      await setProviders(tx, tenantId, before.id, providerIds);
      await log(
        tx,
        ctx,
        'update',
        before.id,
        snapshot(before, beforeProviders),
        snapshot(after, providerIds),
      );
      return after.version;
    });
    await p.authCache.invalidate({ tenantId });
    return { id: input.id, version };
  } catch (error) {
    throw uniqueViolation(error) ?? error;
  }
}

/**
 * DELETE /authority/org: only an organisation without sub-organisations, users, providers or
 * roles choosing it (409 40930-40933, nothing deleted).
 */
export async function deleteOrganisation(
  p: TPlatform,
  ctx: TOrganisationChangeContext,
  { id }: { id: string },
): Promise<{ id: string }> {
  assertOperator(ctx.actor);
  const tenantId = ctx.actor.tenantId;
  await p.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(organisations)
      .where(and(eq(organisations.tenantId, tenantId), eq(organisations.id, id)))
      .for('update');
    if (!row) throw new AppError('ORG_NOT_FOUND');
    const howMany = async (table: typeof organisations | typeof users, where: ReturnType<typeof and>) =>
      Number((await tx.select({ n: count() }).from(table).where(where))[0]?.n ?? 0);
    if (
      await howMany(organisations, and(eq(organisations.tenantId, tenantId), eq(organisations.parentId, id)))
    )
      throw new AppError('ORG_HAS_CHILDREN');
    const userCount = await howMany(users, and(eq(users.tenantId, tenantId), eq(users.orgId, id)));
    if (userCount > 0) throw new AppError('ORG_HAS_USERS', { params: { count: userCount } });
    const placed = await providersOf(tx, tenantId, id);
    if (placed.length > 0) throw new AppError('ORG_HAS_PROVIDERS', { params: { count: placed.length } });
    const [{ n: roleCount }] = await tx
      .select({ n: count() })
      .from(roleOrganisations)
      .where(and(eq(roleOrganisations.tenantId, tenantId), eq(roleOrganisations.organisationId, id)));
    if (Number(roleCount) > 0) throw new AppError('ORG_IN_ROLES', { params: { count: Number(roleCount) } });
    await tx.delete(organisations).where(and(eq(organisations.tenantId, tenantId), eq(organisations.id, id)));
    await log(tx, ctx, 'delete', id, snapshot(row, []), null);
  });
  await p.authCache.invalidate({ tenantId });
  return { id };
}

/** Approved providers of the tenant whose id or name contains the keyword (at most 50), with their organisation. */
export async function providerOptions(
  p: TPlatform,
  { actor, keyword }: { actor: TActor; keyword: string },
): Promise<{ providerId: string; cnName: string; enName: string; organisationId: string | null }[]> {
  assertOperator(actor);
  const rows = await p.db
    .select({
      providerId: providers.providerId,
      cnName: providers.providerCnName,
      enName: providers.providerEnName,
      organisationId: organisationProviders.organisationId,
    })
    .from(providers)
    .leftJoin(
      organisationProviders,
      and(
        eq(organisationProviders.tenantId, providers.tenantId),
        eq(organisationProviders.providerId, providers.providerId),
      ),
    )
    .where(and(eq(providers.tenantId, actor.tenantId), providerMatching(keyword)))
    .orderBy(asc(providers.providerId))
    .limit(50);
  return rows.map((r) => ({ ...r, cnName: r.cnName ?? '', enName: r.enName ?? '' }));
}
