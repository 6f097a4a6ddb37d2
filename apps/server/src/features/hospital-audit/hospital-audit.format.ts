import {
  AREA_LEVEL_CODE_TYPES,
  CONTACT_SHOW,
  CONTACT_TYPE,
  DB_FLAG,
  SERVICE_TIME_TYPE,
} from '@portal/domain/dictionaries/codes';
import { WEEKDAY_FIELDS } from '@portal/domain/hospital-tasks/codes';
import {
  CHOICE_CODE_TYPES,
  groupContacts,
  type TContactGroups,
  TEL_TYPE_CODE_TYPE,
  type TFlatContact,
  type TServiceTimeRow,
} from '@portal/domain/hospital-tasks/rules';
import { pick, type TLang } from '../../platform/http/xlsx-export.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { entriesOfType } from '../dictionaries/dictionaries.service.ts';

/** A field's value as people read it in an export: code labels, contacts and schedules spelled out, '-' when empty. */
export type TValueFormatter = (field: string, value: unknown) => string;

const EMPTY = '-';
const byCode = <T extends { code: string }>(table: Record<string, T>) =>
  new Map(Object.values(table).map((e) => [e.code, e]));

/**
 * Builds a formatter of hospital field values for one tenant and language: the tenant's
 * dictionaries (select fields, phone types, areas) are read once.
 */
export async function createValueFormatter(
  p: TPlatform,
  tenantId: string,
  lang: TLang,
): Promise<TValueFormatter> {
  const labelsOf = async (codeType: string) =>
    new Map(
      (await entriesOfType(p, { tenantId, codeType })).map((e) => [
        e.code,
        lang === 'zh' ? e.codeName : e.codeEnName || e.codeName,
      ]),
    );
  const choices = new Map<string, Map<string, string>>();
  for (const [field, codeType] of Object.entries(CHOICE_CODE_TYPES))
    choices.set(field, await labelsOf(codeType));
  const telTypes = await labelsOf(TEL_TYPE_CODE_TYPE);
  const areas = new Map<string, string>();
  for (const level of AREA_LEVEL_CODE_TYPES)
    for (const [code, name] of await labelsOf(level)) areas.set(code, name);
  const shows = byCode(CONTACT_SHOW);
  const dbFlags = byCode(DB_FLAG);
  const contactTypes = byCode(CONTACT_TYPE);
  const listSep = lang === 'zh' ? '、' : ', ';
  const partSep = lang === 'zh' ? '，' : ', ';
  const colon = lang === 'zh' ? '：' : ': ';

  const label = (map: Map<string, string> | undefined, code: string) => map?.get(code) ?? code;

  const contacts = (value: unknown) => {
    const groups = Array.isArray(value)
      ? groupContacts(value as TFlatContact[])
      : ((value ?? {}) as Partial<TContactGroups>);
    const lines: string[] = [];
    for (const [type, rows] of Object.entries(groups)) {
      const typeLabel = contactTypes.get(type);
      for (const row of (rows ?? []) as Partial<TFlatContact>[]) {
        const parts =
          type === CONTACT_TYPE.PHONE.code
            ? [
                row.tel ?? '',
                (row.telType ?? []).map((c) => label(telTypes, c)).join('/'),
                row.show ? pick(lang, shows.get(row.show) ?? { zh: row.show, en: row.show }) : '',
              ]
            : [row.name ?? '', row.tel ?? '', row.mail ?? ''];
        const text = parts.filter(Boolean).join(partSep);
        if (text) lines.push(`${typeLabel ? pick(lang, typeLabel) : type}${colon}${text}`);
      }
    }
    return lines.join('\n');
  };

  const serviceTimes = (value: unknown) => {
    const rows = (Array.isArray(value) ? value : []) as TServiceTimeRow[];
    const row = (type: string) => rows.find((r) => r.serviceType === type);
    const am = row(SERVICE_TIME_TYPE.AM.code);
    const pm = row(SERVICE_TIME_TYPE.PM.code);
    const other = row(SERVICE_TIME_TYPE.OTHER.code);
    const lines: string[] = [];
    for (const day of WEEKDAY_FIELDS) {
      const parts = [
        am?.[day.key] ? `${pick(lang, SERVICE_TIME_TYPE.AM)} ${am[day.key]}` : '',
        pm?.[day.key] ? `${pick(lang, SERVICE_TIME_TYPE.PM)} ${pm[day.key]}` : '',
        other?.[day.key] ? `${pick(lang, SERVICE_TIME_TYPE.OTHER)} ${other[day.key]}` : '',
      ].filter(Boolean);
      if (parts.length > 0) lines.push(`${pick(lang, day.day)} ${parts.join(partSep)}`);
    }
    return lines.join('\n');
  };

  return (field, value) => {
    if (value === null || value === undefined) return EMPTY;
    let text: string;
    if (field === 'contacts') text = contacts(value);
    else if (field === 'serviceTimes') text = serviceTimes(value);
    else if (field === 'photos' || field === 'attaches') {
      const n = Array.isArray(value) ? value.length : 0;
      text = n === 0 ? '' : lang === 'zh' ? `${n} 张` : `${n} file${n === 1 ? '' : 's'}`;
    } else if (field === 'provinceCity') {
      text = (Array.isArray(value) ? value : []).map((c) => label(areas, String(c))).join(' / ');
    } else if (field === 'continent' || field === 'country') {
      text = value ? label(areas, String(value)) : '';
    } else if (field === 'dbFlag') {
      const entry = dbFlags.get(String(value));
      text = entry ? pick(lang, entry) : String(value);
    } else if (choices.has(field)) {
      const map = choices.get(field);
      text = Array.isArray(value)
        ? value.map((c) => label(map, String(c))).join(listSep)
        : value
          ? label(map, String(value))
          : '';
    } else if (Array.isArray(value)) text = value.map(String).join(listSep);
    else text = String(value);
    return text.trim() === '' ? EMPTY : text;
  };
}
