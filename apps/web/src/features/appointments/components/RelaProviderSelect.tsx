import { Select } from 'antd';
import type { CSSProperties } from 'react';
import { useState } from 'react';
import { pickLanguage } from '../../../lib/i18n.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useRelaProviders } from '../api/rela-providers.ts';

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
 * issue 10): an operator of a tenant with thousands of providers finds any of them. The chosen
 * ones are always answered, so their names show whatever was searched.
 */
export function RelaProviderSelect(props: RelaProviderSelectProps) {
  const [keyword, setKeyword] = useState('');
  const [search] = useDebouncedValue(keyword);
  const chosen = props.mode === 'multiple' ? (props.value ?? []) : props.value ? [props.value] : [];
  const options = useRelaProviders(search, chosen);
  const { mode, value, onChange, ...rest } = props;
  return (
    <Select
      {...rest}
      mode={mode}
      maxTagCount={mode === 'multiple' ? 'responsive' : undefined}
      value={value as string & string[]}
      onChange={(v: string | string[] | undefined) => {
        setKeyword('');
        (onChange as ((x: typeof v) => void) | undefined)?.(v);
      }}
      showSearch={{ filterOption: false, onSearch: setKeyword, searchValue: keyword }}
      loading={options.isFetching}
      options={(options.data ?? []).map((p) => ({
        value: p.providerId,
        label: `${p.providerId} ${pickLanguage(p.providerCnName, p.providerEnName)}`,
      }))}
    />
  );
}
