/**
 * Loading members and policies (decision 0036): the batch API of insurers' systems and the file
 * import both end here. Every row is found again by the deliverer's external id (customerId,
 * grpPlanCode, memberId, policyNo with memberId, coverage code and currency, rule and rider
 * codes, usage source id), so a delivery repeated adds nothing and a changed value replaces the
 * old one. Every item is checked before anything is written; one refused item refuses the
 * whole delivery (all-or-nothing, one transaction), with a bilingual message per item.
 */
import { ERRORS, formatMessage, type TErrorKey } from '@portal/domain/errors/catalogue';
import type { TBatchResult, TItemError, TMemberItem, TPolicyItem } from '@portal/domain/members/rules';
import { and, eq, getTableName, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import {
  benefitRiders,
  benefitSpecialRules,
  benefitUsage,
  customers,
  groupPlans,
  members,
  policies,
  policyCoverages,
} from './members.tables.ts';

/** Rows per INSERT statement (well under PostgreSQL's 65,535 parameters). */
const CHUNK = 1000;

function chunks<T>(rows: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** A refused item: its position, its external id, the field and the catalogue message. */
export function itemError(
  index: number,
  key: string,
  field: string,
  code: TErrorKey,
  params: Record<string, string | number> = {},
): TItemError {
  const entry = ERRORS[code];
  return { index, key, field, msg: formatMessage(entry.zh, params), msg_en: formatMessage(entry.en, params) };
}

/** Refuses the delivery with every item error (40201); nothing has been written. */
export function refuse(errors: TItemError[]): never {
  throw new AppError('MEMBER_BATCH_INVALID', { params: { count: errors.length }, data: { items: errors } });
}

/**
 * ON CONFLICT … DO UPDATE of `columns` with the delivered values, only where one differs, so an
 * unchanged row is neither rewritten nor returned (the count of updated rows stays honest).
 */
function replaceChanged(table: PgTable, columns: Record<string, PgColumn>, actor: string) {
  const name = getTableName(table);
  const entries = Object.entries(columns);
  const set: Record<string, SQL> = Object.fromEntries(
    entries.map(([key, column]) => [key, sql.raw(`excluded."${column.name}"`)]),
  );
  set.updatedAt = sql`now()`;
  set.updatedBy = sql`${actor}`;
  set.version = sql.raw(`"${name}"."version" + 1`);
  const current = entries.map(([, c]) => `"${name}"."${c.name}"`).join(', ');
  const delivered = entries.map(([, c]) => `excluded."${c.name}"`).join(', ');
  return { set, setWhere: sql.raw(`(${current}) is distinct from (${delivered})`) };
}

const INSERTED = sql<boolean>`(xmax = 0)`;

/** Customers of the tenant by customerId. */
async function existingCustomers(
  tx: TDbOrTx,
  tenantId: string,
  codes: string[],
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const part of chunks(codes)) {
    const rows = await tx
      .select({ id: customers.id, customerId: customers.customerId })
      .from(customers)
      .where(and(eq(customers.tenantId, tenantId), inArray(customers.customerId, part)));
    for (const r of rows) ids.set(r.customerId, r.id);
  }
  return ids;
}

/** Adds missing customers and renames those delivered with another name; answers id by customerId. */
async function writeCustomers(
  tx: TDbOrTx,
  tenantId: string,
  actor: TActor,
  wanted: Map<string, { name: string; nameEn: string; index: number }>,
  ids: Map<string, string>,
): Promise<Map<string, string>> {
  const values = [...wanted.entries()]
    .filter(([, w]) => w.name)
    .map(([customerId, w]) => ({
      tenantId,
      customerId,
      name: w.name,
      nameEn: w.nameEn,
      createdBy: actor.account,
      updatedBy: actor.account,
    }));
  for (const part of chunks(values)) {
    const rows = await tx
      .insert(customers)
      .values(part)
      .onConflictDoUpdate({
        target: [customers.tenantId, customers.customerId],
        ...replaceChanged(customers, { name: customers.name, nameEn: customers.nameEn }, actor.account),
      })
      .returning({ id: customers.id, customerId: customers.customerId });
    for (const r of rows) ids.set(r.customerId, r.id);
  }
  return ids;
}

/** Members by memberId in the tenant: id and customer. */
async function existingMembers(tx: TDbOrTx, tenantId: string, memberIds: string[]) {
  const found = new Map<string, { id: string; customerRef: string; customerId: string }>();
  for (const part of chunks([...new Set(memberIds)])) {
    const rows = await tx
      .select({
        id: members.id,
        memberId: members.memberId,
        customerRef: members.customerRef,
        customerId: customers.customerId,
      })
      .from(members)
      .innerJoin(customers, eq(customers.id, members.customerRef))
      .where(and(eq(members.tenantId, tenantId), inArray(members.memberId, part)));
    for (const r of rows)
      found.set(r.memberId, { id: r.id, customerRef: r.customerRef, customerId: r.customerId });
  }
  return found;
}

/** Members checked without writing: duplicates in the delivery and members moving customer. */
export async function checkMembers(
  tx: TDbOrTx,
  tenantId: string,
  items: TMemberItem[],
  offset = 0,
): Promise<TItemError[]> {
  const errors: TItemError[] = [];
  const seen = new Set<string>();
  items.forEach((item, i) => {
    if (seen.has(item.memberId))
      errors.push(
        itemError(offset + i, item.memberId, 'memberId', 'BATCH_DUPLICATE_KEY', { key: item.memberId }),
      );
    seen.add(item.memberId);
  });
  const found = await existingMembers(
    tx,
    tenantId,
    items.map((m) => m.memberId),
  );
  items.forEach((item, i) => {
    const existing = found.get(item.memberId);
    if (existing && existing.customerId !== item.customerId)
      errors.push(
        itemError(offset + i, item.memberId, 'customerId', 'MEMBER_CUSTOMER_CONFLICT', {
          memberId: item.memberId,
          customerId: existing.customerId,
        }),
      );
  });
  return errors;
}

/** Writes members (and their customers) inside the caller's transaction; refuses with item errors first. */
export async function upsertMembers(
  tx: TDbOrTx,
  {
    tenantId,
    actor,
    items,
    offset = 0,
  }: { tenantId: string; actor: TActor; items: TMemberItem[]; offset?: number },
): Promise<TBatchResult> {
  const errors = await checkMembers(tx, tenantId, items, offset);
  const wanted = new Map<string, { name: string; nameEn: string; index: number }>();
  items.forEach((item, i) => {
    const w = wanted.get(item.customerId);
    if (!w || (!w.name && item.customerName))
      wanted.set(item.customerId, {
        name: item.customerName,
        nameEn: item.customerNameEn,
        index: offset + i,
      });
  });
  const known = await existingCustomers(tx, tenantId, [...wanted.keys()]);
  for (const [code, w] of wanted)
    if (!known.has(code) && !w.name)
      errors.push(itemError(w.index, code, 'customerName', 'CUSTOMER_NAME_MISSING', { customerId: code }));
  if (errors.length > 0) refuse(errors.sort((x, y) => x.index - y.index));
  const customerIds = await writeCustomers(tx, tenantId, actor, wanted, known);

  let created = 0;
  let updated = 0;
  const values = items.map((m) => ({
    tenantId,
    customerRef: customerIds.get(m.customerId)!,
    memberId: m.memberId,
    employeeId: m.employeeId ?? m.memberId,
    relation: m.relation,
    name: m.name,
    nameEn: m.nameEn,
    birthday: m.birthday,
    sex: m.sex,
    idType: m.idType,
    idNumber: m.idNumber,
    cardNumber: m.cardNumber,
    phone: m.phone,
    email: m.email,
    status: m.status,
    createdBy: actor.account,
    updatedBy: actor.account,
  }));
  // Everything but the keys is replaced by a later delivery.
  const replaceable = {
    employeeId: members.employeeId,
    relation: members.relation,
    name: members.name,
    nameEn: members.nameEn,
    birthday: members.birthday,
    sex: members.sex,
    idType: members.idType,
    idNumber: members.idNumber,
    cardNumber: members.cardNumber,
    phone: members.phone,
    email: members.email,
    status: members.status,
  };
  for (const part of chunks(values)) {
    const rows = await tx
      .insert(members)
      .values(part)
      .onConflictDoUpdate({
        target: [members.tenantId, members.memberId],
        ...replaceChanged(members, replaceable, actor.account),
      })
      .returning({ inserted: INSERTED });
    for (const r of rows) r.inserted ? created++ : updated++;
  }
  return { received: items.length, created, updated };
}

const policyKey = (policyNo: string, memberId: string) => `${policyNo}\u0000${memberId}`;

/** Writes policies with their coverages, special rules, riders and usage history; refuses with item errors first. */
export async function upsertPolicies(
  tx: TDbOrTx,
  {
    tenantId,
    actor,
    items,
    offset = 0,
  }: { tenantId: string; actor: TActor; items: TPolicyItem[]; offset?: number },
): Promise<TBatchResult> {
  const errors: TItemError[] = [];
  const seen = new Set<string>();
  items.forEach((item, i) => {
    const key = policyKey(item.policyNo, item.memberId);
    if (seen.has(key))
      errors.push(
        itemError(offset + i, item.policyNo, 'policyNo', 'BATCH_DUPLICATE_KEY', {
          key: `${item.policyNo} / ${item.memberId}`,
        }),
      );
    seen.add(key);
    const covered = new Set(item.coverages.map((c) => `${c.coverageCode}/${c.currency}`));
    item.usage.forEach((u, j) => {
      if (!covered.has(`${u.coverageCode}/${u.currency}`))
        errors.push({
          index: offset + i,
          key: item.policyNo,
          field: `usage.${j}.coverageCode`,
          msg: `使用记录的保障项目 ${u.coverageCode}/${u.currency} 不在本保单的保障项目中`,
          msg_en: `The usage line's coverage ${u.coverageCode}/${u.currency} is not among this policy's coverages`,
        });
    });
    const codes = new Set<string>();
    item.coverages.forEach((c, j) => {
      const k = `${c.coverageCode}/${c.currency}`;
      if (codes.has(k))
        errors.push(
          itemError(offset + i, item.policyNo, `coverages.${j}.coverageCode`, 'BATCH_DUPLICATE_KEY', {
            key: k,
          }),
        );
      codes.add(k);
    });
  });

  const found = await existingMembers(
    tx,
    tenantId,
    items.map((p) => p.memberId),
  );
  items.forEach((item, i) => {
    const member = found.get(item.memberId);
    if (!member)
      errors.push(
        itemError(offset + i, item.policyNo, 'memberId', 'POLICY_MEMBER_UNKNOWN', {
          memberId: item.memberId,
        }),
      );
    else if (member.customerId !== item.customerId)
      errors.push(
        itemError(offset + i, item.policyNo, 'customerId', 'MEMBER_CUSTOMER_CONFLICT', {
          memberId: item.memberId,
          customerId: member.customerId,
        }),
      );
  });

  // Plans: found by code; a code already used by another customer is refused; new ones are added.
  const planCodes = [...new Set(items.map((p) => p.grpPlanCode))];
  const plans = new Map<string, { id: string; customerId: string }>();
  for (const part of chunks(planCodes)) {
    const rows = await tx
      .select({ id: groupPlans.id, code: groupPlans.grpPlanCode, customerId: customers.customerId })
      .from(groupPlans)
      .innerJoin(customers, eq(customers.id, groupPlans.customerRef))
      .where(and(eq(groupPlans.tenantId, tenantId), inArray(groupPlans.grpPlanCode, part)));
    for (const r of rows) plans.set(r.code, { id: r.id, customerId: r.customerId });
  }
  const newPlans = new Map<string, { customerId: string; name: string; nameEn: string }>();
  items.forEach((item, i) => {
    const plan = plans.get(item.grpPlanCode) ?? newPlans.get(item.grpPlanCode);
    if (plan && plan.customerId !== item.customerId)
      errors.push(
        itemError(offset + i, item.policyNo, 'grpPlanCode', 'PLAN_CUSTOMER_CONFLICT', {
          grpPlanCode: item.grpPlanCode,
          customerId: plan.customerId,
        }),
      );
    else if (!plan)
      newPlans.set(item.grpPlanCode, {
        customerId: item.customerId,
        name: item.planName || item.grpPlanCode,
        nameEn: item.planNameEn,
      });
  });
  if (errors.length > 0) refuse(errors.sort((a, b) => a.index - b.index));

  const customerRefs = new Map([...found.values()].map((m) => [m.customerId, m.customerRef]));
  for (const part of chunks([...newPlans.entries()])) {
    const rows = await tx
      .insert(groupPlans)
      .values(
        part.map(([code, plan]) => ({
          tenantId,
          customerRef: customerRefs.get(plan.customerId)!,
          grpPlanCode: code,
          name: plan.name,
          nameEn: plan.nameEn,
          createdBy: actor.account,
          updatedBy: actor.account,
        })),
      )
      .returning({ id: groupPlans.id, code: groupPlans.grpPlanCode });
    for (const r of rows) plans.set(r.code, { id: r.id, customerId: newPlans.get(r.code)!.customerId });
  }
  // A delivered plan name renames an existing plan (once per plan, the last name delivered).
  const renames = new Map<string, { name: string; nameEn: string }>();
  for (const item of items)
    if (item.planName && !newPlans.has(item.grpPlanCode))
      renames.set(item.grpPlanCode, { name: item.planName, nameEn: item.planNameEn });
  for (const [code, plan] of renames) {
    await tx
      .update(groupPlans)
      .set({ name: plan.name, nameEn: plan.nameEn, updatedAt: new Date(), updatedBy: actor.account })
      .where(
        and(
          eq(groupPlans.id, plans.get(code)!.id),
          sql`(${groupPlans.name}, ${groupPlans.nameEn}) is distinct from (${plan.name}, ${plan.nameEn})`,
        ),
      );
  }

  // Policies.
  let created = 0;
  const touched = new Set<string>();
  const policyIds = new Map<string, string>();
  for (const part of chunks(items)) {
    const rows = await tx
      .insert(policies)
      .values(
        part.map((item) => ({
          tenantId,
          policyNo: item.policyNo,
          memberRef: found.get(item.memberId)!.id,
          planRef: plans.get(item.grpPlanCode)!.id,
          validFrom: item.validFrom,
          validTo: item.validTo,
          status: item.status,
          createdBy: actor.account,
          updatedBy: actor.account,
        })),
      )
      .onConflictDoUpdate({
        target: [policies.tenantId, policies.policyNo, policies.memberRef],
        ...replaceChanged(
          policies,
          {
            planRef: policies.planRef,
            validFrom: policies.validFrom,
            validTo: policies.validTo,
            status: policies.status,
          },
          actor.account,
        ),
      })
      .returning({ id: policies.id, inserted: INSERTED });
    for (const r of rows) {
      if (r.inserted) created++;
      touched.add(r.id);
    }
    const memberRefs = [...new Set(part.map((item) => found.get(item.memberId)!.id))];
    const all = await tx
      .select({ id: policies.id, policyNo: policies.policyNo, memberRef: policies.memberRef })
      .from(policies)
      .where(and(eq(policies.tenantId, tenantId), inArray(policies.memberRef, memberRefs)));
    const memberIdOf = new Map([...found.entries()].map(([memberId, m]) => [m.id, memberId]));
    for (const r of all) policyIds.set(policyKey(r.policyNo, memberIdOf.get(r.memberRef) ?? ''), r.id);
  }
  const policyIdOf = (item: TPolicyItem) => policyIds.get(policyKey(item.policyNo, item.memberId))!;

  // Coverages, by policy, code and currency.
  const coverageRows = items.flatMap((item) =>
    item.coverages.map((c) => ({
      tenantId,
      policyRef: policyIdOf(item),
      coverageCode: c.coverageCode,
      currency: c.currency,
      perVisitLimit: c.perVisitLimit,
      annualLimit: c.annualLimit,
      coPayPercent: c.coPayPercent,
      deductible: c.deductible,
      directBilling: c.directBilling,
      createdBy: actor.account,
      updatedBy: actor.account,
    })),
  );
  for (const part of chunks(coverageRows)) {
    const rows = await tx
      .insert(policyCoverages)
      .values(part)
      .onConflictDoUpdate({
        target: [policyCoverages.policyRef, policyCoverages.coverageCode, policyCoverages.currency],
        ...replaceChanged(
          policyCoverages,
          {
            perVisitLimit: policyCoverages.perVisitLimit,
            annualLimit: policyCoverages.annualLimit,
            coPayPercent: policyCoverages.coPayPercent,
            deductible: policyCoverages.deductible,
            directBilling: policyCoverages.directBilling,
          },
          actor.account,
        ),
      })
      .returning({ policyRef: policyCoverages.policyRef });
    for (const r of rows) touched.add(r.policyRef);
  }

  const ruleRows = items.flatMap((item) =>
    item.specialRules.map((r) => ({
      tenantId,
      policyRef: policyIdOf(item),
      ruleCode: r.ruleCode,
      coverageCode: r.coverageCode,
      content: r.content,
      enContent: r.enContent,
      createdBy: actor.account,
      updatedBy: actor.account,
    })),
  );
  for (const part of chunks(ruleRows)) {
    const rows = await tx
      .insert(benefitSpecialRules)
      .values(part)
      .onConflictDoUpdate({
        target: [benefitSpecialRules.policyRef, benefitSpecialRules.ruleCode],
        ...replaceChanged(
          benefitSpecialRules,
          {
            coverageCode: benefitSpecialRules.coverageCode,
            content: benefitSpecialRules.content,
            enContent: benefitSpecialRules.enContent,
          },
          actor.account,
        ),
      })
      .returning({ policyRef: benefitSpecialRules.policyRef });
    for (const r of rows) touched.add(r.policyRef);
  }

  const riderRows = items.flatMap((item) =>
    item.riders.map((r) => ({
      tenantId,
      policyRef: policyIdOf(item),
      riderCode: r.riderCode,
      name: r.name,
      nameEn: r.nameEn,
      coverageCode: r.coverageCode,
      currency: r.currency,
      limitAmount: r.limitAmount,
      validFrom: r.validFrom,
      validTo: r.validTo,
      createdBy: actor.account,
      updatedBy: actor.account,
    })),
  );
  for (const part of chunks(riderRows)) {
    const rows = await tx
      .insert(benefitRiders)
      .values(part)
      .onConflictDoUpdate({
        target: [benefitRiders.policyRef, benefitRiders.riderCode],
        ...replaceChanged(
          benefitRiders,
          {
            name: benefitRiders.name,
            nameEn: benefitRiders.nameEn,
            coverageCode: benefitRiders.coverageCode,
            currency: benefitRiders.currency,
            limitAmount: benefitRiders.limitAmount,
            validFrom: benefitRiders.validFrom,
            validTo: benefitRiders.validTo,
          },
          actor.account,
        ),
      })
      .returning({ policyRef: benefitRiders.policyRef });
    for (const r of rows) touched.add(r.policyRef);
  }

  // Usage history: the coverage ids of the policies just written.
  const withUsage = items.filter((item) => item.usage.length > 0);
  if (withUsage.length > 0) {
    const coverageIds = new Map<string, string>();
    for (const part of chunks(withUsage.map(policyIdOf))) {
      const rows = await tx
        .select({
          id: policyCoverages.id,
          policyRef: policyCoverages.policyRef,
          code: policyCoverages.coverageCode,
          currency: policyCoverages.currency,
        })
        .from(policyCoverages)
        .where(inArray(policyCoverages.policyRef, part));
      for (const r of rows) coverageIds.set(`${r.policyRef}/${r.code}/${r.currency}`, r.id);
    }
    const usageRows = withUsage.flatMap((item) =>
      item.usage.map((u) => ({
        tenantId,
        coverageRef: coverageIds.get(`${policyIdOf(item)}/${u.coverageCode}/${u.currency}`)!,
        sourceType: 'import',
        sourceId: u.sourceId,
        providerId: u.providerId,
        visitDate: u.visitDate,
        amount: u.amount,
        status: u.status,
        remark: u.remark,
        createdBy: actor.account,
        updatedBy: actor.account,
        policyRef: policyIdOf(item),
      })),
    );
    const policyOfCoverage = new Map(usageRows.map((u) => [u.coverageRef, u.policyRef]));
    for (const part of chunks(usageRows)) {
      const rows = await tx
        .insert(benefitUsage)
        .values(part.map(({ policyRef: _p, ...row }) => row))
        .onConflictDoUpdate({
          target: [benefitUsage.coverageRef, benefitUsage.sourceType, benefitUsage.sourceId],
          ...replaceChanged(
            benefitUsage,
            {
              providerId: benefitUsage.providerId,
              visitDate: benefitUsage.visitDate,
              amount: benefitUsage.amount,
              status: benefitUsage.status,
              remark: benefitUsage.remark,
            },
            actor.account,
          ),
        })
        .returning({ coverageRef: benefitUsage.coverageRef });
      for (const r of rows) touched.add(policyOfCoverage.get(r.coverageRef)!);
    }
  }

  return { received: items.length, created, updated: touched.size - created };
}
