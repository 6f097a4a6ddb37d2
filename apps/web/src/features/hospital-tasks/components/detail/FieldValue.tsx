/**
 * The display of any field of a hospital record, used for its current value, for the old value
 * behind a NEW marker and in the change-information card, so all three read alike.
 */
import { CONTACT_TYPE, SERVICE_TIME_TYPE, WEEKDAY } from '@portal/domain/dictionaries/codes';
import { WEEKDAY_FIELDS } from '@portal/domain/hospital-tasks/codes';
import {
  CHOICE_CODE_TYPES,
  CONTACT_TYPE_CODES,
  TEL_TYPE_CODE_TYPE,
  type TServiceTimeRow,
  toClientServiceTimes,
} from '@portal/domain/hospital-tasks/rules';
import { HOSPITAL_PERSONAL_FIELDS } from '@portal/domain/personal-data/rules';
import { Image, Space } from 'antd';
import { fileViewUrl } from '../../../../components/file-upload/file-urls.ts';
import { MaskedValue } from '../../../../components/personal-data/personal-data.tsx';
import { useAreaChain } from '../../../dictionaries/api/get-province-city-county.ts';
import { LookupState } from '../../../dictionaries/components/LookupState.tsx';
import { CONTINENT_CODE_TYPE, COUNTRY_CODE_TYPE } from '../../detail-code-types.ts';
import { contactRows } from './contact-rows.ts';
import { DetailCodeText, listSeparator, useDetailDictionary } from './detail-dictionary.tsx';
import { degrees, EMPTY_TEXT, textOrDash } from './detail-rules.ts';

const CODE_FIELDS: Record<string, string> = {
  ...CHOICE_CODE_TYPES,
  continent: CONTINENT_CODE_TYPE,
  country: COUNTRY_CODE_TYPE,
  dbFlag: 'dbFlag',
};

const asText = (value: unknown): string =>
  value === null || value === undefined ? '' : typeof value === 'string' ? value : String(value);
const asList = (value: unknown): string[] => (Array.isArray(value) ? value.map(asText).filter(Boolean) : []);

/** Province / city / district names of a code chain ('-' when empty). */
export function AreaChainText({ codes }: { codes: readonly string[] }) {
  const { language } = useDetailDictionary();
  const filled = codes.filter(Boolean);
  const last = filled[filled.length - 1] ?? '';
  const chain = useAreaChain(last);
  if (filled.length === 0) return <>{EMPTY_TEXT}</>;
  // The names, never the bare area codes: a skeleton while they load, a retry when they cannot.
  if (chain.isError && !chain.data)
    return <LookupState status="error" onRetry={() => void chain.refetch()} />;
  if (!chain.data) return <LookupState status="pending" onRetry={() => void chain.refetch()} />;
  const names = chain.data.length
    ? chain.data.map((area) => (language === 'en' ? area.enName || area.cnName : area.cnName || area.enName))
    : filled;
  return <>{names.join(' / ')}</>;
}

/** Contacts as lines: group, then its rows. */
function ContactLines({ value }: { value: unknown }) {
  const { language, labelsOf, labelOf, statusOf, retry } = useDetailDictionary();
  const groups = contactRows(value);
  const telTypes = statusOf(TEL_TYPE_CODE_TYPE);
  const phoneTypesShown = groups[CONTACT_TYPE.PHONE.code].some((row) => (row.telType ?? []).length > 0);
  if (phoneTypesShown && telTypes !== 'success') return <LookupState status={telTypes} onRetry={retry} />;
  const lines = CONTACT_TYPE_CODES.flatMap((type) => {
    const group = Object.values(CONTACT_TYPE).find((c) => c.code === type);
    return groups[type].map((row) => {
      const parts =
        type === CONTACT_TYPE.PHONE.code
          ? [row.tel, labelsOf(TEL_TYPE_CODE_TYPE, row.telType), labelOf('contactShow', row.show)]
          : [row.name, row.tel, row.mail];
      return `${group?.[language] ?? type}: ${parts.filter((p) => p?.trim()).join(' / ')}`;
    });
  });
  if (lines.length === 0) return <>{EMPTY_TEXT}</>;
  return (
    <span className="hospital-detail-lines">
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity beyond their place
        <span key={i}>{line}</span>
      ))}
    </span>
  );
}

/** Service times as one line per day that has any. */
function ServiceTimeLines({ value }: { value: unknown }) {
  const { language } = useDetailDictionary();
  const rows = toClientServiceTimes(Array.isArray(value) ? (value as TServiceTimeRow[]) : []);
  const lines = rows
    .filter((r) => r.am || r.pm || r.remark)
    .map((r) => {
      const day = Object.values(WEEKDAY).find((d) => d.code === String(r.week));
      const parts = [
        r.am && `${SERVICE_TIME_TYPE.AM[language]} ${r.am}`,
        r.pm && `${SERVICE_TIME_TYPE.PM[language]} ${r.pm}`,
        r.remark && `${SERVICE_TIME_TYPE.OTHER[language]} ${r.remark}`,
      ].filter(Boolean);
      return `${day?.[language] ?? WEEKDAY_FIELDS[r.week - 1]?.key}: ${parts.join(listSeparator(language))}`;
    });
  if (lines.length === 0) return <>{EMPTY_TEXT}</>;
  return (
    <span className="hospital-detail-lines">
      {lines.map((line) => (
        <span key={line}>{line}</span>
      ))}
    </span>
  );
}

/** Small thumbnails of stored photos. */
function PhotoThumbs({ ids }: { ids: readonly string[] }) {
  if (ids.length === 0) return <>{EMPTY_TEXT}</>;
  return (
    <Space size={4} wrap>
      {ids.map((id, index) => (
        <Image
          key={id}
          src={fileViewUrl(id)}
          width={48}
          height={34}
          alt={`#${index + 1}`}
          style={{ objectFit: 'cover', borderRadius: 4 }}
          preview={false}
        />
      ))}
    </Space>
  );
}

/** The display of a field's value ('-' when empty). */
export function FieldValue({ field, value }: { field: string; value: unknown }) {
  const codeType = CODE_FIELDS[field];
  if (codeType) {
    return (
      <DetailCodeText codeType={codeType} codes={Array.isArray(value) ? asList(value) : asText(value)} />
    );
  }
  const personal = HOSPITAL_PERSONAL_FIELDS[field];
  if (personal) return <MaskedValue field={field} kind={personal} value={asText(value)} empty={EMPTY_TEXT} />;
  switch (field) {
    case 'provinceCity':
      return <AreaChainText codes={asList(value)} />;
    case 'longitude':
    case 'latitude':
      return <>{degrees(asText(value))}</>;
    case 'contacts':
      return <ContactLines value={value} />;
    case 'serviceTimes':
      return <ServiceTimeLines value={value} />;
    case 'photos':
      return <PhotoThumbs ids={asList(value)} />;
    default: {
      const text = Array.isArray(value) ? asList(value).join(', ') : asText(value);
      return <span className="hospital-detail-text">{textOrDash(text)}</span>;
    }
  }
}
