import { useEffect } from 'react';
import { reloadPage } from '../../lib/browser.ts';
import { currentLanguage, isLanguage, setLanguage } from '../../lib/i18n.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { STORAGE_KEYS } from '../../lib/storage.ts';

const TOKEN_KEYS: readonly string[] = [
  STORAGE_KEYS.TOKEN,
  STORAGE_KEYS.ACCESS_TOKEN,
  STORAGE_KEYS.REFRESH_TOKEN,
  STORAGE_KEYS.EXPIRE_TIME,
];

/**
 * Keeps this tab in step with the others (spec section 4): a change of the stored user (a
 * login, a logout, another account) reloads the page; refreshed tokens and a language switch
 * are adopted in place.
 */
export function useSessionSync(): void {
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea !== window.localStorage) return;
      if (event.key === null || event.key === STORAGE_KEYS.USER) {
        reloadPage();
        return;
      }
      if (TOKEN_KEYS.includes(event.key)) {
        useSessionStore.getState().syncTokensFromStorage();
        return;
      }
      if (
        event.key === STORAGE_KEYS.LANGUAGE &&
        isLanguage(event.newValue) &&
        event.newValue !== currentLanguage()
      ) {
        void setLanguage(event.newValue);
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
}
