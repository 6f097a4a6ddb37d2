import type { CSSProperties } from 'react';
import { useState } from 'react';
import { SearchSelect } from '../../../components/search-select/SearchSelect.tsx';
import { pickLanguage } from '../../../lib/i18n.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useRelaProviderOptions } from '../api/rela-providers.ts';

type TCommon = {
  allowClear?: boolean;
  placeholder?: string;
  style?: CSSProperties;
  'aria-label'?: string;
  id?: string;
};
export type RelaProviderSelectProps = TCommon &
  (
    | { mode: 'multiple'; value?: string[]; onChange?: (v: string[]) => void }
    | { mode?: undefined; value?: string; onChange?: (v: string | undefined) => void }
  );

/**
 * A provider the user works with, searched on the server by id or name (at most 50 answers,
 * issue 10): an operator of a tenant with thousands of providers finds any of them, and is told
 * when more match than are shown. The chosen ones are always answered, so their names show
 * whatever was searched.
 */
export function RelaProviderSelect(props: RelaProviderSelectProps) {
  const [keyword, setKeyword] = useState('');
  const [search] = useDebouncedValue(keyword);
  const chosen = props.mode === 'multiple' ? (props.value ?? []) : props.value ? [props.value] : [];
  const options = useRelaProviderOptions(search, chosen);
  const common = {
    keyword,
    onKeywordChange: setKeyword,
    fetching: options.isFetching,
    more: options.more,
    options: options.providers.map((p) => ({
      value: p.providerId,
      label: `${p.providerId} ${pickLanguage(p.providerCnName, p.providerEnName)}`,
    })),
  };
  if (props.mode === 'multiple') {
    const { mode, value, onChange, ...rest } = props;
    return (
      <SearchSelect
        {...rest}
        {...common}
        mode={mode}
        maxTagCount="responsive"
        value={value}
        onChange={onChange}
      />
    );
  }
  const { value, onChange, ...rest } = props;
  return <SearchSelect {...rest} {...common} value={value} onChange={onChange} />;
}
