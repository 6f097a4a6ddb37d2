import type { CSSProperties } from 'react';
import { useState } from 'react';
import { SearchSelect } from '../../../components/search-select/SearchSelect.tsx';
import { pickLanguage } from '../../../lib/i18n.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useAccProviderOptions } from '../api/pay-batches.ts';

export interface AccProviderSelectProps {
  value?: string | null;
  onChange?: (providerId: string | null) => void;
  allowClear?: boolean;
  disabled?: boolean;
  placeholder?: string;
  style?: CSSProperties;
  'aria-label'?: string;
}

/**
 * A provider of the finance screens, searched on the server by id or name (at most 50 answers,
 * issue 10: a tenant's providers are not listed whole), saying when more match than are shown.
 * The current value is always answered, so its name shows whatever was searched.
 */
export function AccProviderSelect({ value, onChange, ...rest }: AccProviderSelectProps) {
  const [keyword, setKeyword] = useState('');
  const [search] = useDebouncedValue(keyword);
  const options = useAccProviderOptions(search, value ? [value] : []);
  return (
    <SearchSelect
      {...rest}
      value={value ?? null}
      onChange={(v) => onChange?.(v ?? null)}
      keyword={keyword}
      onKeywordChange={setKeyword}
      fetching={options.isFetching}
      more={options.more}
      options={options.providers.map((o) => ({
        value: o.code,
        label: `${o.code} ${pickLanguage(o.label, o.labelEn)}`,
      }))}
    />
  );
}
