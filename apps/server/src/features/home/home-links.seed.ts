import { eq } from 'drizzle-orm';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { type TTenantSettings, tenants } from '../../platform/tenancy/tenancy.tables.ts';

/**
 * Shell links and the invoice title's taxpayer number of the demo tenant (a made-up unified
 * social credit code with a valid check character; decision 0044); only keys that are still
 * empty are filled, so edits stay.
 */
const DEMO_LINKS: Required<Pick<TTenantSettings, 'onlineServiceUrl' | 'operationGuideUrl'>> & {
  footer: Required<NonNullable<TTenantSettings['footer']>>;
  taxNo: string;
} = {
  taxNo: '91310115MA1K3D7P2X',
  onlineServiceUrl: 'https://benefits.demo-medical.example/enquiry',
  operationGuideUrl: 'https://help.demo-medical.example/provider-portal/operation-guide.pdf',
  footer: {
    privacyUrl: '/privacy',
    licenceUrl: 'https://www.gsxt.gov.cn/',
    filingNumbers: ['沪ICP备2024038157号-1', '沪公网安备31010402009812号'],
    fraudMailbox: 'antifraud@demo-medical.example',
  },
};

const filled = (value: unknown) => (Array.isArray(value) ? value.length > 0 : Boolean(value));

/** Fills the demo tenant's benefits-enquiry, guide, footer and invoice-title settings where they are empty. */
export async function seedDemoTenantLinks(db: TDbOrTx, { tenantCode }: { tenantCode: string }) {
  const rows = await db.select().from(tenants).where(eq(tenants.code, tenantCode));
  const tenant = rows[0];
  if (!tenant) return;
  const current = tenant.settings;
  const footer = { ...(current.footer ?? {}) };
  for (const [key, value] of Object.entries(DEMO_LINKS.footer) as [keyof typeof footer, never][]) {
    if (!filled(footer[key])) footer[key] = value;
  }
  const next: TTenantSettings = {
    ...current,
    onlineServiceUrl: current.onlineServiceUrl || DEMO_LINKS.onlineServiceUrl,
    operationGuideUrl: current.operationGuideUrl || DEMO_LINKS.operationGuideUrl,
    footer,
    invoiceTitle: { ...current.invoiceTitle, taxNo: current.invoiceTitle?.taxNo || DEMO_LINKS.taxNo },
  };
  if (JSON.stringify(next) !== JSON.stringify(current)) {
    await db.update(tenants).set({ settings: next, updatedAt: new Date() }).where(eq(tenants.id, tenant.id));
  }
}
