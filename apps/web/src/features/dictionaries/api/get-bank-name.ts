import { hasSpecialCharacters, type TBank } from '@portal/domain/dictionaries/rules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { DICTIONARY_STALE_MS } from './lookup-codes.ts';

/** GET /drsystem/providerTask/getBankName?bankName=: banks by name or code. */
export function getBankName(bankName: string): Promise<TBank[]> {
  return http.get<TBank[]>('/drsystem/providerTask/getBankName', { bankName }, { silent: true });
}

export function bankNameQueryOptions(bankName: string) {
  return queryOptions({
    queryKey: ['dictionaries', 'banks', bankName.trim()],
    queryFn: () => getBankName(bankName.trim()),
    staleTime: DICTIONARY_STALE_MS,
  });
}

/** Bank search; input holding | or ^ is not sent (the spec's bank search ignores it). */
export function useBankName(bankName: string) {
  return useQuery({
    ...bankNameQueryOptions(bankName),
    enabled: !hasSpecialCharacters(bankName),
    placeholderData: keepPreviousData,
  });
}
