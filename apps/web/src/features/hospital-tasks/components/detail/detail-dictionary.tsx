/**
 * The code tables one detail screen needs, loaded once at its root and shared by every field
 * (a field's label and its old value in a tooltip alike).
 */
import { CONTACT_SHOW, DB_FLAG } from '@portal/domain/dictionaries/codes';
import { CHOICE_CODE_TYPES, TEL_TYPE_CODE_TYPE } from '@portal/domain/hospital-tasks/rules';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { TLanguage } from '../../../../lib/i18n.ts';
import { useDictionary } from '../../../dictionaries/use-dictionary.ts';
import { useLanguage } from '../../use-language.ts';

/** Dictionary code types of the continents and countries (area levels 01 and 02). */
export const CONTINENT_CODE_TYPE = '01';
export const COUNTRY_CODE_TYPE = '02';

export const DETAIL_CODE_TYPES: readonly string[] = [
  ...new Set<string>([
    ...Object.values(CHOICE_CODE_TYPES),
    TEL_TYPE_CODE_TYPE,
    CONTINENT_CODE_TYPE,
    COUNTRY_CODE_TYPE,
  ]),
];

/** Code tables fixed in the code (no dictionary call). */
const FIXED_TABLES: Record<string, readonly { code: string; zh: string; en: string }[]> = {
  dbFlag: Object.values(DB_FLAG),
  contactShow: Object.values(CONTACT_SHOW),
};

export interface TDetailDictionary {
  language: TLanguage;
  /** The label of a code in the current language ('' for no code, the code itself when unknown). */
  labelOf: (codeType: string, code: string | null | undefined) => string;
  /** Labels of a list of codes joined the way the language lists them. */
  labelsOf: (codeType: string, codes: readonly string[] | null | undefined) => string;
}

const DetailDictionaryContext = createContext<TDetailDictionary | null>(null);

export function listSeparator(language: TLanguage): string {
  return language === 'en' ? ', ' : '、';
}

export function DetailDictionaryProvider({ children }: { children: ReactNode }) {
  const dictionary = useDictionary(DETAIL_CODE_TYPES);
  const language = useLanguage();
  const value = useMemo<TDetailDictionary>(() => {
    const labelOf = (codeType: string, code: string | null | undefined) => {
      if (!code) return '';
      const fixed = FIXED_TABLES[codeType]?.find((e) => e.code === code);
      if (fixed) return fixed[language];
      return dictionary.labelOf(codeType, code);
    };
    return {
      language,
      labelOf,
      labelsOf: (codeType, codes) =>
        (codes ?? [])
          .map((code) => labelOf(codeType, code))
          .filter(Boolean)
          .join(listSeparator(language)),
    };
  }, [dictionary, language]);
  return <DetailDictionaryContext.Provider value={value}>{children}</DetailDictionaryContext.Provider>;
}

export function useDetailDictionary(): TDetailDictionary {
  const value = useContext(DetailDictionaryContext);
  if (!value) throw new Error('useDetailDictionary needs a <DetailDictionaryProvider>');
  return value;
}
