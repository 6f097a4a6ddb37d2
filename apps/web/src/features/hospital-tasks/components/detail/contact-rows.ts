/** Contacts as the detail screens read them: five groups, empty rows dropped. */
import {
  CONTACT_TYPE_CODES,
  type TContactTypeCode,
  type TFlatContact,
} from '@portal/domain/hospital-tasks/rules';

export type TContactRows = Record<TContactTypeCode, TFlatContact[]>;

function isFilled(row: Partial<TFlatContact>): boolean {
  return Boolean(
    row.tel?.trim() || row.name?.trim() || row.mail?.trim() || (row.telType && row.telType.length > 0),
  );
}

function toRow(type: TContactTypeCode, value: unknown): TFlatContact | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Partial<TFlatContact>;
  const row: TFlatContact = {
    id: String(v.id ?? ''),
    contactType: type,
    tel: String(v.tel ?? ''),
    telType: Array.isArray(v.telType) ? v.telType.map(String) : [],
    show: String(v.show ?? ''),
    name: String(v.name ?? ''),
    mail: String(v.mail ?? ''),
  };
  return isFilled(row) ? row : null;
}

/**
 * The five contact groups of a value in either shape the server keeps (grouped by type, or a
 * flat list whose rows carry their contactType), without empty rows.
 */
export function contactRows(value: unknown): TContactRows {
  const groups = Object.fromEntries(CONTACT_TYPE_CODES.map((t) => [t, [] as TFlatContact[]])) as TContactRows;
  if (Array.isArray(value)) {
    for (const item of value) {
      const type = (item as { contactType?: string } | null)?.contactType;
      if (!type || !(CONTACT_TYPE_CODES as readonly string[]).includes(type)) continue;
      const row = toRow(type as TContactTypeCode, item);
      if (row) groups[type as TContactTypeCode].push(row);
    }
  } else if (typeof value === 'object' && value !== null) {
    for (const type of CONTACT_TYPE_CODES) {
      const list = (value as Record<string, unknown>)[type];
      if (!Array.isArray(list)) continue;
      for (const item of list) {
        const row = toRow(type, item);
        if (row) groups[type].push(row);
      }
    }
  }
  return groups;
}
