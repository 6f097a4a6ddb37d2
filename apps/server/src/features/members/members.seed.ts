import { and, eq } from 'drizzle-orm';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { tenants } from '../../platform/tenancy/tenancy.tables.ts';
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

/** The demo tenant's members: one employee with two dependants under a plan served by the demo provider. */
export const DEMO_CUSTOMER_ID = 'C0001';
export const DEMO_PLAN_CODE = 'GP-DEMO-01';
export const DEMO_MEMBERS = [
  {
    memberId: 'M0001001',
    employeeId: 'M0001001',
    relation: '01',
    name: '张伟',
    nameEn: 'Zhang Wei',
    birthday: '1985-03-12',
    sex: '01',
    idNumber: '110101198503120019',
    cardNumber: '6200010010001',
    phone: '13800138001',
  },
  {
    memberId: 'M0001002',
    employeeId: 'M0001001',
    relation: '02',
    name: '李娜',
    nameEn: 'Li Na',
    birthday: '1987-07-21',
    sex: '02',
    idNumber: '110101198707210027',
    cardNumber: '6200010010002',
    phone: '13800138002',
  },
  {
    memberId: 'M0001003',
    employeeId: 'M0001001',
    relation: '03',
    name: '张小雨',
    nameEn: 'Zhang Xiaoyu',
    birthday: '2015-10-05',
    sex: '02',
    idNumber: '110101201510050046',
    cardNumber: '6200010010003',
    phone: '',
  },
] as const;

/** Outpatient, inpatient and dental in yuan; outpatient also in Hong Kong dollars. */
const COVERAGES = [
  {
    coverageCode: 'OP',
    currency: 'CNY',
    perVisitLimit: '2000.00',
    annualLimit: '20000.00',
    coPayPercent: '10.00',
    deductible: '0.00',
  },
  {
    coverageCode: 'OP',
    currency: 'HKD',
    perVisitLimit: '2200.00',
    annualLimit: '22000.00',
    coPayPercent: '10.00',
    deductible: '0.00',
  },
  {
    coverageCode: 'IP',
    currency: 'CNY',
    perVisitLimit: null,
    annualLimit: '200000.00',
    coPayPercent: '0.00',
    deductible: '1000.00',
  },
  {
    coverageCode: 'DT',
    currency: 'CNY',
    perVisitLimit: '500.00',
    annualLimit: '3000.00',
    coPayPercent: '20.00',
    deductible: '0.00',
  },
] as const;

/**
 * Seeds the demo members once (nothing is written when the customer exists). Policies run from
 * 1 January of the seeding year to 31 December of the next, so the demo stays in force.
 */
export async function seedDemoMembers(
  db: TDbOrTx,
  { tenantCode, providerId }: { tenantCode: string; providerId: string },
) {
  const [tenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, tenantCode));
  if (!tenant) return;
  const tenantId = tenant.id;
  const existing = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.customerId, DEMO_CUSTOMER_ID)));
  if (existing[0]) return;

  const year = new Date().getUTCFullYear();
  const validFrom = `${year}-01-01`;
  const validTo = `${year + 1}-12-31`;
  const [customer] = await db
    .insert(customers)
    .values({
      tenantId,
      customerId: DEMO_CUSTOMER_ID,
      name: '华东示范科技有限公司',
      nameEn: 'East China Demo Technology Co., Ltd.',
    })
    .returning();
  const [plan] = await db
    .insert(groupPlans)
    .values({
      tenantId,
      customerRef: customer.id,
      grpPlanCode: DEMO_PLAN_CODE,
      name: '员工及家属医疗计划',
      nameEn: 'Employee and Family Medical Plan',
    })
    .returning();
  await db.insert(planProviders).values({ tenantId, planRef: plan.id, providerId, directBilling: true });

  for (const seed of DEMO_MEMBERS) {
    const [member] = await db
      .insert(members)
      .values({ tenantId, customerRef: customer.id, ...seed })
      .returning();
    const [policy] = await db
      .insert(policies)
      .values({
        tenantId,
        policyNo: `POL-${DEMO_PLAN_CODE}-${seed.employeeId}`,
        memberRef: member.id,
        planRef: plan.id,
        validFrom,
        validTo,
      })
      .returning();
    const coverages = await db
      .insert(policyCoverages)
      .values(COVERAGES.map((c) => ({ tenantId, policyRef: policy.id, ...c })))
      .returning();
    await db.insert(benefitSpecialRules).values([
      {
        tenantId,
        policyRef: policy.id,
        ruleCode: 'WAIT-MT-90',
        coverageCode: 'MT',
        content: '生育保障等待期 90 天。',
        enContent: 'Maternity benefits have a 90-day waiting period.',
      },
      {
        tenantId,
        policyRef: policy.id,
        ruleCode: 'EXCL-COSMETIC',
        content: '美容及整形治疗不在保障范围内。',
        enContent: 'Cosmetic and plastic treatment is not covered.',
      },
    ]);
    await db.insert(benefitRiders).values({
      tenantId,
      policyRef: policy.id,
      riderCode: 'RDR-VISION',
      name: '视力保障附加险',
      nameEn: 'Vision care rider',
      coverageCode: 'OP',
      currency: 'CNY',
      limitAmount: '800.00',
      validFrom,
      validTo,
    });
    // The employee has used some outpatient benefit this year.
    if (seed.relation === '01') {
      const op = coverages.find((c) => c.coverageCode === 'OP' && c.currency === 'CNY')!;
      await db.insert(benefitUsage).values({
        tenantId,
        coverageRef: op.id,
        sourceType: 'import',
        sourceId: `DEMO-${seed.memberId}-1`,
        providerId,
        visitDate: `${year}-03-18`,
        amount: '1250.50',
        status: 'used',
        remark: 'Outpatient visit (demo history)',
      });
    }
  }
}
