import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchSelect } from '../../../components/search-select/SearchSelect.tsx';
import { pickLanguage } from '../../../lib/i18n.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { usePersonsInCharge } from '../api/manage-messages.ts';

export interface PersonInChargeSelectProps {
  value?: string[];
  onChange?: (ids: string[]) => void;
  id?: string;
  'aria-label'?: string;
}

/**
 * Operator users in charge of providers, searched on the server by account or name (at most 50
 * answers, issue 10: a tenant's operators are not listed whole). The chosen ones are always
 * answered, so their names show whatever was searched.
 */
export function PersonInChargeSelect({ value, onChange, ...rest }: PersonInChargeSelectProps) {
  const { t } = useTranslation('messages');
  const [keyword, setKeyword] = useState('');
  const [search] = useDebouncedValue(keyword);
  const options = usePersonsInCharge(search, value ?? []);
  return (
    <SearchSelect
      {...rest}
      mode="multiple"
      value={value ?? []}
      onChange={onChange}
      placeholder={t('compose.personsPlaceholder')}
      keyword={keyword}
      onKeywordChange={setKeyword}
      fetching={options.isFetching}
      more={options.more}
      options={options.persons.map((u) => ({
        value: u.id,
        label: t('compose.personOption', {
          name: pickLanguage(u.name, u.nameEn),
          account: u.account,
          count: u.providers,
        }),
      }))}
    />
  );
}
