/**
 * A member's personal data as the server sends it, masked (decisions 0020, 0036); the reveal
 * button asks the server for the value, which logs it first.
 */
import { MEMBER_PERSONAL_FIELDS, type TMemberPersonalField } from '@portal/domain/members/rules';
import { useTranslation } from 'react-i18next';
import { MaskedValue, PersonalDataProvider } from '../../../components/personal-data/personal-data.tsx';

/** The name field shown in the screen's language: the English name in English when there is one. */
export function useNameField(name: string, nameEn: string): { field: 'name' | 'nameEn'; value: string } {
  const { i18n } = useTranslation();
  const english = (i18n.resolvedLanguage ?? i18n.language) === 'en' && nameEn.trim() !== '';
  return english ? { field: 'nameEn', value: nameEn } : { field: 'name', value: name };
}

/** One masked field of a member inside a record that already names the member (PersonalDataProvider). */
export function MemberField({ field, value }: { field: TMemberPersonalField; value: string }) {
  return <MaskedValue field={field} kind={MEMBER_PERSONAL_FIELDS[field]} value={value} toggle masked />;
}

/** One masked field of a member in a list row: the row is its own record. */
export function MemberCell({
  memberId,
  field,
  value,
}: {
  memberId: string;
  field: TMemberPersonalField;
  value: string;
}) {
  return (
    <PersonalDataProvider target={{ bizType: 'member', bizId: memberId }}>
      <MemberField field={field} value={value} />
    </PersonalDataProvider>
  );
}

/** The member's name in the screen's language, masked, in a list row. */
export function MemberNameCell({
  memberId,
  name,
  nameEn,
}: {
  memberId: string;
  name: string;
  nameEn: string;
}) {
  const { field, value } = useNameField(name, nameEn);
  return <MemberCell memberId={memberId} field={field} value={value} />;
}

/** The member's name in the screen's language, masked, inside a member's record. */
export function MemberName({ name, nameEn }: { name: string; nameEn: string }) {
  const { field, value } = useNameField(name, nameEn);
  return <MemberField field={field} value={value} />;
}
