import { ilike, or, type SQL } from 'drizzle-orm';
import { escapeLike } from '../../platform/db/values.ts';
import { providers } from './hospital-tasks.tables.ts';

/**
 * Providers whose id, Chinese or English name contains `keyword` (case-insensitive), as a
 * condition on `providers`; undefined (no condition) for an empty keyword. The provider pickers
 * and provider searches of every feature use it.
 */
export function providerMatching(keyword: string | undefined): SQL | undefined {
  if (!keyword) return undefined;
  const like = `%${escapeLike(keyword)}%`;
  return or(
    ilike(providers.providerId, like),
    ilike(providers.providerCnName, like),
    ilike(providers.providerEnName, like),
  );
}
