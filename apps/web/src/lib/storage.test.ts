import { describe, expect, it } from 'vitest';
import { clearAllExceptLanguage, clearSessionStorage, PORTAL_STORAGE_KEYS, STORAGE_KEYS } from './storage.ts';

const ALL_KEYS = Object.values(STORAGE_KEYS);

describe('storage keys', () => {
  it('are the keys of spec section 9', () => {
    expect(ALL_KEYS.sort()).toEqual(
      [
        'TOKEN',
        'USER',
        'USER_ROUTER',
        'ACCESS_TOKEN',
        'REFRESH_TOKEN',
        'EXPIRE_TIME',
        'TENANT',
        'PERMISSIONS',
        'AUTHORITY_RESOURCE',
        'toggleLang',
        'language',
        'hideNotice',
        'MSG_REFRESH',
      ].sort(),
    );
  });

  it('logout keeps only the language', () => {
    for (const key of ALL_KEYS) window.localStorage.setItem(key, `v-${key}`);
    window.localStorage.setItem('somethingElse', 'x');
    clearAllExceptLanguage();
    expect(Object.keys(window.localStorage).sort()).toEqual(['language', 'toggleLang']);
  });

  it('ending a session keeps tenant, language and settings', () => {
    for (const key of ALL_KEYS) window.localStorage.setItem(key, `v-${key}`);
    clearSessionStorage();
    expect(Object.keys(window.localStorage).sort()).toEqual([
      'MSG_REFRESH',
      'TENANT',
      'hideNotice',
      'language',
      'toggleLang',
    ]);
  });

  it("keeps the portal's own keys apart: settings stay when a session ends, the menu group goes", () => {
    window.localStorage.setItem(PORTAL_STORAGE_KEYS.SETTINGS, '{}');
    window.localStorage.setItem(PORTAL_STORAGE_KEYS.MENU_GROUP, 'smartPortal');
    clearSessionStorage();
    expect(window.localStorage.getItem('SETTINGS')).toBe('{}');
    expect(window.localStorage.getItem('MENU_GROUP')).toBeNull();
    clearAllExceptLanguage();
    expect(window.localStorage.getItem('SETTINGS')).toBeNull();
  });
});
