import type { QueryClient } from '@tanstack/react-query';
import { AREA_CHILDREN_KEY } from './get-address-by-up-code.ts';
import { DICTIONARY_CODES_KEY } from './lookup-codes.ts';

/** After an administrator's change: the admin lists and every lookup reload. */
export async function invalidateDictionaries(client: QueryClient): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: ['dictionaries', 'admin'] }),
    client.invalidateQueries({ queryKey: DICTIONARY_CODES_KEY }),
    client.invalidateQueries({ queryKey: ['dictionaries', 'departments'] }),
  ]);
}

/** After an area change: the area lists, chains and area code types reload. */
export async function invalidateAreas(client: QueryClient): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: ['dictionaries', 'admin'] }),
    client.invalidateQueries({ queryKey: AREA_CHILDREN_KEY }),
    client.invalidateQueries({ queryKey: ['dictionaries', 'area-chain'] }),
    client.invalidateQueries({ queryKey: DICTIONARY_CODES_KEY }),
  ]);
}
