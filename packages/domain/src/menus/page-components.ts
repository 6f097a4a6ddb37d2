/**
 * The page components the web knows, by the key a menu entry's `component` names. The web's
 * `apps/web/src/app/route-pages.ts` maps exactly these keys to pages (its record is typed by
 * `TPageComponentKey`, so the compiler refuses a key missing on either side); the menu
 * administration offers and accepts only these, the containers and the app's own routes
 * (decision 0029).
 */
import { CONTAINER_COMPONENTS } from './paths.ts';

export const PAGE_COMPONENT_KEYS = [
  'home/index',
  'dashboard/index',
  'error-page/404',
  'error/404',
  '404',
  'system/dictionary/index',
  'system/area/index',
  'drsystem/management/task/index',
  'drsystem/management/hospital/mine',
  'drsystem/management/hospital/detail',
  'drsystem/management/hospital/task/detail',
  'drsystem/management/hosp/form',
  'system/error-log',
  'system/security-event',
  'system/provider-account',
  'system/user/index',
  'system/client',
  'system/operation-log',
  'system/login-log',
  'system/log-retention',
  'system/role/index',
  'system/org/index',
  'system/menu/index',
  'system/workflow/index',
  'resources/sms/edit',
  'smartPortal/benefit/index',
  'member/network/index',
  'member/import/index',
  'appointment/list',
  'appointment/registration',
  'appointment/detail',
  'appointment/processDetail',
  'preauth/list',
  'preauth/audit-list',
  'preauth/audit-detail',
  'preauth/audit-message',
  'advance/preAuthCreateNew',
  'advance/preAuthCreate',
  'advance/detail',
  'advance/supplement',
  'advance/reopen',
  'advance/message',
  'claim/submisson/upload',
  'claim/edit',
  'claim/detail',
  'claim/schedule',
  'claim/audit/upload',
  'claim/audit/auditPage',
  'claim/adminDetail',
  'invoice/index',
  'invoice/upload',
  'invoice/detail',
  'medical/record',
  'claim/medical/detail',
  'claim/appeal/list',
  'claim/appeal/create',
  'claim/appeal/update',
  'claim/appeal/audit',
  'claim/appeal/detail',
  'claim/control/list',
  'claim/control/create',
  'claim/control/empty',
  'claim/control/detail',
  'claim/acc',
  'claim/acc/detail',
  'claim/acc/build',
  'drsystem/management/hospital/index',
  'drsystem/audit/provider-notes',
  'drsystem/management/doctor/index',
  'drsystem/management/doctor/form',
  'drsystem/management/doctor/detail',
  'drsystem/management/doctor/task-detail',
  'drsystem/management/doctor/task-audit',
  'drsystem/info/advance',
  'drsystem/info/query/infoDetail',
  'drsystem/system/knowledge',
  'drsystem/info/add/symptom',
  'drsystem/info/add/disease',
  'drsystem/info/add/treatment',
  'drsystem/system/symptom/bondingdisease',
  'system/holiday/index',
] as const;
export type TPageComponentKey = (typeof PAGE_COMPONENT_KEYS)[number];

/**
 * Keys of pages the web routes itself at reserved paths (apps/web/src/app/router.tsx); a menu
 * entry names them so the sidebar shows the entry.
 */
export const APP_ROUTE_COMPONENTS = ['resources/msg/index', 'resources/msg/edit'] as const;

/** Every component key a menu entry may name: containers first, then pages. */
export const MENU_COMPONENT_KEYS: readonly string[] = [
  ...CONTAINER_COMPONENTS,
  ...PAGE_COMPONENT_KEYS,
  ...APP_ROUTE_COMPONENTS,
];

/** True when the web can show a menu entry naming this component. */
export function isKnownComponent(key: string): boolean {
  return MENU_COMPONENT_KEYS.includes(key);
}
