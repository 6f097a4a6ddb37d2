/** The namespaces of every feature but session (which the login page needs at once): see i18n.ts. */
import type { TLocaleFile } from './i18n.ts';

export const FEATURE_LOCALE_FILES = import.meta.glob<TLocaleFile>(
  ['../features/*/locales/*.json', '!../features/session/locales/*.json'],
  { eager: true, import: 'default' },
);
