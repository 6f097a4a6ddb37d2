import { useMediaQuery } from '../lib/use-media-query.ts';
import { MOBILE_BREAKPOINT } from './shell-store.ts';

const QUERY = `(max-width: ${MOBILE_BREAKPOINT - 0.02}px)`;

/** True under the mobile breakpoint (992 px wide). */
export function useIsMobile(): boolean {
  return useMediaQuery(QUERY);
}
