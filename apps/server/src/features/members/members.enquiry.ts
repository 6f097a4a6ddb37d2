/**
 * Benefits enquiry (spec second document sections 3 and 7; decision 0036): provider staff find
 * a member of a plan their provider serves and read the policy, coverages and what is used,
 * pending and left per currency. Every query is tenant-scoped and, for provider staff, joined
 * to the plan network of their own provider valid today, so a member of a plan the provider
 * does not serve reads as missing. Personal data leaves the server masked (decision 0020).
 */
import { policyYearOf, remainingBenefit, type TPolicyYear } from '@portal/domain/members/benefits';
import {
  COVERAGE_CODES,
  CURRENCIES,
  coverageLabel,
  isIsoDay,
  MEMBER_PERSONAL_FIELDS,
  maskMemberField,
  type TBenefitUsageLine,
  type TBenefitUsedInfo,
  type TCoverageOption,
  type TCoverageSummary,
  type TCurrencyOption,
  type TMemberHit,
  type TMemberPersonalField,
  type TPolicyDetail,
  type TRider,
  type TSpecialRule,
  type ZBenefitUsedBody,
  type ZCoverageBody,
  type ZMemberSearchBody,
  type ZPolicyDetailBody,
  type ZPolicyRefBody,
} from '@portal/domain/members/rules';
import { and, asc, desc, eq, exists, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TActor } from '../../platform/auth/access.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { chinaDay } from '../../platform/http/xlsx-export.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { providers } from '../hospital-tasks/hospital-tasks.tables.ts';
import {
  benefitRiders,
  benefitSpecialRules,
  benefitUsage,
  customers,
  groupPlans,
  members,
  planProviders,
  policies,
  policyCoverages,
} from './members.tables.ts';

const SEARCH_LIMIT = 50;

/**
 * The provider whose network limits the caller: provider staff always their own (a providerId
 * in the payload cannot widen it); operator staff the one they name, or none (the whole tenant).
 */
export function networkProvider(actor: TActor, requested: string): string | null {
  if (actor.providerId) return actor.providerId;
  return requested.trim() || null;
}

/** The plan is served by `providerId` today (validity ends open or including today). */
function servedBy(providerId: string, tenantId: string, today: string): SQL {
  return exists(
    sql`(select 1 from ${planProviders} where ${planProviders.tenantId} = ${tenantId}
      and ${planProviders.planRef} = ${groupPlans.id} and ${planProviders.providerId} = ${providerId}
      and (${planProviders.validFrom} is null or ${planProviders.validFrom} <= ${today})
      and (${planProviders.validTo} is null or ${planProviders.validTo} >= ${today}))`,
  );
}

const inForce = (validFrom: string, validTo: string, status: string, today: string) =>
  status === '01' && validFrom <= today && today <= validTo;

/** The member, customer, plan and policy columns every enquiry reads. */
const policyColumns = {
  memberRef: members.id,
  memberId: members.memberId,
  employeeId: members.employeeId,
  relation: members.relation,
  name: members.name,
  nameEn: members.nameEn,
  sex: members.sex,
  birthday: members.birthday,
  idType: members.idType,
  idNumber: members.idNumber,
  cardNumber: members.cardNumber,
  phone: members.phone,
  customId: customers.customerId,
  customerName: customers.name,
  customerNameEn: customers.nameEn,
  planRef: groupPlans.id,
  grpPlanCode: groupPlans.grpPlanCode,
  planName: groupPlans.name,
  planNameEn: groupPlans.nameEn,
  policyRef: policies.id,
  policyNo: policies.policyNo,
  validFrom: policies.validFrom,
  validTo: policies.validTo,
  policyStatus: policies.status,
};

function policyQuery(p: TPlatform, tenantId: string, where: SQL[]) {
  return p.db
    .select(policyColumns)
    .from(members)
    .innerJoin(customers, eq(customers.id, members.customerRef))
    .innerJoin(policies, eq(policies.memberRef, members.id))
    .innerJoin(groupPlans, eq(groupPlans.id, policies.planRef))
    .where(and(eq(members.tenantId, tenantId), ...where));
}

export type TPolicyRow = Awaited<ReturnType<typeof policyQuery>>[number];

/** POST /smartportal/member/search: members by name + birthday or by card number, of served plans only. */
export async function searchMembers(
  p: TPlatform,
  { actor, ...body }: z.output<typeof ZMemberSearchBody> & { actor: TActor },
): Promise<TMemberHit[]> {
  const byCard = body.cardNumber !== '';
  const byName = body.name !== '' && body.birthday !== '';
  if (!byCard && !byName) throw new AppError('MEMBER_SEARCH_CONDITION');
  if (!byCard && !isIsoDay(body.birthday)) throw new AppError('MEMBER_BIRTHDAY_FORMAT');
  const today = chinaDay(new Date());
  const providerId = networkProvider(actor, body.providerId);
  const where: SQL[] = [];
  if (byCard) where.push(eq(members.cardNumber, body.cardNumber));
  else {
    where.push(eq(members.birthday, body.birthday));
    // The name as printed in either language; English names compare without case.
    where.push(or(eq(members.name, body.name), ilike(members.nameEn, body.name.replace(/[%_\\]/g, '\\$&')))!);
  }
  if (providerId) where.push(servedBy(providerId, actor.tenantId, today));
  const rows = await policyQuery(p, actor.tenantId, where)
    .orderBy(asc(members.memberId), desc(policies.validTo))
    .limit(SEARCH_LIMIT);
  return rows.map((r) => ({
    memberId: r.memberId,
    employeeId: r.employeeId,
    customId: r.customId,
    customerName: r.customerName,
    customerNameEn: r.customerNameEn,
    grpPlanCode: r.grpPlanCode,
    planName: r.planName,
    planNameEn: r.planNameEn,
    policyNo: r.policyNo,
    name: maskMemberField('name', r.name),
    nameEn: maskMemberField('nameEn', r.nameEn),
    relation: r.relation,
    sex: r.sex,
    birthday: maskMemberField('birthday', r.birthday),
    cardNumber: maskMemberField('cardNumber', r.cardNumber),
    validFrom: r.validFrom,
    validTo: r.validTo,
    policyStatus: r.policyStatus,
    inForce: inForce(r.validFrom, r.validTo, r.policyStatus, today),
  }));
}

interface TPolicyKey {
  customId: string;
  grpPlanCode: string;
  /** The member by id, or (employee id + name + birthday) for a dependant. */
  member: { memberId: string } | { employeeId: string; name: string; birthday: string };
  providerId: string;
}

/**
 * The policy an enquiry is about: of this member, customer and plan, visible to the caller
 * (the plan served by their provider today); the policy in force today first, else the latest.
 */
export async function findPolicy(p: TPlatform, actor: TActor, key: TPolicyKey): Promise<TPolicyRow> {
  const today = chinaDay(new Date());
  const providerId = networkProvider(actor, key.providerId);
  const where: SQL[] = [eq(customers.customerId, key.customId), eq(groupPlans.grpPlanCode, key.grpPlanCode)];
  if ('memberId' in key.member) where.push(eq(members.memberId, key.member.memberId));
  else {
    where.push(eq(members.employeeId, key.member.employeeId));
    where.push(eq(members.birthday, key.member.birthday));
    where.push(or(eq(members.name, key.member.name), ilike(members.nameEn, key.member.name))!);
  }
  if (providerId) where.push(servedBy(providerId, actor.tenantId, today));
  const [row] = await policyQuery(p, actor.tenantId, where)
    .orderBy(
      desc(
        sql`(${policies.status} = '01' and ${policies.validFrom} <= ${today} and ${policies.validTo} >= ${today})`,
      ),
      desc(policies.validTo),
    )
    .limit(1);
  if (!row) throw new AppError('MEMBER_NOT_FOUND');
  return row;
}

/**
 * One personal field of a member the actor may see (reveal, decision 0020): provider staff only
 * while their provider serves one of the member's plans today; null otherwise or when the
 * field is not a member's personal field.
 */
export async function memberPersonalValue(
  p: TPlatform,
  { actor, bizId, field }: { actor: TActor; bizId: string; field: string },
): Promise<string | null> {
  if (!Object.hasOwn(MEMBER_PERSONAL_FIELDS, field)) return null;
  const where: SQL[] = [eq(members.memberId, bizId)];
  if (actor.providerId) where.push(servedBy(actor.providerId, actor.tenantId, chinaDay(new Date())));
  const [row] = await policyQuery(p, actor.tenantId, where).limit(1);
  return row ? row[field as TMemberPersonalField] : null;
}

/** The policy year of today (China day), or the nearest one of a policy not in force. */
export function currentPolicyYear(policy: { validFrom: string; validTo: string }): TPolicyYear {
  return policyYearOf(chinaDay(new Date()), policy.validFrom, policy.validTo);
}

/** The coverages of a policy with used and pending summed over its current policy year. */
async function coverageSummaries(
  p: TPlatform,
  policy: TPolicyRow,
  filter: { currency?: string; coverage?: string } = {},
): Promise<TCoverageSummary[]> {
  const year = currentPolicyYear(policy);
  // Written with an alias: inside a select from one table Drizzle leaves columns unqualified.
  const inPeriod = sql`u.visit_date between ${year.from} and ${year.to}`;
  const rows = await p.db
    .select({
      coverageCode: policyCoverages.coverageCode,
      currency: policyCoverages.currency,
      perVisitLimit: policyCoverages.perVisitLimit,
      annualLimit: policyCoverages.annualLimit,
      coPayPercent: policyCoverages.coPayPercent,
      deductible: policyCoverages.deductible,
      directBilling: policyCoverages.directBilling,
      // numeric sums stay exact decimals in PostgreSQL and arrive as strings
      used: sql<string>`coalesce((select sum(u.amount) from benefit_usage u where u.coverage_ref = "policy_coverages"."id" and u.status = 'used' and ${inPeriod}), 0)::numeric(14,2)::text`,
      pending: sql<string>`coalesce((select sum(u.amount) from benefit_usage u where u.coverage_ref = "policy_coverages"."id" and u.status = 'pending' and ${inPeriod}), 0)::numeric(14,2)::text`,
    })
    .from(policyCoverages)
    .where(
      and(
        eq(policyCoverages.policyRef, policy.policyRef),
        filter.currency ? eq(policyCoverages.currency, filter.currency) : undefined,
        filter.coverage ? eq(policyCoverages.coverageCode, filter.coverage) : undefined,
      ),
    );
  const order = Object.keys(COVERAGE_CODES);
  const rank = (code: string) => (order.includes(code) ? order.indexOf(code) : order.length);
  return rows
    .map((c) => {
      const label = coverageLabel(c.coverageCode);
      return {
        coverageCode: c.coverageCode,
        coverageName: label.zh,
        coverageNameEn: label.en,
        currency: c.currency,
        perVisitLimit: c.perVisitLimit,
        annualLimit: c.annualLimit,
        coPayPercent: c.coPayPercent,
        deductible: c.deductible,
        directBilling: c.directBilling,
        used: c.used,
        pending: c.pending,
        remaining: remainingBenefit({ annualLimit: c.annualLimit, used: c.used, pending: c.pending }),
      };
    })
    .sort(
      (a, b) =>
        rank(a.coverageCode) - rank(b.coverageCode) ||
        a.coverageCode.localeCompare(b.coverageCode) ||
        a.currency.localeCompare(b.currency),
    );
}

/** POST /smartportal/policy/getPolicyDetailInfo. */
export async function getPolicyDetailInfo(
  p: TPlatform,
  { actor, ...body }: z.output<typeof ZPolicyDetailBody> & { actor: TActor },
): Promise<TPolicyDetail> {
  const policy = await findPolicy(p, actor, {
    customId: body.customId,
    grpPlanCode: body.grpPlanCode,
    member: { memberId: body.memberId },
    providerId: body.providerId,
  });
  const today = chinaDay(new Date());
  const providerId = networkProvider(actor, body.providerId) ?? '';
  let directBilling = false;
  let hospitalName = body.hospitalName;
  if (providerId) {
    const [link] = await p.db
      .select({ directBilling: planProviders.directBilling })
      .from(planProviders)
      .where(
        and(
          eq(planProviders.tenantId, actor.tenantId),
          eq(planProviders.planRef, policy.planRef),
          eq(planProviders.providerId, providerId),
        ),
      );
    directBilling = link?.directBilling ?? false;
    const [provider] = await p.db
      .select({ cn: providers.providerCnName, en: providers.providerEnName })
      .from(providers)
      .where(and(eq(providers.tenantId, actor.tenantId), eq(providers.providerId, providerId)));
    if (provider) hospitalName = (body.language === 'en' ? provider.en : provider.cn) || provider.cn;
  }
  const coverages = await coverageSummaries(p, policy);
  return {
    member: {
      memberId: policy.memberId,
      employeeId: policy.employeeId,
      relation: policy.relation,
      name: maskMemberField('name', policy.name),
      nameEn: maskMemberField('nameEn', policy.nameEn),
      sex: policy.sex,
      birthday: maskMemberField('birthday', policy.birthday),
      idType: policy.idType,
      idNumber: maskMemberField('idNumber', policy.idNumber),
      cardNumber: maskMemberField('cardNumber', policy.cardNumber),
      phone: maskMemberField('phone', policy.phone),
    },
    customId: policy.customId,
    customerName: policy.customerName,
    customerNameEn: policy.customerNameEn,
    grpPlanCode: policy.grpPlanCode,
    planName: policy.planName,
    planNameEn: policy.planNameEn,
    policyNo: policy.policyNo,
    validFrom: policy.validFrom,
    validTo: policy.validTo,
    policyYear: currentPolicyYear(policy),
    policyStatus: policy.policyStatus,
    inForce: inForce(policy.validFrom, policy.validTo, policy.policyStatus, today),
    providerId,
    hospitalName,
    directBilling,
    currencies: [...new Set(coverages.map((c) => c.currency))].sort(),
    coverages,
  };
}

/** GET /smartportal/config/getCurrency: the currencies plans are written in. */
export function getCurrencies(): TCurrencyOption[] {
  return Object.values(CURRENCIES).map((c) => ({ code: c.code, name: c.zh, nameEn: c.en }));
}

/** POST /smartportal/config/getCoverage: the coverages of the member's policy with their currencies. */
export async function getCoverages(
  p: TPlatform,
  { actor, ...body }: z.output<typeof ZCoverageBody> & { actor: TActor },
): Promise<TCoverageOption[]> {
  const policy = await findPolicy(p, actor, {
    customId: body.customId,
    grpPlanCode: body.grpPlanCode,
    member: { memberId: body.employeeId },
    providerId: '',
  });
  const summaries = await coverageSummaries(p, policy);
  const byCode = new Map<string, TCoverageOption>();
  for (const s of summaries) {
    const option = byCode.get(s.coverageCode) ?? {
      coverageCode: s.coverageCode,
      coverageName: s.coverageName,
      coverageNameEn: s.coverageNameEn,
      currencies: [],
    };
    option.currencies.push(s.currency);
    byCode.set(s.coverageCode, option);
  }
  return [...byCode.values()];
}

/** The policy named by a getBenefitUsedInfo payload (employeeID alone, or with the dependant's name and birthday). */
async function usedInfoPolicy(p: TPlatform, actor: TActor, body: z.output<typeof ZBenefitUsedBody>) {
  const dependant = body.insuredName !== '' && body.birthday !== '';
  if (dependant && !isIsoDay(body.birthday)) throw new AppError('MEMBER_BIRTHDAY_FORMAT');
  return findPolicy(p, actor, {
    customId: body.customID,
    grpPlanCode: body.grpPlanCode,
    member: dependant
      ? { employeeId: body.employeeID, name: body.insuredName, birthday: body.birthday }
      : { memberId: body.employeeID },
    providerId: body.providerID,
  });
}

/** The usage lines of a policy's coverages in its current policy year, newest visit first. */
async function usageLines(
  p: TPlatform,
  policy: TPolicyRow,
  filter: { currency: string; coverage: string },
): Promise<TBenefitUsageLine[]> {
  return p.db
    .select({
      coverageCode: policyCoverages.coverageCode,
      currency: policyCoverages.currency,
      visitDate: benefitUsage.visitDate,
      providerId: benefitUsage.providerId,
      amount: benefitUsage.amount,
      status: benefitUsage.status,
      sourceType: benefitUsage.sourceType,
      remark: benefitUsage.remark,
    })
    .from(benefitUsage)
    .innerJoin(policyCoverages, eq(policyCoverages.id, benefitUsage.coverageRef))
    .where(
      and(
        eq(policyCoverages.policyRef, policy.policyRef),
        sql`${benefitUsage.visitDate} between ${currentPolicyYear(policy).from} and ${currentPolicyYear(policy).to}`,
        filter.currency ? eq(policyCoverages.currency, filter.currency) : undefined,
        filter.coverage ? eq(policyCoverages.coverageCode, filter.coverage) : undefined,
        inArray(benefitUsage.status, ['used', 'pending']),
      ),
    )
    .orderBy(desc(benefitUsage.visitDate), asc(policyCoverages.coverageCode), asc(benefitUsage.sourceId));
}

/** POST /smartportal/benefit/getBenefitUsedInfo: limits, used, pending and remaining, with the lines behind them. */
export async function getBenefitUsedInfo(
  p: TPlatform,
  { actor, ...body }: z.output<typeof ZBenefitUsedBody> & { actor: TActor },
): Promise<TBenefitUsedInfo & { policy: TPolicyRow }> {
  const policy = await usedInfoPolicy(p, actor, body);
  const filter = { currency: body.currency, coverage: body.coverage };
  const [summaries, lines] = await Promise.all([
    coverageSummaries(p, policy, filter),
    usageLines(p, policy, filter),
  ]);
  return { memberId: policy.memberId, policyYear: currentPolicyYear(policy), summaries, lines, policy };
}

/** POST /smartportal/benefit/getBenefitSpecialRuleList. */
export async function getSpecialRules(
  p: TPlatform,
  { actor, ...body }: z.output<typeof ZPolicyRefBody> & { actor: TActor },
): Promise<TSpecialRule[]> {
  const policy = await refPolicy(p, actor, body);
  return p.db
    .select({
      ruleCode: benefitSpecialRules.ruleCode,
      coverageCode: benefitSpecialRules.coverageCode,
      content: benefitSpecialRules.content,
      enContent: benefitSpecialRules.enContent,
    })
    .from(benefitSpecialRules)
    .where(eq(benefitSpecialRules.policyRef, policy.policyRef))
    .orderBy(asc(benefitSpecialRules.ruleCode));
}

/** The riders of a policy. */
export function readRiders(p: TPlatform, policy: TPolicyRow): Promise<TRider[]> {
  return p.db
    .select({
      riderCode: benefitRiders.riderCode,
      name: benefitRiders.name,
      nameEn: benefitRiders.nameEn,
      coverageCode: benefitRiders.coverageCode,
      currency: benefitRiders.currency,
      limitAmount: benefitRiders.limitAmount,
      validFrom: benefitRiders.validFrom,
      validTo: benefitRiders.validTo,
    })
    .from(benefitRiders)
    .where(eq(benefitRiders.policyRef, policy.policyRef))
    .orderBy(asc(benefitRiders.riderCode));
}

/** The policy named by a special-rule or rider payload. */
export function refPolicy(p: TPlatform, actor: TActor, body: z.output<typeof ZPolicyRefBody>) {
  return findPolicy(p, actor, {
    customId: body.customId,
    grpPlanCode: body.grpPlanCode,
    member: { memberId: body.memberId },
    providerId: body.providerId,
  });
}

/** POST /smartportal/benefit/getBenefitRiderList. */
export async function getRiders(
  p: TPlatform,
  { actor, ...body }: z.output<typeof ZPolicyRefBody> & { actor: TActor },
): Promise<TRider[]> {
  return readRiders(p, await refPolicy(p, actor, body));
}
