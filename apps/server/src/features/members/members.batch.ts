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
import { and, eq, sql } from 'drizzle-orm';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { groupPlans } from './members.tables.ts';
import { chunks, readByKeys, type TCell, upsertRows } from './members.upsert.ts';

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

/** Customers of the tenant by customerId. */
async function existingCustomers(
  tx: TDbOrTx,
  tenantId: string,
  codes: string[],
): Promise<Map<string, string>> {
  const rows = await readByKeys<{ id: string; customer_id: string }>(
    tx,
    codes,
    (keys) =>
      sql`select id, customer_id from customers where tenant_id = ${tenantId} and customer_id = any(${keys}::text[])`,
  );
  return new Map(rows.map((r) => [r.customer_id, r.id]));
}

/** Adds missing customers and renames those delivered with another name; answers id by customerId. */
async function writeCustomers(
  tx: TDbOrTx,
  tenantId: string,
  actor: TActor,
  wanted: Map<string, { name: string; nameEn: string; index: number }>,
  ids: Map<string, string>,
): Promise<Map<string, string>> {
  const rows = await upsertRows<{ id: string; customer_id: string }>(tx, {
    table: 'customers',
    tenantId,
    actor: actor.account,
    columns: [
      { name: 'customer_id', type: 'text' },
      { name: 'name', type: 'text' },
      { name: 'name_en', type: 'text' },
    ],
    rows: [...wanted.entries()].filter(([, w]) => w.name).map(([code, w]) => [code, w.name, w.nameEn]),
    conflict: ['tenant_id', 'customer_id'],
    replace: ['name', 'name_en'],
    returning: 'id, customer_id',
  });
  for (const r of rows) ids.set(r.customer_id, r.id);
  return ids;
}

/** A member found by memberId: its row id and its customer (row id and customerId). */
export type TFoundMembers = Map<string, { id: string; customerRef: string; customerId: string }>;

/** Members by memberId in the tenant: id and customer. */
export async function existingMembers(
  tx: TDbOrTx,
  tenantId: string,
  memberIds: string[],
): Promise<TFoundMembers> {
  const rows = await readByKeys<{ id: string; member_id: string; customer_ref: string; customer_id: string }>(
    tx,
    memberIds,
    (keys) => sql`select m.id, m.member_id, m.customer_ref, c.customer_id
      from members m join customers c on c.id = m.customer_ref
      where m.tenant_id = ${tenantId} and m.member_id = any(${keys}::text[])`,
  );
  const found: TFoundMembers = new Map();
  for (const r of rows)
    found.set(r.member_id, { id: r.id, customerRef: r.customer_ref, customerId: r.customer_id });
  return found;
}

/**
 * Members checked without writing: duplicates in the delivery and members moving customer.
 * `found` is what `existingMembers` answered for these items, when the caller has read it.
 */
export async function checkMembers(
  tx: TDbOrTx,
  tenantId: string,
  items: TMemberItem[],
  offset = 0,
  found?: TFoundMembers,
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
  const known =
    found ??
    (await existingMembers(
      tx,
      tenantId,
      items.map((m) => m.memberId),
    ));
  items.forEach((item, i) => {
    const existing = known.get(item.memberId);
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
  input: { tenantId: string; actor: TActor; items: TMemberItem[]; offset?: number },
): Promise<TBatchResult> {
  return (await writeMembers(tx, input)).result;
}

/**
 * upsertMembers, answering also every delivered member's row id and customer, so policies of
 * the same delivery need not read them again. `found`: what `existingMembers` answered for the
 * items, when the caller has read it.
 */
export async function writeMembers(
  tx: TDbOrTx,
  {
    tenantId,
    actor,
    items,
    offset = 0,
    found,
  }: { tenantId: string; actor: TActor; items: TMemberItem[]; offset?: number; found?: TFoundMembers },
): Promise<{ result: TBatchResult; members: TFoundMembers }> {
  const members =
    found ??
    (await existingMembers(
      tx,
      tenantId,
      items.map((m) => m.memberId),
    ));
  const errors = await checkMembers(tx, tenantId, items, offset, members);
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

  const rows = await upsertRows<{ id: string; member_id: string; customer_ref: string; inserted: boolean }>(
    tx,
    {
      table: 'members',
      tenantId,
      actor: actor.account,
      columns: [
        { name: 'member_id', type: 'text' },
        { name: 'customer_ref', type: 'uuid' },
        // Everything after the keys is replaced by a later delivery.
        { name: 'employee_id', type: 'text' },
        { name: 'relation', type: 'text' },
        { name: 'name', type: 'text' },
        { name: 'name_en', type: 'text' },
        { name: 'birthday', type: 'date' },
        { name: 'sex', type: 'text' },
        { name: 'id_type', type: 'text' },
        { name: 'id_number', type: 'text' },
        { name: 'card_number', type: 'text' },
        { name: 'phone', type: 'text' },
        { name: 'email', type: 'text' },
        { name: 'status', type: 'text' },
      ],
      rows: items.map((m) => [
        m.memberId,
        customerIds.get(m.customerId)!,
        m.employeeId ?? m.memberId,
        m.relation,
        m.name,
        m.nameEn,
        m.birthday,
        m.sex,
        m.idType,
        m.idNumber,
        m.cardNumber,
        m.phone,
        m.email,
        m.status,
      ]),
      conflict: ['tenant_id', 'member_id'],
      replace: [
        'employee_id',
        'relation',
        'name',
        'name_en',
        'birthday',
        'sex',
        'id_type',
        'id_number',
        'card_number',
        'phone',
        'email',
        'status',
      ],
      returning: 'id, member_id, customer_ref, (xmax = 0) as inserted',
    },
  );
  const customerOf = new Map(items.map((m) => [m.memberId, m.customerId]));
  let created = 0;
  for (const r of rows) {
    if (r.inserted) created++;
    members.set(r.member_id, {
      id: r.id,
      customerRef: r.customer_ref,
      customerId: customerOf.get(r.member_id)!,
    });
  }
  return { result: { received: items.length, created, updated: rows.length - created }, members };
}

const policyKey = (policyNo: string, memberId: string) => `${policyNo}\u0000${memberId}`;

/**
 * Writes policies with their coverages, special rules, riders and usage history; refuses with
 * item errors first. `members`: the delivery's members as `writeMembers` answered them, when
 * the same transaction has just written them (otherwise they are read).
 */
export async function upsertPolicies(
  tx: TDbOrTx,
  {
    tenantId,
    actor,
    items,
    offset = 0,
    members,
  }: { tenantId: string; actor: TActor; items: TPolicyItem[]; offset?: number; members?: TFoundMembers },
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

  const found =
    members ??
    (await existingMembers(
      tx,
      tenantId,
      items.map((p) => p.memberId),
    ));
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
  const planRows = await readByKeys<{ id: string; code: string; customer_id: string }>(
    tx,
    planCodes,
    (keys) => sql`select g.id, g.grp_plan_code as code, c.customer_id
      from group_plans g join customers c on c.id = g.customer_ref
      where g.tenant_id = ${tenantId} and g.grp_plan_code = any(${keys}::text[])`,
  );
  for (const r of planRows) plans.set(r.code, { id: r.id, customerId: r.customer_id });
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
  for (const part of chunks([...newPlans.entries()], 1000)) {
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

  // Policies: created and changed ones come back from the write; the unchanged are read.
  const policyRows = await upsertRows<{
    id: string;
    policy_no: string;
    member_ref: string;
    inserted: boolean;
  }>(tx, {
    table: 'policies',
    tenantId,
    actor: actor.account,
    columns: [
      { name: 'policy_no', type: 'text' },
      { name: 'member_ref', type: 'uuid' },
      { name: 'plan_ref', type: 'uuid' },
      { name: 'valid_from', type: 'date' },
      { name: 'valid_to', type: 'date' },
      { name: 'status', type: 'text' },
    ],
    rows: items.map((item) => [
      item.policyNo,
      found.get(item.memberId)!.id,
      plans.get(item.grpPlanCode)!.id,
      item.validFrom,
      item.validTo,
      item.status,
    ]),
    conflict: ['tenant_id', 'policy_no', 'member_ref'],
    replace: ['plan_ref', 'valid_from', 'valid_to', 'status'],
    returning: 'id, policy_no, member_ref, (xmax = 0) as inserted',
  });
  const memberIdOf = new Map([...found.entries()].map(([memberId, m]) => [m.id, memberId]));
  const policyIds = new Map<string, string>();
  let created = 0;
  const touched = new Set<string>();
  for (const r of policyRows) {
    if (r.inserted) created++;
    touched.add(r.id);
    policyIds.set(policyKey(r.policy_no, memberIdOf.get(r.member_ref) ?? ''), r.id);
  }
  const unchanged = items.filter((item) => !policyIds.has(policyKey(item.policyNo, item.memberId)));
  const rest = await readByKeys<{ id: string; policy_no: string; member_ref: string }>(
    tx,
    unchanged.map((item) => found.get(item.memberId)!.id),
    (keys) => sql`select id, policy_no, member_ref from policies
      where tenant_id = ${tenantId} and member_ref = any(${keys}::uuid[])`,
  );
  for (const r of rest) {
    const key = policyKey(r.policy_no, memberIdOf.get(r.member_ref) ?? '');
    if (!policyIds.has(key)) policyIds.set(key, r.id);
  }
  const policyIdOf = (item: TPolicyItem) => policyIds.get(policyKey(item.policyNo, item.memberId))!;
  const common = { tenantId, actor: actor.account, returning: 'policy_ref', distinct: true };

  // Coverages, by policy, code and currency; policies delivered with the same coverages (a
  // plan's, in a file) share one list, written once per statement with their ids.
  const byCoverages = new Map<string, { rows: TCell[][]; policyRefs: string[] }>();
  for (const item of items) {
    const rows = item.coverages.map((c) => [
      c.coverageCode,
      c.currency,
      c.perVisitLimit,
      c.annualLimit,
      c.coPayPercent,
      c.deductible,
      c.directBilling,
    ]);
    const signature = JSON.stringify(rows);
    const group = byCoverages.get(signature) ?? { rows, policyRefs: [] };
    group.policyRefs.push(policyIdOf(item));
    byCoverages.set(signature, group);
  }
  for (const group of byCoverages.values()) {
    const coverages = await upsertRows<{ policy_ref: string }>(tx, {
      ...common,
      table: 'policy_coverages',
      perKey: { column: { name: 'policy_ref', type: 'uuid' }, keys: group.policyRefs },
      columns: [
        { name: 'coverage_code', type: 'text' },
        { name: 'currency', type: 'text' },
        { name: 'per_visit_limit', type: 'numeric' },
        { name: 'annual_limit', type: 'numeric' },
        { name: 'co_pay_percent', type: 'numeric' },
        { name: 'deductible', type: 'numeric' },
        { name: 'direct_billing', type: 'boolean' },
      ],
      rows: group.rows,
      conflict: ['policy_ref', 'coverage_code', 'currency'],
      replace: ['per_visit_limit', 'annual_limit', 'co_pay_percent', 'deductible', 'direct_billing'],
    });
    for (const r of coverages) touched.add(r.policy_ref);
  }

  const rules = await upsertRows<{ policy_ref: string }>(tx, {
    ...common,
    table: 'benefit_special_rules',
    columns: [
      { name: 'policy_ref', type: 'uuid' },
      { name: 'rule_code', type: 'text' },
      { name: 'coverage_code', type: 'text' },
      { name: 'content', type: 'text' },
      { name: 'en_content', type: 'text' },
    ],
    rows: items.flatMap((item) =>
      item.specialRules.map((r) => [policyIdOf(item), r.ruleCode, r.coverageCode, r.content, r.enContent]),
    ),
    conflict: ['policy_ref', 'rule_code'],
    replace: ['coverage_code', 'content', 'en_content'],
  });
  for (const r of rules) touched.add(r.policy_ref);

  const riders = await upsertRows<{ policy_ref: string }>(tx, {
    ...common,
    table: 'benefit_riders',
    columns: [
      { name: 'policy_ref', type: 'uuid' },
      { name: 'rider_code', type: 'text' },
      { name: 'name', type: 'text' },
      { name: 'name_en', type: 'text' },
      { name: 'coverage_code', type: 'text' },
      { name: 'currency', type: 'text' },
      { name: 'limit_amount', type: 'numeric' },
      { name: 'valid_from', type: 'date' },
      { name: 'valid_to', type: 'date' },
    ],
    rows: items.flatMap((item) =>
      item.riders.map((r) => [
        policyIdOf(item),
        r.riderCode,
        r.name,
        r.nameEn,
        r.coverageCode,
        r.currency,
        r.limitAmount,
        r.validFrom,
        r.validTo,
      ]),
    ),
    conflict: ['policy_ref', 'rider_code'],
    replace: ['name', 'name_en', 'coverage_code', 'currency', 'limit_amount', 'valid_from', 'valid_to'],
  });
  for (const r of riders) touched.add(r.policy_ref);

  // Usage history: the coverage ids of the policies just written.
  const withUsage = items.filter((item) => item.usage.length > 0);
  if (withUsage.length > 0) {
    const coverageIds = new Map<string, string>();
    const rows = await readByKeys<{ id: string; policy_ref: string; code: string; currency: string }>(
      tx,
      withUsage.map(policyIdOf),
      (keys) => sql`select id, policy_ref, coverage_code as code, currency from policy_coverages
        where tenant_id = ${tenantId} and policy_ref = any(${keys}::uuid[])`,
    );
    for (const r of rows) coverageIds.set(`${r.policy_ref}/${r.code}/${r.currency}`, r.id);
    const policyOfCoverage = new Map<string, string>();
    const usageRows = withUsage.flatMap((item) => {
      const policyRef = policyIdOf(item);
      return item.usage.map((u) => {
        const coverageRef = coverageIds.get(`${policyRef}/${u.coverageCode}/${u.currency}`)!;
        policyOfCoverage.set(coverageRef, policyRef);
        return [
          coverageRef,
          'import',
          u.sourceId,
          u.providerId,
          u.visitDate,
          u.amount,
          u.status,
          u.remark,
        ] as TCell[];
      });
    });
    const usage = await upsertRows<{ coverage_ref: string }>(tx, {
      ...common,
      table: 'benefit_usage',
      columns: [
        { name: 'coverage_ref', type: 'uuid' },
        { name: 'source_type', type: 'text' },
        { name: 'source_id', type: 'text' },
        { name: 'provider_id', type: 'text' },
        { name: 'visit_date', type: 'date' },
        { name: 'amount', type: 'numeric' },
        { name: 'status', type: 'text' },
        { name: 'remark', type: 'text' },
      ],
      rows: usageRows,
      conflict: ['coverage_ref', 'source_type', 'source_id'],
      replace: ['provider_id', 'visit_date', 'amount', 'status', 'remark'],
      returning: 'coverage_ref',
    });
    for (const r of usage) touched.add(policyOfCoverage.get(r.coverage_ref)!);
  }

  return { received: items.length, created, updated: touched.size - created };
}
