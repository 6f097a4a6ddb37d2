import { entryLabel, type TDictEntry } from '@portal/domain/dictionaries/rules';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, type TLanguage } from '../../lib/i18n.ts';
import { useCodeTypes } from './api/lookup-codes.ts';

/** A dictionary entry with its label in the current language. */
export interface TLabeledEntry extends TDictEntry {
  label: string;
}

export interface TDictionary {
  /** Entries of every asked code type, in the asked order. */
  entries: TLabeledEntry[];
  /** Entries by code type ([] while loading or unknown). */
  byType: Record<string, TLabeledEntry[]>;
  /** The label of a code ('' when the code is empty, the code itself when unknown). */
  labelOf: (codeType: string, code: string | null | undefined) => string;
  /**
   * Whether a code type's labels can show: 'success' once its entries are here (from this
   * browser's copy or the server), 'error' when loading them failed, 'pending' meanwhile.
   */
  statusOf: (codeType: string) => TLookupStatus;
  /** Loads again the code types whose loading failed. */
  retry: () => void;
  isPending: boolean;
  isError: boolean;
  language: TLanguage;
}

export type TLookupStatus = 'pending' | 'error' | 'success';

/**
 * Entries of code types, each loaded once and kept (both languages travel in every entry, so
 * switching the language relabels without a request); label is codeName in Chinese and
 * codeEnName in English.
 */
export function useDictionary(codeTypes: string | readonly string[]): TDictionary {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const language: TLanguage = isLanguage(lang) ? lang : 'zh';
  const types = typeof codeTypes === 'string' ? [codeTypes] : codeTypes;
  const results = useCodeTypes(types);
  const key = types.join('\u0000');
  const stamp = results.map((r) => `${r.status}:${r.fetchStatus}:${r.dataUpdatedAt}`).join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the code types (key) and the query states (stamp) identify the inputs
  return useMemo(() => {
    const byType: Record<string, TLabeledEntry[]> = {};
    types.forEach((type, i) => {
      byType[type] = (results[i]?.data ?? []).map((entry) => ({
        ...entry,
        label: entryLabel(entry, language),
      }));
    });
    const entries = types.flatMap((type) => byType[type]);
    return {
      entries,
      byType,
      labelOf: (codeType, code) => {
        if (!code) return '';
        return byType[codeType]?.find((e) => e.code === code)?.label ?? code;
      },
      statusOf: (codeType) => {
        const result = results[types.indexOf(codeType)];
        if (!result) return 'pending';
        // A failed reload keeps the entries it had: they still label.
        if (result.data !== undefined) return 'success';
        return result.isError ? 'error' : 'pending';
      },
      retry: () => {
        for (const result of results) if (result.isError) void result.refetch();
      },
      isPending: results.some((r) => r.isPending && r.fetchStatus !== 'idle'),
      isError: results.some((r) => r.isError),
      language,
    };
  }, [key, language, stamp]);
}
