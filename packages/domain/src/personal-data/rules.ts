/**
 * Personal data shown masked until a permitted user reveals it (spec: "Some screens mask names,
 * ID, card, account number, phone, email and birthday until toggled"). Decision 0020.
 */
import { z } from 'zod';

/** Granted to the roles that may reveal a masked value; every reveal is written to the operation log. */
export const PERSONAL_DATA_REVEAL = 'personalData:reveal';

export const PERSONAL_DATA_KINDS = [
  'name',
  'idNumber',
  'cardNo',
  'accountNo',
  'phone',
  'email',
  'birthday',
] as const;
export type TPersonalDataKind = (typeof PERSONAL_DATA_KINDS)[number];

const MASK = '*';

/** Replaces every letter and digit of `value` outside the kept ends; spaces, dashes and dots stay. */
function maskMiddle(value: string, keepStart: number, keepEnd: number): string {
  const chars = [...value];
  const positions = chars.flatMap((c, i) => (/[\p{L}\p{N}]/u.test(c) ? [i] : []));
  // Short values would be all but given away by the kept ends: mask them whole.
  const [start, end] = positions.length > keepStart + keepEnd ? [keepStart, keepEnd] : [0, 0];
  const hidden = new Set(positions.slice(start, positions.length - end));
  return chars.map((c, i) => (hidden.has(i) ? MASK : c)).join('');
}

/**
 * The masked form of a personal value: account and card numbers keep their last four digits,
 * ID numbers their first three and last four, phone numbers their first three and last four,
 * names their first character, e-mail addresses the first character and the domain, birthdays
 * nothing. An empty value stays empty.
 */
export function maskPersonalData(kind: TPersonalDataKind, value: string): string {
  const text = value.trim();
  if (!text) return '';
  switch (kind) {
    case 'accountNo':
    case 'cardNo':
      return maskMiddle(text, 0, 4);
    case 'idNumber':
    case 'phone':
      return maskMiddle(text, 3, 4);
    case 'name':
      return maskMiddle(text, 1, 0);
    case 'email': {
      const at = text.lastIndexOf('@');
      if (at <= 0) return maskMiddle(text, 0, 0);
      return `${maskMiddle(text.slice(0, at), 1, 0)}${text.slice(at)}`;
    }
    case 'birthday':
      return maskMiddle(text, 0, 0);
  }
}

/** Fields of the hospital record that are personal data, with how they are masked. */
export const HOSPITAL_PERSONAL_FIELDS: Readonly<Record<string, TPersonalDataKind>> = {
  accountNo: 'accountNo',
};

/**
 * Business objects whose masked fields can be revealed (a feature registers who may see each):
 * a hospital change task by its id, the approved record of a hospital by its provider id, an
 * appointment (its member's name and birthday, decision 0038) by its id, a pre-authorisation case
 * (the same two fields, decision 0039) by its id, a member (names, ID, card and phone numbers,
 * birthday; decision 0036) by its memberId.
 */
export const REVEAL_BIZ_TYPES = [
  'providerTask',
  'provider',
  'user',
  'appointment',
  'preauth',
  'member',
] as const;

/** `POST /authority/personalData/reveal`: one field of one object, logged before it is shown. */
export const ZRevealBody = z.object({
  bizType: z.enum(REVEAL_BIZ_TYPES),
  bizId: z.string().trim().min(1).max(64),
  field: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z][A-Za-z0-9]*$/),
});
export type TRevealBody = z.infer<typeof ZRevealBody>;

/**
 * The answer of a reveal: logged, and the value itself for objects whose personal data leaves
 * the server masked (members, appointments); screens that already hold the value get none.
 */
export const ZRevealResult = z.object({ logged: z.literal(true), value: z.string().optional() });
export type TRevealResult = z.infer<typeof ZRevealResult>;
