import type { TBank } from '@portal/domain/dictionaries/rules';
import { Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useBankName } from '../../dictionaries/api/get-bank-name.ts';

export interface BankSelectProps {
  id?: string;
  /** The chosen bank's code. */
  value: string;
  /** The chosen bank's name (shown before a search brings the bank in). */
  name: string;
  onChange: (bank: TBank | null) => void;
  disabled?: boolean;
  status?: 'error';
}

/**
 * The bank of a CNY account: a select searching the bank list by name or code (300 ms after
 * typing stops; input holding | or ^ is not searched).
 */
export function BankSelect({ id, value, name, onChange, disabled, status }: BankSelectProps) {
  const { t, i18n } = useTranslation('hospital-tasks');
  const en = (i18n.resolvedLanguage ?? i18n.language) === 'en';
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search);
  const banks = useBankName(query);
  const list = useMemo(() => banks.data ?? [], [banks.data]);
  const options = useMemo(() => {
    const label = (b: TBank) => (en ? b.bankEnName || b.bankname : b.bankname || b.bankEnName);
    const out = list.map((b) => ({ value: b.bankcode, label: label(b) }));
    if (value && !out.some((o) => o.value === value)) out.unshift({ value, label: name || value });
    return out;
  }, [list, value, name, en]);
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      value={value || undefined}
      options={options}
      loading={banks.isFetching}
      placeholder={t('form.bank.bankPlaceholder')}
      notFoundContent={banks.isFetching ? t('form.loading') : t('form.bank.noBank')}
      allowClear
      disabled={disabled}
      status={status}
      onChange={(code) => {
        setSearch('');
        onChange(
          code
            ? (list.find((b) => b.bankcode === code) ?? { bankcode: code, bankname: name, bankEnName: name })
            : null,
        );
      }}
    />
  );
}
