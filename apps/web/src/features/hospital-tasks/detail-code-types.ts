/**
 * The dictionary code types the hospital screens label codes with (select fields, phone types,
 * continents and countries). Kept apart from the components so the app can load them ahead
 * (after sign-in) without loading the screens.
 */
import { CHOICE_CODE_TYPES, TEL_TYPE_CODE_TYPE } from '@portal/domain/hospital-tasks/rules';

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
