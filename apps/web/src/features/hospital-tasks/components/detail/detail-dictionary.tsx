/**
 * The code tables one detail screen needs, loaded once at its root and shared by every field
 * (a field's label and its old value in a tooltip alike).
 */
import { CONTACT_SHOW, DB_FLAG } from '@portal/domain/dictionaries/codes';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { TLanguage } from '../../../../lib/i18n.ts';
import { useLanguage } from '../../../../lib/use-language.ts';
import { LookupState } from '../../../dictionaries/components/LookupState.tsx';
import { type TLookupStatus, useDictionary } from '../../../dictionaries/use-dictionary.ts';
import { DETAIL_CODE_TYPES } from '../../detail-code-types.ts';
import { EMPTY_TEXT } from './detail-rules.ts';

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
  /** Whether a code type's labels are here ('success'), loading or failed. */
  statusOf: (codeType: string) => TLookupStatus;
  /** Loads again the code types whose loading failed. */
  retry: () => void;
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
      statusOf: (codeType) => (FIXED_TABLES[codeType] ? 'success' : dictionary.statusOf(codeType)),
      retry: dictionary.retry,
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

/**
 * The label of a code (or codes) of a detail field: '-' without codes, a skeleton or a retry
 * message until the code type's entries are here, never the bare code.
 */
export function DetailCodeText({
  codeType,
  codes,
}: {
  codeType: string;
  codes: string | readonly string[] | null | undefined;
}) {
  const { labelsOf, statusOf, retry } = useDetailDictionary();
  const list = (typeof codes === 'string' ? [codes] : (codes ?? [])).filter(Boolean);
  if (list.length === 0) return <>{EMPTY_TEXT}</>;
  const status = statusOf(codeType);
  if (status !== 'success') return <LookupState status={status} onRetry={retry} />;
  return <>{labelsOf(codeType, list) || EMPTY_TEXT}</>;
}
