/**
 * i18next set-up. The common namespace lives in src/locales/{zh,en}.json and every feature
 * brings its own namespace in src/features/<feature>/locales/{zh,en}.json, picked up by file
 * name so a new feature needs no registration. The first bundle holds common and session (all
 * the login page shows); the other features' namespaces load in one chunk, which the frame and
 * every other page wait for (loadFeatureLocales).
 */
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import i18n, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readString, STORAGE_KEYS, writeString } from './storage.ts';

export const LANGUAGES = ['zh', 'en'] as const;
export type TLanguage = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: TLanguage = 'zh';
export const COMMON_NAMESPACE = 'common';

export type TLocaleFile = Record<string, unknown>;

const localeFiles = import.meta.glob<TLocaleFile>(
  ['../locales/*.json', '../features/session/locales/*.json'],
  {
    eager: true,
    import: 'default',
  },
);

/** Namespace and language of a locale file path (`../features/home/locales/en.json` -> home, en). */
export function localeFileInfo(path: string): { namespace: string; language: string } | null {
  const feature = /\/features\/([^/]+)\/locales\/([^/]+)\.json$/.exec(path);
  if (feature) return { namespace: feature[1], language: feature[2] };
  const common = /\/locales\/([^/]+)\.json$/.exec(path);
  if (common) return { namespace: COMMON_NAMESPACE, language: common[1] };
  return null;
}

function buildResources(files: Record<string, TLocaleFile>): Resource {
  const resources: Resource = {};
  for (const [path, content] of Object.entries(files)) {
    const info = localeFileInfo(path);
    if (!info) continue;
    resources[info.language] ??= {};
    resources[info.language][info.namespace] = content;
  }
  return resources;
}

export function isLanguage(value: unknown): value is TLanguage {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The remembered language: `language`, then `toggleLang`, then zh. */
export function readStoredLanguage(): TLanguage {
  const stored = readString(STORAGE_KEYS.LANGUAGE) ?? readString(STORAGE_KEYS.TOGGLE_LANG);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

/** The language in use now. */
export function currentLanguage(): TLanguage {
  const lang = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

function applyLanguageSideEffects(lang: TLanguage): void {
  dayjs.locale(lang === 'zh' ? 'zh-cn' : 'en');
  if (typeof document !== 'undefined') document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
}

/** Switches the language, remembers it under `language` and `toggleLang`, and follows with dates. */
export async function setLanguage(lang: TLanguage): Promise<void> {
  writeString(STORAGE_KEYS.LANGUAGE, lang);
  writeString(STORAGE_KEYS.TOGGLE_LANG, lang);
  applyLanguageSideEffects(lang);
  if (currentLanguage() !== lang || i18n.language !== lang) await i18n.changeLanguage(lang);
}

/** Picks the message of the current language from a zh/en pair, falling back to the other. */
export function pickLanguage(zh: string | null | undefined, en: string | null | undefined): string {
  const first = currentLanguage() === 'en' ? en : zh;
  const second = currentLanguage() === 'en' ? zh : en;
  return first?.trim() || second?.trim() || '';
}

const initialLanguage = readStoredLanguage();
const resources = buildResources(localeFiles);

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLanguage,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: Object.keys(resources[DEFAULT_LANGUAGE] ?? { [COMMON_NAMESPACE]: {} }),
  defaultNS: COMMON_NAMESPACE,
  fallbackNS: COMMON_NAMESPACE,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});
applyLanguageSideEffects(initialLanguage);

let featureLocales: Promise<void> | null = null;

/** Adds every other feature's namespace (one chunk, loaded once); pages outside login await it. */
export function loadFeatureLocales(): Promise<void> {
  featureLocales ??= import('./feature-locales.ts').then(({ FEATURE_LOCALE_FILES }) => {
    const more = buildResources(FEATURE_LOCALE_FILES);
    for (const [language, namespaces] of Object.entries(more)) {
      for (const [namespace, content] of Object.entries(namespaces)) {
        i18n.addResourceBundle(language, namespace, content, true, true);
      }
    }
  });
  featureLocales.catch(() => {
    // A failed load (network) is tried again by the next caller.
    featureLocales = null;
  });
  return featureLocales;
}

export { i18n };
