import { Select, type SelectProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDictionary } from '../use-dictionary.ts';
import { LookupState } from './LookupState.tsx';

export interface DictSelectProps
  extends Omit<SelectProps<string | string[]>, 'options' | 'mode' | 'loading' | 'showSearch'> {
  /** The code type whose entries are the options (ldCode-currency, outpatients, 02 ...). */
  codeType: string;
  /** 'multiple' for a multi-select (service languages); single by default. */
  mode?: 'multiple';
  /** Only these codes are offered (all when missing or empty). */
  codeList?: readonly string[];
}

interface TOption {
  value: string;
  label: string;
  disabled: boolean;
  search: string;
}

/**
 * A select of one code type's entries, labelled codeName in Chinese and codeEnName in
 * English. Disabled entries stay visible (a stored code keeps its label) but cannot be
 * chosen. Searching matches the label in either language and the code. A chosen value shows
 * a skeleton (or a retry message) until its label is known, never the bare code.
 */
export function DictSelect({
  codeType,
  mode,
  codeList,
  placeholder,
  allowClear = true,
  ...rest
}: DictSelectProps) {
  const { t } = useTranslation('dictionaries');
  const dictionary = useDictionary(codeType);
  const entries = dictionary.byType[codeType];
  const options = useMemo<TOption[]>(() => {
    const wanted = codeList && codeList.length > 0 ? new Set(codeList) : null;
    return (entries ?? [])
      .filter((e) => !wanted || wanted.has(e.code))
      .map((e) => ({
        value: e.code,
        label: e.label,
        disabled: !e.enabled,
        search: `${e.code} ${e.codeName} ${e.codeEnName}`.toLowerCase(),
      }));
  }, [entries, codeList]);
  const status = dictionary.statusOf(codeType);
  return (
    <Select<string | string[], TOption>
      mode={mode}
      options={options}
      loading={dictionary.isPending}
      status={dictionary.isError ? 'warning' : rest.status}
      placeholder={placeholder ?? t('select.placeholder')}
      allowClear={allowClear}
      showSearch={{
        filterOption: (input, option) => Boolean(option?.search.includes(input.trim().toLowerCase())),
      }}
      notFoundContent={dictionary.isError ? t('select.loadFailed') : undefined}
      labelRender={(item) =>
        item.label !== undefined && item.label !== null ? (
          item.label
        ) : status === 'success' ? (
          item.value
        ) : (
          <LookupState status={status} onRetry={dictionary.retry} />
        )
      }
      {...rest}
    />
  );
}
