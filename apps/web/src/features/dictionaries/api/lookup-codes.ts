import type { TDictEntry } from '@portal/domain/dictionaries/rules';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** Query key prefix of every dictionary lookup; the administration invalidates it. */
export const DICTIONARY_CODES_KEY = ['dictionaries', 'codes'] as const;
/** Lookups rarely change; a change made here invalidates them at once. */
export const DICTIONARY_STALE_MS = 30 * 60_000;

/** POST /oauth/dictionary/codes: entries of the asked code types (codeList filters when not empty). */
export function lookupCodes(queries: { codeType: string; codeList?: string[] }[]): Promise<TDictEntry[]> {
  return http.post<TDictEntry[]>('/oauth/dictionary/codes', queries, { silent: true });
}

type TPending = { resolve: (entries: TDictEntry[]) => void; reject: (error: unknown) => void };
let batch: Map<string, TPending[]> | null = null;

/**
 * Entries of one code type. Code types asked for in the same tick (several selects of one
 * form) travel in one request.
 */
export function fetchCodeType(codeType: string): Promise<TDictEntry[]> {
  return new Promise((resolve, reject) => {
    if (!batch) {
      const current = new Map<string, TPending[]>();
      batch = current;
      setTimeout(() => {
        batch = null;
        lookupCodes([...current.keys()].map((type) => ({ codeType: type }))).then(
          (entries) => {
            for (const [type, waiting] of current) {
              const own = entries.filter((e) => e.codeType === type);
              for (const w of waiting) w.resolve(own);
            }
          },
          (error: unknown) => {
            for (const waiting of current.values()) for (const w of waiting) w.reject(error);
          },
        );
      }, 0);
    }
    const waiting = batch.get(codeType) ?? [];
    waiting.push({ resolve, reject });
    batch.set(codeType, waiting);
  });
}

/** One code type's entries, loaded once (both languages travel in every entry). */
export function codeTypeQueryOptions(codeType: string) {
  return queryOptions({
    queryKey: [...DICTIONARY_CODES_KEY, codeType],
    queryFn: () => fetchCodeType(codeType),
    staleTime: DICTIONARY_STALE_MS,
    gcTime: DICTIONARY_STALE_MS,
  });
}

/** The entries of several code types, each cached on its own. */
export function useCodeTypes(codeTypes: readonly string[]) {
  return useQueries({
    queries: codeTypes.map((codeType) => ({ ...codeTypeQueryOptions(codeType), enabled: codeType !== '' })),
  });
}
