import { http } from '../../../lib/http.ts';

export type TClaimMenuPath = '/claim/detail' | '/claim/schedule' | '/claim/acc';

/** POST /claim/buryLog: logs the opening of a claim detail or claim finance menu; failures stay silent. */
export function logClaimMenu(menuPath: TClaimMenuPath): void {
  http.post('/claim/buryLog', { menuPath }, { silent: true }).catch(() => undefined);
}
