import { Select } from 'antd';
import type { CSSProperties } from 'react';
import { useState } from 'react';
import { pickLanguage } from '../../../lib/i18n.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useAccProviders } from '../api/pay-batches.ts';

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
 * issue 10: a tenant's providers are not listed whole). The current value is always answered,
 * so its name shows whatever was searched.
 */
export function AccProviderSelect({ value, onChange, ...rest }: AccProviderSelectProps) {
  const [keyword, setKeyword] = useState('');
  const [search] = useDebouncedValue(keyword);
  const options = useAccProviders(search, value ?? undefined);
  return (
    <Select
      {...rest}
      value={value ?? null}
      onChange={(v: string | null | undefined) => {
        setKeyword('');
        onChange?.(v ?? null);
      }}
      showSearch={{ filterOption: false, onSearch: setKeyword, searchValue: keyword }}
      loading={options.isFetching}
      options={(options.data ?? []).map((o) => ({
        value: o.code,
        label: `${o.code} ${pickLanguage(o.label, o.labelEn)}`,
      }))}
    />
  );
}
