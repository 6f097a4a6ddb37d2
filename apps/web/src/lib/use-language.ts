import { useTranslation } from 'react-i18next';
import { isLanguage, type TLanguage } from './i18n.ts';

/** The language in use; components re-render when it changes. */
export function useLanguage(): TLanguage {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(lang) ? lang : 'zh';
}
