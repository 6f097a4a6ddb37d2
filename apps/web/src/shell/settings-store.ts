/**
 * The settings drawer's choices (spec section 2 "Shell"): theme colour, unique-opened submenu,
 * tags view, fixed header and sidebar logo. They are kept per browser in localStorage (key
 * SETTINGS), shared by the browser's tabs, and go at logout with everything but the language
 * (spec section 1: the language is the only local setting kept after logout).
 */

import { useEffect } from 'react';
import { create } from 'zustand';
import { readableTextColor, textOn } from '../lib/contrast.ts';
import { PORTAL_STORAGE_KEYS, readJson, writeJson } from '../lib/storage.ts';
import { DEFAULT_THEME_COLOR } from './shell-store.ts';

/** Theme colour presets: the portal's orange first, then eight others (spec section 9: 9 presets). */
export const THEME_PRESETS = [
  DEFAULT_THEME_COLOR,
  '#1890FF',
  '#304156',
  '#212121',
  '#11A983',
  '#13C2C2',
  '#6959CD',
  '#F5222D',
  '#FA541C',
] as const;

export interface TSettings {
  /** Primary colour of the theme (#RRGGBB). */
  themeColor: string;
  /** Opening a submenu closes the others. */
  uniqueOpened: boolean;
  /** The tags view of visited pages (and keeping visited pages alive). */
  tagsView: boolean;
  /** The navbar and tags view stay at the top while the page scrolls. */
  fixedHeader: boolean;
  /** The logo and portal name at the top of the sidebar. */
  sidebarLogo: boolean;
}

export const DEFAULT_SETTINGS: Readonly<TSettings> = Object.freeze({
  themeColor: DEFAULT_THEME_COLOR,
  uniqueOpened: false,
  tagsView: true,
  fixedHeader: true,
  sidebarLogo: true,
});

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** Reads stored settings, keeping defaults for anything missing or malformed. */
export function readSettings(): TSettings {
  const stored = readJson<Partial<Record<keyof TSettings, unknown>>>(PORTAL_STORAGE_KEYS.SETTINGS);
  const settings: TSettings = { ...DEFAULT_SETTINGS };
  if (!stored || typeof stored !== 'object') return settings;
  if (typeof stored.themeColor === 'string' && HEX_COLOR.test(stored.themeColor))
    settings.themeColor = stored.themeColor.toUpperCase();
  for (const key of ['uniqueOpened', 'tagsView', 'fixedHeader', 'sidebarLogo'] as const) {
    if (typeof stored[key] === 'boolean') settings[key] = stored[key];
  }
  return settings;
}

interface TSettingsState extends TSettings {
  /** Changes one setting and stores all of them. */
  change: <K extends keyof TSettings>(key: K, value: TSettings[K]) => void;
  /** Back to the defaults (the stored settings are removed). */
  reset: () => void;
  /** Re-reads the stored settings (another tab changed them). */
  reload: () => void;
}

export const useSettingsStore = create<TSettingsState>()((set, get) => ({
  ...readSettings(),
  change(key, value) {
    const next = {
      ...pickSettings(get()),
      [key]: key === 'themeColor' ? String(value).toUpperCase() : value,
    };
    writeJson(PORTAL_STORAGE_KEYS.SETTINGS, next);
    set(next);
  },
  reset() {
    writeJson(PORTAL_STORAGE_KEYS.SETTINGS, null);
    set({ ...DEFAULT_SETTINGS });
  },
  reload() {
    set(readSettings());
  },
}));

/** The settings part of the store's state. */
export function pickSettings(state: TSettings): TSettings {
  const { themeColor, uniqueOpened, tagsView, fixedHeader, sidebarLogo } = state;
  return { themeColor, uniqueOpened, tagsView, fixedHeader, sidebarLogo };
}

/** True for a #RRGGBB colour. */
export function isHexColor(value: string): boolean {
  return HEX_COLOR.test(value);
}

/** Follows settings changed in another tab of the browser, and exposes the colour to CSS. */
export function useSettingsSync(): void {
  const themeColor = useSettingsStore((s) => s.themeColor);
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === PORTAL_STORAGE_KEYS.SETTINGS || event.key === null)
        useSettingsStore.getState().reload();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  useEffect(() => {
    const root = document.documentElement.style;
    root.setProperty('--portal-primary', themeColor);
    // Text on a fill of the theme colour, and text in it, readable at WCAG AA.
    root.setProperty('--portal-on-primary', textOn(themeColor));
    root.setProperty('--portal-primary-text', readableTextColor(themeColor));
  }, [themeColor]);
}
