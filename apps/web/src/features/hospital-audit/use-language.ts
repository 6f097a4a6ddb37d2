import { useTranslation } from 'react-i18next';
import type { TLanguage } from '../../lib/i18n.ts';

/** The interface language; re-renders when it changes. */
export function useLanguage(): TLanguage {
  const { i18n } = useTranslation();
  return (i18n.resolvedLanguage ?? i18n.language) === 'en' ? 'en' : 'zh';
}
