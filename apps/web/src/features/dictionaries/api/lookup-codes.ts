import type { TDictEntry } from '@portal/domain/dictionaries/rules';
import { type QueryClient, queryOptions, useQueries } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { PORTAL_STORAGE_KEYS, readJson, writeJson } from '../../../lib/storage.ts';

/** Query key prefix of every dictionary lookup; the administration invalidates it. */
export const DICTIONARY_CODES_KEY = ['dictionaries', 'codes'] as const;
/** Lists and searches of the dictionaries (areas, banks, departments) reload after this. */
export const DICTIONARY_STALE_MS = 30 * 60_000;
/**
 * Code labels (medical type, level, phone type ...) change rarely and only through the
 * administration, which invalidates them at once; elsewhere they are trusted for 12 hours.
 */
export const CODE_LOOKUP_STALE_MS = 12 * 60 * 60_000;

/** POST /oauth/dictionary/codes: entries of the asked code types (codeList filters when not empty). */
export function lookupCodes(queries: { codeType: string; codeList?: string[] }[]): Promise<TDictEntry[]> {
  return http.post<TDictEntry[]>('/oauth/dictionary/codes', queries, { silent: true });
}

type TPending = { resolve: (entries: TDictEntry[]) => void; reject: (error: unknown) => void };
let batch: Map<string, TPending[]> | null = null;

/**
 * Entries of one code type. Code types asked for in the same tick (several selects of one
 * form, the prefetch after sign-in) travel in one request.
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

/** The stored copy of a code type's entries, with when they were loaded. */
interface TStoredCodeType {
  savedAt: number;
  entries: TDictEntry[];
}

/**
 * Entries kept across reloads, by tenant then code type. Not by language: every entry carries
 * codeName and codeEnName, so one copy labels both languages and switching needs no request.
 */
type TStoredCodes = Record<string, Record<string, TStoredCodeType>>;

function readStored(tenant: string, codeType: string): TStoredCodeType | undefined {
  const stored = readJson<TStoredCodes>(PORTAL_STORAGE_KEYS.DICTIONARY_CODES)?.[tenant]?.[codeType];
  return stored && Array.isArray(stored.entries) && typeof stored.savedAt === 'number' ? stored : undefined;
}

function writeStored(tenant: string, codeType: string, entries: TDictEntry[]): void {
  const all = readJson<TStoredCodes>(PORTAL_STORAGE_KEYS.DICTIONARY_CODES) ?? {};
  all[tenant] = { ...all[tenant], [codeType]: { savedAt: Date.now(), entries } };
  try {
    writeJson(PORTAL_STORAGE_KEYS.DICTIONARY_CODES, all);
  } catch {
    // A full or disabled storage costs only the copy for the next page load.
  }
}

/**
 * One code type's entries of a tenant: shown at once from the copy kept in this browser,
 * loaded (and kept) when there is none or it is older than CODE_LOOKUP_STALE_MS.
 */
export function codeTypeQueryOptions(tenant: string, codeType: string) {
  return queryOptions({
    queryKey: [...DICTIONARY_CODES_KEY, tenant, codeType],
    queryFn: async () => {
      const entries = await fetchCodeType(codeType);
      writeStored(tenant, codeType, entries);
      return entries;
    },
    initialData: () => readStored(tenant, codeType)?.entries,
    initialDataUpdatedAt: () => readStored(tenant, codeType)?.savedAt,
    staleTime: CODE_LOOKUP_STALE_MS,
    gcTime: CODE_LOOKUP_STALE_MS,
  });
}

/** The entries of several code types of the signed-in tenant, each cached on its own. */
export function useCodeTypes(codeTypes: readonly string[]) {
  const tenant = useSessionStore((s) => s.tenant);
  return useQueries({
    queries: codeTypes.map((codeType) => ({
      ...codeTypeQueryOptions(tenant, codeType),
      enabled: codeType !== '',
    })),
  });
}

/**
 * Loads code types ahead of the screens that label codes with them (after sign-in, and when
 * the app starts with a session): one request for all, nothing when the kept copy is fresh.
 * A failure is left to the screens, which offer a retry.
 */
export function prefetchCodeTypes(client: QueryClient, tenant: string, codeTypes: readonly string[]): void {
  for (const codeType of codeTypes) void client.prefetchQuery(codeTypeQueryOptions(tenant, codeType));
}
