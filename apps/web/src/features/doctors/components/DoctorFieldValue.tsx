import { type TCodeEntry, YES_NO } from '@portal/domain/dictionaries/codes';
import { DOCTOR_GENDER, PROFESSIONAL_LEVEL } from '@portal/domain/doctors/codes';
import type { TDoctorCompareField } from '@portal/domain/doctors/rules';
import { CHOICE_CODE_TYPES } from '@portal/domain/hospital-tasks/rules';
import { Image, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DepartmentTags } from '../../../components/change-tasks/DepartmentPicker.tsx';
import { fileViewUrl } from '../../../components/file-upload/file-urls.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { CodeLabel } from '../../dictionaries/components/CodeLabel.tsx';

export const EMPTY_TEXT = '-';

const CODE_TABLES: Partial<Record<TDoctorCompareField, Record<string, TCodeEntry>>> = {
  gender: DOCTOR_GENDER,
  multiPractice: YES_NO,
  externalDisplay: YES_NO,
  professionalLevel: PROFESSIONAL_LEVEL,
};

/** One doctor field's value as the detail, task and compare views show it. */
export function DoctorFieldValue({ field, value }: { field: TDoctorCompareField; value: unknown }) {
  const { t } = useTranslation('doctors');
  const lang = useLanguage();
  const table = CODE_TABLES[field];
  if (table) {
    const entry = Object.values(table).find((e) => e.code === value);
    return <>{entry ? entry[lang] : EMPTY_TEXT}</>;
  }
  if (field === 'languages')
    return <CodeLabel codeType={CHOICE_CODE_TYPES.languages} codes={(value as string[]) ?? []} />;
  if (field === 'departments') {
    const codes = (value as string[]) ?? [];
    return codes.length ? <DepartmentTags value={codes} /> : EMPTY_TEXT;
  }
  if (field === 'photo') {
    return typeof value === 'string' && value ? (
      <Image
        src={fileViewUrl(value)}
        alt={t('fields.photo')}
        width={96}
        height={120}
        style={{ objectFit: 'cover' }}
      />
    ) : (
      EMPTY_TEXT
    );
  }
  if (Array.isArray(value)) return <>{value.length ? value.join(lang === 'en' ? ', ' : '、') : EMPTY_TEXT}</>;
  const text = typeof value === 'string' ? value.trim() : '';
  return text ? <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{text}</Typography.Text> : EMPTY_TEXT;
}
