/**
 * Browser storage of the portal under the keys of spec section 9. Everything lives in
 * localStorage so that every tab of one browser shares one session.
 */

export const STORAGE_KEYS = {
  TOKEN: 'TOKEN',
  USER: 'USER',
  USER_ROUTER: 'USER_ROUTER',
  ACCESS_TOKEN: 'ACCESS_TOKEN',
  REFRESH_TOKEN: 'REFRESH_TOKEN',
  EXPIRE_TIME: 'EXPIRE_TIME',
  TENANT: 'TENANT',
  PERMISSIONS: 'PERMISSIONS',
  AUTHORITY_RESOURCE: 'AUTHORITY_RESOURCE',
  TOGGLE_LANG: 'toggleLang',
  LANGUAGE: 'language',
  HIDE_NOTICE: 'hideNotice',
  MSG_REFRESH: 'MSG_REFRESH',
} as const;

/**
 * Keys the portal adds beyond spec section 9: the settings drawer's choices, the menu group
 * a /transfer hand-over chose, the task list's remembered status filter and the dictionary
 * entries code labels are read from (per tenant). All go at logout like everything but the
 * language.
 */
export const PORTAL_STORAGE_KEYS = {
  SETTINGS: 'SETTINGS',
  MENU_GROUP: 'MENU_GROUP',
  TASK_SEARCH_STATUS: 'TASK_SEARCH_STATUS',
  /** The appointment list's status filter (decision 0038). */
  APPOINTMENT_SEARCH_STATUS: 'APPOINTMENT_SEARCH_STATUS',
  DICTIONARY_CODES: 'DICTIONARY_CODES',
} as const;

export type TStorageKey =
  | (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS]
  | (typeof PORTAL_STORAGE_KEYS)[keyof typeof PORTAL_STORAGE_KEYS];

/** Keys that make up a signed-in session; cleared when the session ends or is bounced. */
export const SESSION_KEYS: readonly TStorageKey[] = [
  STORAGE_KEYS.TOKEN,
  STORAGE_KEYS.USER,
  STORAGE_KEYS.USER_ROUTER,
  STORAGE_KEYS.ACCESS_TOKEN,
  STORAGE_KEYS.REFRESH_TOKEN,
  STORAGE_KEYS.EXPIRE_TIME,
  STORAGE_KEYS.PERMISSIONS,
  STORAGE_KEYS.AUTHORITY_RESOURCE,
  PORTAL_STORAGE_KEYS.MENU_GROUP,
];

/** Keys kept after logout: the language is the only local setting that survives (spec section 1). */
export const LANGUAGE_KEYS: readonly TStorageKey[] = [STORAGE_KEYS.LANGUAGE, STORAGE_KEYS.TOGGLE_LANG];

function store(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be disabled by the browser's privacy settings.
    return null;
  }
}

/** Reads a raw string value; null when absent or storage is unavailable. */
export function readString(key: TStorageKey): string | null {
  return store()?.getItem(key) ?? null;
}

/** Writes a raw string value; null or undefined removes the key. */
export function writeString(key: TStorageKey, value: string | null | undefined): void {
  const s = store();
  if (!s) return;
  if (value === null || value === undefined) s.removeItem(key);
  else s.setItem(key, value);
}

/** Reads a JSON value; null when absent or unreadable. */
export function readJson<T>(key: TStorageKey): T | null {
  const text = readString(key);
  if (text === null) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/** Writes a JSON value; null or undefined removes the key. */
export function writeJson(key: TStorageKey, value: unknown): void {
  writeString(key, value === null || value === undefined ? null : JSON.stringify(value));
}

export function removeKeys(keys: readonly TStorageKey[]): void {
  const s = store();
  if (!s) return;
  for (const key of keys) s.removeItem(key);
}

/** Clears the signed-in session but keeps the tenant, the language and the user's settings. */
export function clearSessionStorage(): void {
  removeKeys(SESSION_KEYS);
}

/** Logout: clears all local storage except the language keys. */
export function clearAllExceptLanguage(): void {
  const s = store();
  if (!s) return;
  const kept = LANGUAGE_KEYS.map((key) => [key, s.getItem(key)] as const);
  s.clear();
  for (const [key, value] of kept) if (value !== null) s.setItem(key, value);
}
