import type { TActor } from '../../platform/auth/access.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { getTenant } from '../../platform/tenancy/tenancy.service.ts';

/** User types that get the online benefits-enquiry link (spec section 6). */
export const ONLINE_SERVICE_USER_TYPES: readonly string[] = ['01', '04'];

export interface TShellFooter {
  privacyUrl: string;
  licenceUrl: string;
  filingNumbers: string[];
  fraudMailbox: string;
  operationGuideUrl: string;
}

/** The tenant's online benefits-enquiry URL ('' when none is set); user types 01 and 04 only. */
export async function getOnlineServiceUrl(
  p: TPlatform,
  { actor }: { actor: TActor },
): Promise<{ url: string }> {
  if (!ONLINE_SERVICE_USER_TYPES.includes(actor.userType)) throw new AppError('NO_PERMISSION');
  const tenant = await getTenant(p.db, actor.tenantId);
  return { url: tenant?.settings.onlineServiceUrl ?? '' };
}

/** The shell footer and the operation-guide link of a tenant. */
export async function getShellFooter(
  p: TPlatform,
  { tenantId }: { tenantId: string | undefined },
): Promise<TShellFooter> {
  const tenant = tenantId ? await getTenant(p.db, tenantId) : null;
  if (!tenant?.enabled) throw new AppError('TENANT_UNKNOWN');
  const footer = tenant.settings.footer ?? {};
  return {
    privacyUrl: footer.privacyUrl ?? '/privacy',
    licenceUrl: footer.licenceUrl ?? '',
    filingNumbers: footer.filingNumbers ?? [],
    fraudMailbox: footer.fraudMailbox ?? '',
    operationGuideUrl: tenant.settings.operationGuideUrl ?? '',
  };
}
